#ifndef APNSCTL_CCURL_H
#define APNSCTL_CCURL_H

// libcurl for APNsProbe and APNsEtcd (through APNsCurl), loaded on first use (dlopen) rather than linked: libcurl and the ~30 libraries it
// needs (Kerberos, LDAP, GnuTLS for RTMP, libssh2, …) cost about 12 M instructions at every process start,
// which every verb paid although only `probe`, `doctor` and the etcd keystore use libcurl. See docs/benchmarks.md.
//
// Swift calls only the apns_* functions below, never libcurl's own (they are not linked: calling one is a link
// error). Until apns_curl_load() has succeeded they fail softly: NULL handles, CURLE_FAILED_INIT.

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/// Loads libcurl (libcurl.so.4) once per process; 1 when it and every function used here were found.
/// Thread-safe. Does not call curl_global_init.
int apns_curl_load(void);

/// curl_global_init(CURL_GLOBAL_DEFAULT): the flags are macros Swift does not import.
CURLcode apns_curl_global_init(void);
/// curl_version_info(CURLVERSION_NOW); NULL when libcurl is not loaded.
curl_version_info_data *apns_curl_version_info(void);
static inline int apns_curl_feature_http2(void) { return CURL_VERSION_HTTP2; }
static inline int apns_curl_feature_ssl(void) { return CURL_VERSION_SSL; }
static inline long apns_curlpipe_multiplex(void) { return CURLPIPE_MULTIPLEX; }

CURL *apns_curl_easy_init(void);
void apns_curl_easy_cleanup(CURL *h);
CURLcode apns_curl_easy_perform(CURL *h);
const char *apns_curl_easy_strerror(CURLcode code);
struct curl_slist *apns_curl_slist_append(struct curl_slist *list, const char *line);
void apns_curl_slist_free_all(struct curl_slist *list);
CURLM *apns_curl_multi_init(void);
CURLMcode apns_curl_multi_cleanup(CURLM *m);
CURLMcode apns_curl_multi_add_handle(CURLM *m, CURL *h);
CURLMcode apns_curl_multi_remove_handle(CURLM *m, CURL *h);
CURLMcode apns_curl_multi_perform(CURLM *m, int *running);
CURLMcode apns_curl_multi_poll(CURLM *m, struct curl_waitfd *fds, unsigned int count, int timeout_ms, int *ready);
CURLMsg *apns_curl_multi_info_read(CURLM *m, int *left);
const char *apns_curl_multi_strerror(CURLMcode code);

// curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt are variadic: one typed wrapper per argument kind.

typedef size_t (*apns_curl_data_cb)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef size_t (*apns_curl_header_cb)(char *buffer, size_t size, size_t nitems, void *userdata);
typedef int (*apns_curl_xferinfo_cb)(void *clientp, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

CURLcode apns_easy_setopt_long(CURL *h, CURLoption o, long v);
CURLcode apns_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v);
CURLcode apns_easy_setopt_string(CURL *h, CURLoption o, const char *v);
CURLcode apns_easy_setopt_pointer(CURL *h, CURLoption o, void *v);
CURLcode apns_easy_setopt_charbuf(CURL *h, CURLoption o, char *v);
CURLcode apns_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v);
CURLcode apns_easy_setopt_datacb(CURL *h, CURLoption o, apns_curl_data_cb v);
CURLcode apns_easy_setopt_headercb(CURL *h, CURLoption o, apns_curl_header_cb v);
CURLcode apns_easy_setopt_xferinfocb(CURL *h, CURLoption o, apns_curl_xferinfo_cb v);
/// CURLOPT_*_BLOB with CURL_BLOB_COPY.
CURLcode apns_easy_setopt_blob(CURL *h, CURLoption o, void *data, size_t len);

CURLcode apns_easy_getinfo_long(CURL *h, CURLINFO i, long *v);
CURLcode apns_easy_getinfo_double(CURL *h, CURLINFO i, double *v);
CURLcode apns_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v);
CURLcode apns_easy_getinfo_string(CURL *h, CURLINFO i, char **v);
CURLcode apns_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v);

CURLMcode apns_multi_setopt_long(CURLM *m, CURLMoption o, long v);

/// The negotiated TLS version of the transfer's connection ("TLSv1.3"), from CURLINFO_TLS_SSL_PTR;
/// NULL when libcurl uses another TLS backend or the connection is gone.
const char *apns_easy_tls_version(CURL *h);

/// The ALPN protocol the server selected: -1 while the TLS handshake is not finished (or no OpenSSL connection),
/// 0 when the server selected none, 1 for "h2", 2 for anything else.
int apns_easy_alpn_state(CURL *h);

/// What the server did in the TLS handshakes of one transport's connections: the last fatal alert it sent
/// (`alert` 0 and an empty text when none; TLS alert numbers otherwise, e.g. 45 certificate_expired) and whether
/// it asked for a client certificate. Owned by the caller; it must outlive every connection it watches.
typedef struct apns_tls_watch {
    int alert;
    char alert_text[96];
    int certificate_requested;
} apns_tls_watch;

/// Watches the TLS handshakes of the connections this transfer opens (libcurl's OpenSSL backend only; other
/// backends answer CURLE_NOT_BUILT_IN or CURLE_UNKNOWN_OPTION, and nothing is watched).
CURLcode apns_easy_watch_tls(CURL *h, apns_tls_watch *watch);

/// The result code of a finished transfer in a CURLMsg (a union member).
static inline CURLcode apns_multi_msg_result(CURLMsg *m) { return m->data.result; }
static inline int apns_multi_msg_is_done(CURLMsg *m) { return m->msg == CURLMSG_DONE; }

#endif
