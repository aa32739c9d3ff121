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

#endif
