#!/usr/bin/env bash
# Regenerates Tests/Fixtures/keys with the system openssl. The outputs are committed; tests never run this.
# Every file is a throwaway test key, unknown to Apple.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Tests/Fixtures/keys
mkdir -p "$out"
cd "$out"
rm -f ./*.p8 ./*.pem ./*.txt

# Apple's form: EC P-256 private keys in unencrypted PKCS#8 PEM, named AuthKey_<KEYID>.p8.
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out AuthKey_ABC123DEFG.p8 2>/dev/null
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out AuthKey_NEW456HIJK.p8 2>/dev/null
openssl pkey -in AuthKey_ABC123DEFG.p8 -pubout -out AuthKey_ABC123DEFG.pub.pem
# SHA-256 of the public key DER: what `apnsctl key inspect` reports as public_key_sha256.
openssl pkey -in AuthKey_ABC123DEFG.p8 -pubout -outform DER | openssl dgst -sha256 -r | cut -d' ' -f1 \
    > AuthKey_ABC123DEFG.sha256.txt

# Things that are not an APNs signing key, each of which import must name.
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out rsa-2048.p8 2>/dev/null
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -out ec-p384.p8 2>/dev/null
openssl ec -in AuthKey_NEW456HIJK.p8 -out ec-p256-sec1.pem 2>/dev/null
cp AuthKey_ABC123DEFG.pub.pem public-key.pem
openssl req -x509 -new -key AuthKey_ABC123DEFG.p8 -subj "/CN=not a signing key" -days 1 -out certificate.pem
printf 'this is not a key\n' > garbage.p8
# Encrypted PKCS#8 (AES-256-CBC, PBKDF2), passphrase in encrypted-passphrase.txt.
printf 'fixture-pass\n' > encrypted-passphrase.txt
openssl pkcs8 -topk8 -in AuthKey_NEW456HIJK.p8 -v2 aes-256-cbc -passout pass:fixture-pass -out encrypted.p8
ls -l
