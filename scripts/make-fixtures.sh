#!/usr/bin/env bash
# Regenerates Tests/Fixtures/certs: a test CA and APNs-like client certificates (development, production,
# universal with "app" and "topic" labels and a .voip-ptt topic, expired, malformed topics extension), keys in
# every form the reader accepts, and PKCS#12 files (legacy, modern, empty password, with chain, corrupted MAC).
# Needs OpenSSL 3. The outputs are committed; tests do not run this script.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/fixture-lib.sh
fixture_dirs Tests/Fixtures/certs
TEAM=TEAM123456

{ ca_config policy_apns $'preserve = yes\n' 'UID = optional
commonName = supplied
organizationalUnitName = optional
organizationName = optional
countryName = optional
'
cat <<CNF

[ ext_client ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
authorityKeyIdentifier = keyid

[ ext_dev ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
1.2.840.113635.100.6.3.1 = DER:0500

[ ext_prod ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
1.2.840.113635.100.6.3.2 = DER:0500

[ ext_universal ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
1.2.840.113635.100.6.3.1 = DER:0500
1.2.840.113635.100.6.3.2 = DER:0500
1.2.840.113635.100.6.3.6 = ASN1:SEQUENCE:topics_g1

[ topics_g1 ]
t1 = UTF8:com.example.universal
l1 = SEQUENCE:labels_app
t2 = UTF8:com.example.universal.voip
l2 = SEQUENCE:labels_voip
t3 = UTF8:com.example.universal.complication
l3 = SEQUENCE:labels_complication

[ ext_universal_g4 ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
1.2.840.113635.100.6.3.6 = ASN1:SEQUENCE:topics_g4
1.2.840.113635.100.6.3.1 = DER:0500
1.2.840.113635.100.6.3.2 = DER:0500

[ topics_g4 ]
t1 = UTF8:com.example.g4
l1 = SEQUENCE:labels_topic
t2 = UTF8:com.example.g4.voip
l2 = SEQUENCE:labels_voip
t3 = UTF8:com.example.g4.complication
l3 = SEQUENCE:labels_complication
t4 = UTF8:com.example.g4.voip-ptt
l4 = SEQUENCE:labels_ptt

[ labels_app ]
l = UTF8:app
[ labels_topic ]
l = UTF8:topic
[ labels_voip ]
l = UTF8:voip
[ labels_complication ]
l = UTF8:complication
[ labels_ptt ]
l = UTF8:.voip-ptt

[ ext_malformed ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
1.2.840.113635.100.6.3.1 = DER:0500
1.2.840.113635.100.6.3.2 = DER:0500
# A SEQUENCE whose UTF8String claims 10 bytes but holds 3: not valid DER.
1.2.840.113635.100.6.3.6 = DER:30050C0A636F6D
CNF
} > "$WORK/openssl.cnf"
CNF="$WORK/openssl.cnf"
touch "$WORK/index.txt"
echo 1000 > "$WORK/serial"

# Test CA (self-signed, 20 years).
genrsa "$OUT/ca.key"
openssl req -new -x509 -config "$CNF" -key "$OUT/ca.key" -days 7300 -sha256 -extensions ext_ca \
  -subj "/CN=apnsctl Test WWDR CA/OU=G0/O=apnsctl tests/C=US" -out "$OUT/ca.pem"

# leaf NAME EXTENSION SUBJECT [START END]: a key and a certificate signed by the test CA.
leaf() {
  local name=$1 ext=$2 subj=$3
  genrsa "$OUT/$name.key"
  openssl req -new -config "$CNF" -key "$OUT/$name.key" -subj "$subj" -out "$WORK/$name.csr"
  local dates=(-days 3650)
  if [ $# -ge 5 ]; then dates=(-startdate "$4" -enddate "$5"); fi
  openssl ca -batch -config "$CNF" -cert "$OUT/ca.pem" -keyfile "$OUT/ca.key" -extensions "$ext" \
    -notext "${dates[@]}" -in "$WORK/$name.csr" -out "$OUT/$name.pem" 2>/dev/null
}

leaf dev ext_dev "/UID=com.example.dev/CN=Apple Development IOS Push Services: com.example.dev/OU=$TEAM/C=US"
leaf prod ext_prod "/UID=com.example.prod/CN=Apple Production IOS Push Services: com.example.prod/OU=$TEAM/C=US"
leaf universal ext_universal \
  "/UID=com.example.universal/CN=Apple Push Services: com.example.universal/OU=$TEAM/O=Example Ltd/C=US"
leaf universal-g4 ext_universal_g4 \
  "/UID=com.example.g4/CN=Apple Push Services: com.example.g4/OU=$TEAM/O=Example Ltd/C=US"
leaf expired ext_dev "/UID=com.example.old/CN=Apple Development IOS Push Services: com.example.old/OU=$TEAM/C=US" \
  20200101000000Z 20210101000000Z
leaf malformed-topics ext_malformed \
  "/UID=com.example.bad/CN=Apple Push Services: com.example.bad/OU=$TEAM/O=Example Ltd/C=US"
leaf no-apns ext_client "/CN=plain client/OU=$TEAM/C=US"

# DER certificate, as Apple's portal delivers (.cer).
openssl x509 -in "$OUT/dev.pem" -outform DER -out "$OUT/dev.cer"

# Key forms: encrypted PKCS#8, traditional RSA, EC P-256 PKCS#8 (.p8) and traditional EC, an unrelated key.
printf 'key-passphrase\n' > "$OUT/prod-encrypted.key.password"
openssl pkcs8 -topk8 -v2 aes-256-cbc -v2prf hmacWithSHA256 -in "$OUT/prod.key" \
  -passout file:"$OUT/prod-encrypted.key.password" -out "$OUT/prod-encrypted.key"
openssl rsa -in "$OUT/dev.key" -traditional -out "$OUT/dev-traditional.key" 2>/dev/null
# Traditional RSA key under legacy PEM encryption (Proc-Type: 4,ENCRYPTED; DEK-Info: AES-256-CBC).
printf 'old-style\n' > "$OUT/dev-traditional-encrypted.key.password"
openssl rsa -in "$OUT/dev.key" -traditional -aes256 -passout file:"$OUT/dev-traditional-encrypted.key.password" \
  -out "$OUT/dev-traditional-encrypted.key" 2>/dev/null
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$OUT/AuthKey_TESTKEY001.p8"
openssl ec -in "$OUT/AuthKey_TESTKEY001.p8" -out "$OUT/ec-traditional.key" 2>/dev/null
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -out "$OUT/ec384.key"
genrsa "$OUT/other.key"

# PEM bundles: certificate + key, and a certificate with a key that does not match it.
cat "$OUT/dev.pem" "$OUT/dev.key" > "$OUT/dev-bundle.pem"
cat "$OUT/universal.pem" "$OUT/other.key" > "$OUT/wrong-key-pair.pem"
cat "$OUT/universal-g4.pem" "$OUT/ca.pem" "$OUT/universal-g4.key" > "$OUT/universal-g4-chain.pem"

# PKCS#12: legacy (RC2-40 certs, 3DES key, SHA-1 MAC), modern (AES-256, PBKDF2-SHA256, SHA-256 MAC),
# empty password, with chain, with a corrupted MAC.
printf 'legacy-export\n' > "$OUT/dev-legacy.p12.password"
openssl pkcs12 -export -legacy -in "$OUT/dev.pem" -inkey "$OUT/dev.key" \
  -name "Apple Development IOS Push Services: com.example.dev" \
  -passout file:"$OUT/dev-legacy.p12.password" -out "$OUT/dev-legacy.p12"
printf 'modern-export\n' > "$OUT/universal-modern.p12.password"
openssl pkcs12 -export -in "$OUT/universal.pem" -inkey "$OUT/universal.key" \
  -keypbe AES-256-CBC -certpbe AES-256-CBC -macalg sha256 \
  -name "Apple Push Services: com.example.universal" \
  -passout file:"$OUT/universal-modern.p12.password" -out "$OUT/universal-modern.p12"
openssl pkcs12 -export -in "$OUT/prod.pem" -inkey "$OUT/prod.key" -passout pass: -out "$OUT/prod-empty-password.p12"
printf 'chain-export\n' > "$OUT/universal-g4-chain.p12.password"
openssl pkcs12 -export -in "$OUT/universal-g4.pem" -inkey "$OUT/universal-g4.key" -certfile "$OUT/ca.pem" \
  -name "Apple Push Services: com.example.g4" \
  -passout file:"$OUT/universal-g4-chain.p12.password" -out "$OUT/universal-g4-chain.p12"

# Certificates only, neither encrypted nor MAC-protected: opens with no password at all.
openssl pkcs12 -export -nokeys -in "$OUT/dev.pem" -certpbe NONE -nomac -passout pass: -out "$OUT/certs-only-nomac.p12"

cp "$OUT/universal-modern.p12" "$OUT/corrupted-mac.p12"
cp "$OUT/universal-modern.p12.password" "$OUT/corrupted-mac.p12.password"
# The MAC digest is the last OCTET STRING inside MacData's DigestInfo (depth 3): flip its first byte.
line=$(openssl asn1parse -inform DER -in "$OUT/corrupted-mac.p12" | grep 'd=3' | grep 'OCTET STRING' | tail -1)
offset=$(echo "$line" | sed -E 's/^ *([0-9]+):d=3 +hl=([0-9]+).*/\1 \2/' | awk '{print $1 + $2}')
byte=$(od -An -tu1 -j "$offset" -N1 "$OUT/corrupted-mac.p12" | tr -d ' ')
printf "$(printf '\\%03o' $(( byte ^ 0xFF )))" | dd of="$OUT/corrupted-mac.p12" bs=1 seek="$offset" conv=notrunc 2>/dev/null

chmod 0644 "$OUT"/*
echo "fixtures written to $OUT"

# Empty-password .p12 files in both encodings, from the certificates above.
scripts/make-empty-password-fixtures.sh
