// libcurl, opened on first use: see include/CCurl.h.
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

/// OpenSSL's libssl is linked through APNsCore's COpenSSL; the dlopened libcurl uses the same one.
struct ssl_st;
const char *SSL_get_version(const struct ssl_st *s);
void SSL_get0_alpn_selected(const struct ssl_st *ssl, const unsigned char **data, unsigned int *len);
int SSL_is_init_finished(const struct ssl_st *s);

/// The libcurl functions used, resolved once by load().
static struct {
    CURLcode (*global_init)(long flags);
    curl_version_info_data *(*version_info)(CURLversion);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    const char *(*multi_strerror)(CURLMcode);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
} api;
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/// APNSCTL_LIBCURL names another libcurl to open (a path or a soname) instead of the system's libcurl.so.4:
/// one built with other options, or (in tests) one that is not there, to see what a machine without libcurl4 says.
static void load(void) {
    const char *chosen = getenv("APNSCTL_LIBCURL");
    void *library;
    if (chosen != NULL && chosen[0] != '\0') {
        library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    } else {
        library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) return;
#define RESOLVE(field, symbol) \
    if ((*(void **)&api.field = dlsym(library, #symbol)) == NULL) return;
    RESOLVE(global_init, curl_global_init)
    RESOLVE(version_info, curl_version_info)
    RESOLVE(easy_init, curl_easy_init)
    RESOLVE(easy_cleanup, curl_easy_cleanup)
    RESOLVE(easy_strerror, curl_easy_strerror)
    RESOLVE(easy_setopt, curl_easy_setopt)
    RESOLVE(easy_getinfo, curl_easy_getinfo)
    RESOLVE(slist_append, curl_slist_append)
    RESOLVE(slist_free_all, curl_slist_free_all)
    RESOLVE(multi_init, curl_multi_init)
    RESOLVE(multi_cleanup, curl_multi_cleanup)
    RESOLVE(multi_add_handle, curl_multi_add_handle)
    RESOLVE(multi_remove_handle, curl_multi_remove_handle)
    RESOLVE(multi_perform, curl_multi_perform)
    RESOLVE(multi_poll, curl_multi_poll)
    RESOLVE(multi_info_read, curl_multi_info_read)
    RESOLVE(multi_strerror, curl_multi_strerror)
    RESOLVE(multi_setopt, curl_multi_setopt)
#undef RESOLVE
    loaded = 1;
}

int apns_curl_load(void) {
    pthread_once(&once, load);
    return loaded;
}

CURLcode apns_curl_global_init(void) {
    return apns_curl_load() ? api.global_init(CURL_GLOBAL_DEFAULT) : CURLE_FAILED_INIT;
}

curl_version_info_data *apns_curl_version_info(void) {
    return apns_curl_load() ? api.version_info(CURLVERSION_NOW) : NULL;
}

CURL *apns_curl_easy_init(void) { return apns_curl_load() ? api.easy_init() : NULL; }
void apns_curl_easy_cleanup(CURL *h) { if (apns_curl_load()) api.easy_cleanup(h); }
const char *apns_curl_easy_strerror(CURLcode code) {
    return apns_curl_load() ? api.easy_strerror(code) : "libcurl is not available";
}
struct curl_slist *apns_curl_slist_append(struct curl_slist *list, const char *line) {
    return apns_curl_load() ? api.slist_append(list, line) : NULL;
}
void apns_curl_slist_free_all(struct curl_slist *list) { if (apns_curl_load()) api.slist_free_all(list); }
CURLM *apns_curl_multi_init(void) { return apns_curl_load() ? api.multi_init() : NULL; }
CURLMcode apns_curl_multi_cleanup(CURLM *m) { return apns_curl_load() ? api.multi_cleanup(m) : CURLM_BAD_HANDLE; }
CURLMcode apns_curl_multi_add_handle(CURLM *m, CURL *h) {
    return apns_curl_load() ? api.multi_add_handle(m, h) : CURLM_BAD_HANDLE;
}
CURLMcode apns_curl_multi_remove_handle(CURLM *m, CURL *h) {
    return apns_curl_load() ? api.multi_remove_handle(m, h) : CURLM_BAD_HANDLE;
}
CURLMcode apns_curl_multi_perform(CURLM *m, int *running) {
    return apns_curl_load() ? api.multi_perform(m, running) : CURLM_BAD_HANDLE;
}
CURLMcode apns_curl_multi_poll(CURLM *m, struct curl_waitfd *fds, unsigned int count, int timeout_ms, int *ready) {
    return apns_curl_load() ? api.multi_poll(m, fds, count, timeout_ms, ready) : CURLM_BAD_HANDLE;
}
CURLMsg *apns_curl_multi_info_read(CURLM *m, int *left) {
    return apns_curl_load() ? api.multi_info_read(m, left) : NULL;
}
const char *apns_curl_multi_strerror(CURLMcode code) {
    return apns_curl_load() ? api.multi_strerror(code) : "libcurl is not available";
}

#define SETOPT(name, type) \
    CURLcode apns_easy_setopt_##name(CURL *h, CURLoption o, type v) { \
        return apns_curl_load() ? api.easy_setopt(h, o, v) : CURLE_FAILED_INIT; \
    }
SETOPT(long, long)
SETOPT(off, curl_off_t)
SETOPT(string, const char *)
SETOPT(pointer, void *)
SETOPT(charbuf, char *)
SETOPT(slist, struct curl_slist *)
SETOPT(datacb, apns_curl_data_cb)
SETOPT(headercb, apns_curl_header_cb)
SETOPT(xferinfocb, apns_curl_xferinfo_cb)
#undef SETOPT

CURLcode apns_easy_setopt_blob(CURL *h, CURLoption o, void *data, size_t len) {
    struct curl_blob blob;
    blob.data = data;
    blob.len = len;
    blob.flags = CURL_BLOB_COPY;
    return apns_curl_load() ? api.easy_setopt(h, o, &blob) : CURLE_FAILED_INIT;
}

#define GETINFO(name, type) \
    CURLcode apns_easy_getinfo_##name(CURL *h, CURLINFO i, type *v) { \
        return apns_curl_load() ? api.easy_getinfo(h, i, v) : CURLE_FAILED_INIT; \
    }
GETINFO(long, long)
GETINFO(double, double)
GETINFO(off, curl_off_t)
GETINFO(string, char *)
GETINFO(pointer, void *)
#undef GETINFO

CURLMcode apns_multi_setopt_long(CURLM *m, CURLMoption o, long v) {
    return apns_curl_load() ? api.multi_setopt(m, o, v) : CURLM_BAD_HANDLE;
}

/// The OpenSSL connection of the transfer, or NULL (another TLS backend, or no connection).
static const struct ssl_st *ssl_of(CURL *h) {
    struct curl_tlssessioninfo *info = NULL;
    if (apns_easy_getinfo_pointer(h, CURLINFO_TLS_SSL_PTR, (void **)&info) != CURLE_OK || info == NULL) return NULL;
    if (info->backend != CURLSSLBACKEND_OPENSSL || info->internals == NULL) return NULL;
    return (const struct ssl_st *)info->internals;
}

const char *apns_easy_tls_version(CURL *h) {
    const struct ssl_st *ssl = ssl_of(h);
    return ssl == NULL ? NULL : SSL_get_version(ssl);
}

int apns_easy_alpn_state(CURL *h) {
    const struct ssl_st *ssl = ssl_of(h);
    if (ssl == NULL || !SSL_is_init_finished(ssl)) return -1;
    const unsigned char *data = NULL;
    unsigned int len = 0;
    SSL_get0_alpn_selected(ssl, &data, &len);
    if (len == 0) return 0;
    return (len == 2 && data[0] == 'h' && data[1] == '2') ? 1 : 2;
}
