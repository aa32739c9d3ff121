#!/usr/bin/env bash
# Regenerates Tests/Fixtures/empty-password: PKCS#12 files saved with an empty password, in each of PKCS#12's two
# encodings of it (see scripts/p12-empty-password.c), from the certificates and keys in Tests/Fixtures/certs:
#   legacy-bmp.p12   legacy-null.p12    dev.pem + dev.key: 3DES key, RC2-40 certificates, SHA-1 MAC
#   modern-bmp.p12   modern-null.p12    universal.pem + universal.key: AES-256/PBKDF2-SHA256, SHA-256 MAC
# "bmp" is the empty BMPString (`openssl pkcs12 -passout pass:`), "null" no password at all (macOS Keychain, Java).
# Needs cc and the OpenSSL 3 headers (libssl-dev). make-fixtures.sh runs it last; the outputs are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/fixture-lib.sh
fixture_dirs Tests/Fixtures/empty-password
CERTS=Tests/Fixtures/certs
cc -o "$WORK/p12-empty-password" scripts/p12-empty-password.c -lcrypto
for encoding in bmp null; do
  "$WORK/p12-empty-password" "$encoding" legacy "$CERTS/dev.pem" "$CERTS/dev.key" \
    "Apple Development IOS Push Services: com.example.dev" "$OUT/legacy-$encoding.p12"
  "$WORK/p12-empty-password" "$encoding" modern "$CERTS/universal.pem" "$CERTS/universal.key" \
    "Apple Push Services: com.example.universal" "$OUT/modern-$encoding.p12"
done
chmod 0644 "$OUT"/*
echo "fixtures written to $OUT"
