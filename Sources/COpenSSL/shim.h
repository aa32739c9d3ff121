#ifndef APNSCTL_COPENSSL_SHIM_H
#define APNSCTL_COPENSSL_SHIM_H

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/opensslv.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/provider.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>

// Macros and type-generic stack helpers that Swift cannot import directly.

static inline int apns_sk_X509_num(const STACK_OF(X509) *sk) { return sk_X509_num(sk); }
static inline X509 *apns_sk_X509_value(const STACK_OF(X509) *sk, int i) { return sk_X509_value(sk, i); }
static inline STACK_OF(X509) *apns_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int apns_sk_X509_push(STACK_OF(X509) *sk, X509 *x) { return sk_X509_push(sk, x); }
static inline void apns_sk_X509_pop_free(STACK_OF(X509) *sk) { sk_X509_pop_free(sk, X509_free); }
static inline void apns_sk_X509_free(STACK_OF(X509) *sk) { sk_X509_free(sk); }

static inline int apns_sk_PKCS12_SAFEBAG_num(const STACK_OF(PKCS12_SAFEBAG) *sk) { return sk_PKCS12_SAFEBAG_num(sk); }
static inline PKCS12_SAFEBAG *apns_sk_PKCS12_SAFEBAG_value(const STACK_OF(PKCS12_SAFEBAG) *sk, int i) { return sk_PKCS12_SAFEBAG_value(sk, i); }
static inline void apns_sk_PKCS12_SAFEBAG_pop_free(STACK_OF(PKCS12_SAFEBAG) *sk) { sk_PKCS12_SAFEBAG_pop_free(sk, PKCS12_SAFEBAG_free); }
static inline int apns_sk_PKCS7_num(const STACK_OF(PKCS7) *sk) { return sk_PKCS7_num(sk); }
static inline PKCS7 *apns_sk_PKCS7_value(const STACK_OF(PKCS7) *sk, int i) { return sk_PKCS7_value(sk, i); }
static inline void apns_sk_PKCS7_pop_free(STACK_OF(PKCS7) *sk) { sk_PKCS7_pop_free(sk, PKCS7_free); }

static inline void apns_OPENSSL_free(void *p) { OPENSSL_free(p); }

static inline long apns_BIO_get_mem_data(BIO *b, char **pp) { return BIO_get_mem_data(b, pp); }

static inline unsigned long apns_XN_FLAG_RFC2253(void) { return XN_FLAG_RFC2253; }
static inline unsigned long apns_XN_FLAG_ONELINE(void) { return XN_FLAG_ONELINE; }

static inline int apns_EVP_PKEY_EC(void) { return EVP_PKEY_EC; }
static inline int apns_EVP_PKEY_RSA(void) { return EVP_PKEY_RSA; }


// APNsCredentials: key types and PKCS#7 content types.
static inline int apns_EVP_PKEY_ED25519(void) { return EVP_PKEY_ED25519; }

static inline int apns_PKCS7_type_nid(const PKCS7 *p7) { return OBJ_obj2nid(p7->type); }

// provisioning (C2): CMS SignedData around provisioning profiles.
#include <openssl/cms.h>
static inline int apns_sk_CMS_SignerInfo_num(STACK_OF(CMS_SignerInfo) *sk) { return sk_CMS_SignerInfo_num(sk); }
static inline int apns_X509_PURPOSE_ANY(void) { return X509_PURPOSE_ANY; }
static inline unsigned int apns_CMS_verify_signature_only_flags(void) { return CMS_BINARY | CMS_NO_SIGNER_CERT_VERIFY; }

#endif
