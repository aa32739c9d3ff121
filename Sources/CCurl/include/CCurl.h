#ifndef APNSCTL_CCURL_SHIM_H
#define APNSCTL_CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt are variadic: one typed wrapper per argument kind.

typedef size_t (*apns_curl_data_cb)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*apns_curl_xferinfo_cb)(void *clientp, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode apns_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode apns_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode apns_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode apns_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode apns_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode apns_easy_setopt_datacb(CURL *h, CURLoption o, apns_curl_data_cb v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode apns_easy_setopt_xferinfocb(CURL *h, CURLoption o, apns_curl_xferinfo_cb v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode apns_easy_setopt_blob(CURL *h, CURLoption o, void *data, size_t len) {
    struct curl_blob blob; blob.data = data; blob.len = len; blob.flags = CURL_BLOB_COPY;
    return curl_easy_setopt(h, o, &blob);
}

static inline CURLcode apns_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode apns_easy_getinfo_double(CURL *h, CURLINFO i, double *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode apns_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode apns_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode apns_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }

static inline CURLMcode apns_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }

// --- apnsctl probe additions ---

typedef size_t (*apns_curl_header_cb)(char *buffer, size_t size, size_t nitems, void *userdata);
static inline CURLcode apns_easy_setopt_headercb(CURL *h, CURLoption o, apns_curl_header_cb v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode apns_easy_setopt_charbuf(CURL *h, CURLoption o, char *v) { return curl_easy_setopt(h, o, v); }

/// curl_global_init(CURL_GLOBAL_DEFAULT): the flags are macros Swift does not import.
static inline CURLcode apns_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }
/// curl_version_info(CURLVERSION_NOW).
static inline curl_version_info_data *apns_curl_version_info(void) { return curl_version_info(CURLVERSION_NOW); }
static inline int apns_curl_feature_http2(void) { return CURL_VERSION_HTTP2; }
static inline int apns_curl_feature_ssl(void) { return CURL_VERSION_SSL; }
static inline long apns_curlpipe_multiplex(void) { return CURLPIPE_MULTIPLEX; }

/// OpenSSL's SSL_get_version (libssl is linked through APNsCore's COpenSSL; same prototype as <openssl/ssl.h>).
struct ssl_st;
const char *SSL_get_version(const struct ssl_st *s);

/// The negotiated TLS version of the transfer's connection ("TLSv1.3"), from CURLINFO_TLS_SSL_PTR;
/// NULL when libcurl uses another TLS backend or the connection is gone.
static inline const char *apns_easy_tls_version(CURL *h) {
    struct curl_tlssessioninfo *info = NULL;
    if (curl_easy_getinfo(h, CURLINFO_TLS_SSL_PTR, &info) != CURLE_OK || info == NULL) return NULL;
    if (info->backend != CURLSSLBACKEND_OPENSSL || info->internals == NULL) return NULL;
    return SSL_get_version((const struct ssl_st *)info->internals);
}

void SSL_get0_alpn_selected(const struct ssl_st *ssl, const unsigned char **data, unsigned int *len);
int SSL_is_init_finished(const struct ssl_st *s);

/// The ALPN protocol the server selected: -1 while the TLS handshake is not finished (or no OpenSSL connection),
/// 0 when the server selected none, 1 for "h2", 2 for anything else.
static inline int apns_easy_alpn_state(CURL *h) {
    struct curl_tlssessioninfo *info = NULL;
    if (curl_easy_getinfo(h, CURLINFO_TLS_SSL_PTR, &info) != CURLE_OK || info == NULL) return -1;
    if (info->backend != CURLSSLBACKEND_OPENSSL || info->internals == NULL) return -1;
    const struct ssl_st *ssl = (const struct ssl_st *)info->internals;
    if (!SSL_is_init_finished(ssl)) return -1;
    const unsigned char *data = NULL; unsigned int len = 0;
    SSL_get0_alpn_selected(ssl, &data, &len);
    if (len == 0) return 0;
    return (len == 2 && data[0] == 'h' && data[1] == '2') ? 1 : 2;
}

/// The result code of a finished transfer in a CURLMsg (a union member).
static inline CURLcode apns_multi_msg_result(CURLMsg *m) { return m->data.result; }
static inline int apns_multi_msg_is_done(CURLMsg *m) { return m->msg == CURLMSG_DONE; }

#endif
