#!/usr/bin/env bash
# Regenerates Tests/Fixtures/readers: credential files that other tools accept and strict DER readers refuse.
#   rsa1024-*          an RSA-1024 test CA and APNs-like client certificate (PEM, DER, .p12 with its key)
#   ec-null-params-*   an EC P-256 certificate whose ECDSA signature algorithm carries explicit NULL parameters,
#                      as Java keytool writes them (PEM, DER, and a legacy .p12), re-signed so it verifies
#   ber.cer            a certificate whose outer length is in non-minimal long form (BER, not DER)
#   pkcs8-huge-iterations.p8  encrypted PKCS#8 asking for 10,000,001 PBKDF2 iterations
#   sec1*.key/.der     an EC P-256 key in SEC1 form (EC PRIVATE KEY), PEM and DER; pkcs8.der the same key as PKCS#8 DER
#   p8-*               the PKCS#8 key laid out as keys are pasted: one line, no final newline, CRLF, indented,
#                      wrapped at 76, text around it, a whole block on one line, literal \n from an env var
#   multikey-*         .p12 files with two private keys: one matching the only leaf, and two identities
# Needs OpenSSL 3 and python3 (scripts/der-edit.py). The outputs are committed; tests do not run this script.
set -euo pipefail
cd "$(dirname "$0")/.."
EDIT=scripts/der-edit.py
. scripts/fixture-lib.sh
fixture_dirs Tests/Fixtures/readers

