// libcurl, opened on first use: see include/CCurl.h.
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

/// OpenSSL's libssl is linked through APNsCore's COpenSSL; the dlopened libcurl uses the same one.
#include <openssl/ssl.h>
#include <stdio.h>

/// The libcurl functions used, resolved once by load().
static struct {
    CURLcode (*global_init)(long flags);
    curl_version_info_data *(*version_info)(CURLversion);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
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
    RESOLVE(easy_perform, curl_easy_perform)
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
CURLcode apns_curl_easy_perform(CURL *h) { return apns_curl_load() ? api.easy_perform(h) : CURLE_FAILED_INIT; }
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

// What the server said during the TLS handshake, seen through OpenSSL's callbacks on the connection's SSL_CTX
// (CURLOPT_SSL_CTX_FUNCTION is called once per new connection, before its handshake).

static int tls_watch_index = -1;
static pthread_once_t tls_watch_once = PTHREAD_ONCE_INIT;

static void tls_watch_make_index(void) {
    tls_watch_index = SSL_CTX_get_ex_new_index(0, NULL, NULL, NULL, NULL);
}

static apns_tls_watch *tls_watch_of(const SSL *ssl) {
    if (ssl == NULL || tls_watch_index < 0) return NULL;
    return (apns_tls_watch *)SSL_CTX_get_ex_data(SSL_get_SSL_CTX(ssl), tls_watch_index);
}

/// A fatal alert the server sent (close_notify and other warnings are not failures).
static void tls_watch_info(const SSL *ssl, int where, int ret) {
    if (!(where & SSL_CB_ALERT) || !(where & SSL_CB_READ) || (ret >> 8) != SSL3_AL_FATAL) return;
    apns_tls_watch *watch = tls_watch_of(ssl);
    if (watch == NULL) return;
    watch->alert = ret & 0xff;
    snprintf(watch->alert_text, sizeof watch->alert_text, "%s", SSL_alert_desc_string_long(ret));
}

/// A CertificateRequest (handshake message 13) from the server: it asked for a client certificate.
static void tls_watch_message(int write_p, int version, int content_type, const void *buf, size_t len, SSL *ssl,
                              void *arg) {
    (void)version; (void)arg;
    if (write_p || content_type != SSL3_RT_HANDSHAKE || len < 1) return;
    if (((const unsigned char *)buf)[0] != SSL3_MT_CERTIFICATE_REQUEST) return;
    apns_tls_watch *watch = tls_watch_of(ssl);
    if (watch != NULL) watch->certificate_requested = 1;
}

static CURLcode tls_watch_install(CURL *curl, void *ctx, void *watch) {
    (void)curl;
    pthread_once(&tls_watch_once, tls_watch_make_index);
    if (tls_watch_index < 0) return CURLE_OK;
    SSL_CTX_set_ex_data((SSL_CTX *)ctx, tls_watch_index, watch);
    SSL_CTX_set_info_callback((SSL_CTX *)ctx, tls_watch_info);
    SSL_CTX_set_msg_callback((SSL_CTX *)ctx, tls_watch_message);
    return CURLE_OK;
}

CURLcode apns_easy_watch_tls(CURL *h, apns_tls_watch *watch) {
    if (!apns_curl_load()) return CURLE_FAILED_INIT;
    CURLcode code = api.easy_setopt(h, CURLOPT_SSL_CTX_FUNCTION, tls_watch_install);
    if (code != CURLE_OK) return code;
    return api.easy_setopt(h, CURLOPT_SSL_CTX_DATA, (void *)watch);
}
