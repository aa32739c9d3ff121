/* Writes a PKCS#12 file whose password is empty, in either of PKCS#12's two encodings of an empty password:
 *   bmp   the empty BMPString (two zero bytes), what `openssl pkcs12 -passout pass:` writes
 *   null  no password at all (zero bytes), what macOS Keychain and Java write
 * The MAC and every encrypted bag use the same encoding. Profiles:
 *   legacy  3DES key bag, RC2-40-CBC certificate safe, HMAC-SHA1 MAC (older Keychain exports)
 *   modern  AES-256-CBC with PBKDF2-HMAC-SHA256 for both, HMAC-SHA256 MAC
 * Usage: p12-empty-password bmp|null legacy|modern CERT.pem KEY.pem NAME OUT.p12
 * Build: cc -o p12-empty-password p12-empty-password.c -lcrypto (OpenSSL 3; the legacy provider for RC2). */
#include <stdio.h>
#include <string.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/provider.h>

static int fail(const char *what) {
    fprintf(stderr, "p12-empty-password: %s\n", what);
    ERR_print_errors_fp(stderr);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 7) return fail("usage: bmp|null legacy|modern CERT.pem KEY.pem NAME OUT.p12");
    const char *pass = strcmp(argv[1], "null") == 0 ? NULL : "";
    int legacy = strcmp(argv[2], "legacy") == 0;
    if (legacy && (OSSL_PROVIDER_load(NULL, "legacy") == NULL || OSSL_PROVIDER_load(NULL, "default") == NULL))
        return fail("cannot load the legacy provider");
    FILE *f = fopen(argv[3], "r");
    if (f == NULL) return fail("cannot open the certificate");
    X509 *cert = PEM_read_X509(f, NULL, NULL, NULL);
    fclose(f);
    f = fopen(argv[4], "r");
    if (f == NULL) return fail("cannot open the key");
    EVP_PKEY *key = PEM_read_PrivateKey(f, NULL, NULL, NULL);
    fclose(f);
    if (cert == NULL || key == NULL) return fail("cannot read the certificate or the key");
    int key_nid = legacy ? NID_pbe_WithSHA1And3_Key_TripleDES_CBC : NID_aes_256_cbc;
    int cert_nid = legacy ? NID_pbe_WithSHA1And40BitRC2_CBC : NID_aes_256_cbc;
    /* mac_iter -1: no MAC yet; it is added below with the chosen digest and the same password encoding. */
    PKCS12 *p12 = PKCS12_create(pass, argv[5], key, cert, NULL, key_nid, cert_nid, 2048, -1, 0);
    if (p12 == NULL) return fail("PKCS12_create failed");
    int passlen = pass == NULL ? 0 : -1;
    if (PKCS12_set_mac(p12, pass, passlen, NULL, 0, 2048, legacy ? EVP_sha1() : EVP_sha256()) != 1)
        return fail("PKCS12_set_mac failed");
    f = fopen(argv[6], "wb");
    if (f == NULL || i2d_PKCS12_fp(f, p12) != 1) return fail("cannot write the output");
    fclose(f);
    /* Check the MAC verifies with the intended encoding only. */
    int with_null = PKCS12_verify_mac(p12, NULL, 0), with_bmp = PKCS12_verify_mac(p12, "", 0);
    if (with_null != (pass == NULL) || with_bmp != (pass != NULL)) return fail("the MAC does not verify as intended");
    PKCS12_free(p12);
    EVP_PKEY_free(key);
    X509_free(cert);
    return 0;
}