cat > "$WORK/ext.cnf" <<'CNF'
[ ca ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[ client ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
1.2.840.113635.100.6.3.1 = DER:0500
1.2.840.113635.100.6.3.6 = ASN1:SEQUENCE:topics
[ topics ]
t1 = UTF8:com.example
l1 = SEQUENCE:labels_app
t2 = UTF8:com.example.voip
l2 = SEQUENCE:labels_voip
[ labels_app ]
l1 = UTF8:app
[ labels_voip ]
l1 = UTF8:voip
CNF

# $1 name, $2 key file, $3 subject, $4 CA name (empty: self-signed CA), $5 digest
issue() {
  local name=$1 key=$2 subject=$3 ca=$4 digest=$5
  if [ -z "$ca" ]; then
    openssl req -new -x509 -key "$key" -subj "$subject" -days 7300 "-$digest" -set_serial 1 \
      -extensions ca -config <(printf '[req]\ndistinguished_name=dn\n[dn]\n'; cat "$WORK/ext.cnf") -out "$OUT/$name.pem"
  else
    openssl req -new -key "$key" -subj "$subject" -out "$WORK/$name.csr"
    openssl x509 -req -in "$WORK/$name.csr" -CA "$OUT/$ca.pem" -CAkey "$WORK/$ca.key" -set_serial 4242 \
      -days 3650 "-$digest" -extfile "$WORK/ext.cnf" -extensions client -out "$OUT/$name.pem" 2>/dev/null
  fi
}

# RSA-1024: a CA and a client certificate, as old test CAs made them.
openssl genrsa -out "$WORK/rsa1024-ca.key" 1024 2>/dev/null
openssl genrsa -out "$OUT/rsa1024.key" 1024 2>/dev/null
issue rsa1024-ca "$WORK/rsa1024-ca.key" "/CN=Old Test CA (RSA 1024)/O=apnsctl tests" "" sha256
issue rsa1024 "$OUT/rsa1024.key" "/UID=com.example.weak/CN=Apple Development IOS Push Services: com.example.weak/OU=TEAM123456/O=apnsctl tests/C=US" rsa1024-ca sha256
openssl x509 -in "$OUT/rsa1024.pem" -outform DER -out "$OUT/rsa1024.cer"
openssl pkcs12 -export -in "$OUT/rsa1024.pem" -inkey "$OUT/rsa1024.key" -certfile "$OUT/rsa1024-ca.pem" \
  -name "weak" -passout pass:test -out "$OUT/rsa1024.p12"
printf 'test\n' > "$OUT/rsa1024.p12.password"

# EC P-256 with explicit NULL parameters, re-signed by its EC CA over the edited TBSCertificate.
openssl ecparam -name prime256v1 -genkey -noout -out "$WORK/ec-ca.key"
openssl ecparam -name prime256v1 -genkey -noout -out "$WORK/ec-null-params.sec1"
openssl pkcs8 -topk8 -nocrypt -in "$WORK/ec-null-params.sec1" -out "$OUT/ec-null-params.key"
issue ec-ca "$WORK/ec-ca.key" "/CN=Java Test CA (EC)/O=apnsctl tests" "" sha256
issue ec-null-params-orig "$OUT/ec-null-params.key" "/UID=com.example.java/CN=Apple Push Services: com.example.java/OU=TEAM123456/O=apnsctl tests/C=US" ec-ca sha256
openssl x509 -in "$OUT/ec-null-params-orig.pem" -outform DER -out "$WORK/orig.der"
rm "$OUT/ec-null-params-orig.pem"
python3 "$EDIT" tbs "$WORK/orig.der" "$WORK/tbs.der"
python3 "$EDIT" null-params "$WORK/tbs.der" "$WORK/tbs-null.der"
openssl dgst -sha256 -sign "$WORK/ec-ca.key" -out "$WORK/sig.der" "$WORK/tbs-null.der"
python3 "$EDIT" assemble "$WORK/tbs-null.der" "$WORK/sig.der" "$OUT/ec-null-params.cer"
openssl x509 -inform DER -in "$OUT/ec-null-params.cer" -out "$OUT/ec-null-params.pem"
# OpenSSL writes the certificate as it read it, NULL parameters included; -legacy as Java keytool's files are.
openssl pkcs12 -export -legacy -in "$OUT/ec-null-params.pem" -inkey "$OUT/ec-null-params.key" \
  -name "java" -passout pass:changeit -out "$OUT/ec-null-params.p12"
printf 'changeit\n' > "$OUT/ec-null-params.p12.password"

# BER: the RSA-1024 CA's sibling, an RSA-2048 certificate, with a non-minimal outer length.
openssl genrsa -out "$WORK/ber.key" 2048 2>/dev/null
issue ber-orig "$WORK/ber.key" "/CN=BER encoded certificate/O=apnsctl tests" ec-ca sha256
openssl x509 -in "$OUT/ber-orig.pem" -outform DER -out "$WORK/ber-orig.der"
rm "$OUT/ber-orig.pem"
python3 "$EDIT" ber "$WORK/ber-orig.der" "$OUT/ber.cer"

# SEC1 (EC PRIVATE KEY) P-256 signing key, PEM and DER, and the same key as PKCS#8 DER.
openssl ecparam -name prime256v1 -genkey -noout -out "$OUT/sec1.key"
openssl ec -in "$OUT/sec1.key" -outform DER -out "$OUT/sec1.der" 2>/dev/null
openssl pkcs8 -topk8 -nocrypt -in "$OUT/sec1.key" -outform DER -out "$OUT/pkcs8.der"
openssl pkcs8 -topk8 -nocrypt -in "$OUT/sec1.key" -out "$OUT/pkcs8.p8"
openssl pkcs8 -topk8 -v2 aes-256-cbc -passout pass:secret -in "$OUT/sec1.key" -out "$OUT/pkcs8-encrypted.p8"
printf 'secret\n' > "$OUT/pkcs8-encrypted.p8.password"
# An iteration count past apnsctl's bound (10,000,000): refused before any key derivation runs.
openssl pkcs8 -topk8 -v2 aes-256-cbc -iter 10000001 -passout pass:secret -in "$OUT/sec1.key" -out "$OUT/pkcs8-huge-iterations.p8"

# The PKCS#8 key laid out as people paste it.
body=$(grep -v -- ----- "$OUT/pkcs8.p8" | tr -d '\n')
label="PRIVATE KEY"
BEGIN="-----BEGIN $label-----" END="-----END $label-----"
printf -- '%s\n%s\n%s' "$BEGIN" "$body" "$END" > "$OUT/p8-one-line.p8"
printf -- '%s\r\n%s\r\n%s\r\n%s\r\n' "$BEGIN" "${body:0:64}" "${body:64}" "$END" > "$OUT/p8-crlf.p8"
printf -- '    %s\n    %s\n    %s\n    %s\n' "$BEGIN" "${body:0:40}" "${body:40}" "$END" > "$OUT/p8-indented.p8"
{ printf -- '%s\n' "$BEGIN"; printf '%s' "$body" | fold -w 76; printf '\n%s\n' "$END"; } > "$OUT/p8-wrapped-76.p8"
{ printf 'Bag Attributes\n    localKeyID: 01 00 00 00\nKey Attributes: <No Attributes>\n'; cat "$OUT/pkcs8.p8"; printf '# pasted from the vault\n'; } > "$OUT/p8-with-text.p8"
printf -- '%s%s%s' "$BEGIN" "$body" "$END" > "$OUT/p8-single-line-block.p8"
printf -- '%s\\n%s\\n%s\\n%s\\n' "$BEGIN" "${body:0:64}" "${body:64}" "$END" > "$OUT/p8-literal-newlines.p8"

# Several private keys in one .p12 (unencrypted, no MAC, so the safes can be merged).
openssl genrsa -out "$WORK/spare.key" 2048 2>/dev/null
openssl genrsa -out "$WORK/second.key" 2048 2>/dev/null
issue second "$WORK/second.key" "/UID=com.example.second/CN=Apple Push Services: com.example.second/OU=TEAM123456/C=US" rsa1024-ca sha256
mv "$OUT/second.pem" "$WORK/second.pem"
plain=(-keypbe NONE -certpbe NONE -nomac -passout pass:)
openssl pkcs12 -export -in "$OUT/rsa1024.pem" -inkey "$OUT/rsa1024.key" -name leaf "${plain[@]}" -out "$WORK/leaf.p12"
openssl pkcs12 -export -nocerts -inkey "$WORK/spare.key" -name spare "${plain[@]}" -out "$WORK/spare.p12"
openssl pkcs12 -export -in "$WORK/second.pem" -inkey "$WORK/second.key" -name second "${plain[@]}" -out "$WORK/second.p12"
python3 "$EDIT" merge-p12 "$WORK/spare.p12" "$WORK/leaf.p12" "$OUT/multikey-one-leaf.p12"
python3 "$EDIT" merge-p12 "$WORK/leaf.p12" "$WORK/second.p12" "$OUT/multikey-two-identities.p12"
echo "wrote $(ls "$OUT" | wc -l) files to $OUT"
