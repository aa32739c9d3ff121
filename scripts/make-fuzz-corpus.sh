#!/usr/bin/env bash
# Regenerates the seed corpora of the fuzz targets (Fuzz/, `make fuzz`) in Tests/Fuzz/corpus/<target>/, small,
# from the committed test fixtures: credential files, keys, topics extension values, provider tokens signed with
# openssl, a keystore manifest and token cache made by apnsctl itself, and mock requests as text.
# Needs openssl, python3 and a built apnsctl (APNSCTL, default .build/debug/apnsctl). The outputs are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS=Tests/Fuzz/corpus
APNSCTL=${APNSCTL:-.build/debug/apnsctl}
EDIT=scripts/der-edit.py
rm -rf "$CORPUS"
mkdir -p "$CORPUS"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
seed() { mkdir -p "$CORPUS/$1"; cp "$2" "$CORPUS/$1/${3:-$(basename "$2")}"; }
b64url() { base64 -w0 | tr '+/' '-_' | tr -d '='; }

# Credential reader: every kind of file it recognises, a few of each.
for f in Tests/Fixtures/certs/{dev.pem,dev.cer,dev-bundle.pem,dev.key,dev-traditional-encrypted.key,prod-encrypted.key,ec-traditional.key,dev-legacy.p12,universal-modern.p12,prod-empty-password.p12,certs-only-nomac.p12,malformed-topics.pem} \
         Tests/Fixtures/readers/{rsa1024.pem,rsa1024.cer,ec-null-params.pem,ber.cer,multikey-one-leaf.p12,p8-with-text.p8,sec1.der}; do
  seed fuzz-credential-reader "$f"
done

# Key reader: .p8 in every layout and form.
for f in Tests/Fixtures/readers/{pkcs8.p8,pkcs8.der,pkcs8-encrypted.p8,sec1.key,sec1.der,p8-one-line.p8,p8-crlf.p8,p8-single-line-block.p8,p8-literal-newlines.p8} \
         Tests/Fixtures/keys/{rsa-2048.p8,ec-p384.p8,public-key.pem}; do
  seed fuzz-key-reader "$f"
done

# Topics extension values (1.2.840.113635.100.6.3.6): the raw values of the fixtures' extensions.
for f in Tests/Fixtures/certs/{universal.pem,universal-g4.pem,malformed-topics.pem} Tests/Fixtures/readers/rsa1024.pem; do
  openssl asn1parse -in "$f" | awk '/:1.2.840.113635.100.6.3.6/ { getline; print }' | sed 's/.*\[HEX DUMP\]://' \
    | xxd -r -p > "$WORK/topics"
  [ -s "$WORK/topics" ] && seed fuzz-topics "$WORK/topics" "$(basename "$f" .pem).der"
done
printf '\x30\x00' > "$WORK/empty"; seed fuzz-topics "$WORK/empty" empty.der

# Provider tokens (ES256 JWTs) signed by openssl with the fuzz key, as `token inspect` reads them.
KEY=Tests/Fuzz/AuthKey_FUZZKEY001.p8
jwt() { # $1 header JSON, $2 claims JSON
  local input
  input="$(printf '%s' "$1" | b64url).$(printf '%s' "$2" | b64url)"
  printf '%s' "$input" | openssl dgst -sha256 -sign "$KEY" -out "$WORK/sig.der"
  python3 "$EDIT" ecdsa-raw "$WORK/sig.der" "$WORK/sig.raw"
  printf '%s.%s' "$input" "$(b64url < "$WORK/sig.raw")"
}
NOW=1800000000
jwt '{"alg":"ES256","kid":"FUZZKEY001"}' "{\"iss\":\"FUZZTEAM01\",\"iat\":$((NOW - 60))}" > "$WORK/fresh.jwt"
jwt '{"alg":"ES256","kid":"FUZZKEY001","typ":"JWT"}' "{\"iss\":\"FUZZTEAM01\",\"iat\":$((NOW - 7200))}" > "$WORK/old.jwt"
jwt '{"alg":"HS256","kid":"FUZZKEY001"}' "{\"iss\":\"FUZZTEAM01\",\"iat\":$NOW}" > "$WORK/hs256.jwt"
for f in fresh old hs256; do seed fuzz-jwt "$WORK/$f.jwt"; done

# Keystore manifest and token cache, written by apnsctl itself.
KS="$WORK/ks"
"$APNSCTL" keystore init "$KS" >/dev/null
APNSCTL_KEYSTORE="$KS" "$APNSCTL" key import "$KEY" --team FUZZTEAM01 --key-id FUZZKEY001 >/dev/null
APNSCTL_KEYSTORE="$KS" "$APNSCTL" key import Tests/Fixtures/readers/pkcs8.p8 --team FUZZTEAM01 --key-id FUZZKEY002 >/dev/null
APNSCTL_KEYSTORE="$KS" "$APNSCTL" token issue --team FUZZTEAM01 >/dev/null
seed fuzz-manifest "$KS/keystore.json"
seed fuzz-token-cache "$KS/token-cache.json"

# Mock requests as text: request line, headers, blank line, payload (see Fuzz/Sources/fuzz-mock-validator).
DEVICE=$(printf 'ab%.0s' $(seq 32))
request() { # $1 name, $2 authorization, $3 extra headers, $4 payload
  { printf 'POST /3/device/%s\n' "$DEVICE"; [ -n "$2" ] && printf 'authorization: bearer %s\n' "$2"
    printf 'apns-topic: com.example.app\napns-push-type: alert\n%b\n%s' "$3" "$4"; } > "$WORK/$1.req"
  seed fuzz-mock-validator "$WORK/$1.req"
}
request token-alert "$(cat "$WORK/fresh.jwt")" 'apns-priority: 10\napns-expiration: 0\napns-id: 123e4567-e89b-12d3-a456-426614174000\n' '{"aps":{"alert":"hi"}}'
request token-background "$(cat "$WORK/fresh.jwt")" 'apns-push-type: background\napns-priority: 5\napns-collapse-id: c1\n' '{"aps":{"content-available":1}}'
request expired-token "$(cat "$WORK/old.jwt")" '' '{"aps":{}}'
request no-auth '' '' '{"aps":{"alert":"x"}}'

# Provisioning profiles: CMS-signed (good, expired, tampered, macOS), bare XML, and the same plist in binary form.
for f in Tests/Fixtures/provisioning/{development,distribution-wildcard,expired,tampered,macos,unsigned}.{mobileprovision,provisionprofile}; do
  [ -f "$f" ] && seed fuzz-profile "$f"
done
openssl cms -verify -noverify -inform DER -in Tests/Fixtures/provisioning/development.mobileprovision -out "$WORK/profile.plist" 2>/dev/null
python3 -c 'import plistlib, sys; d = plistlib.load(open(sys.argv[1], "rb")); plistlib.dump(d, open(sys.argv[2], "wb"), fmt=plistlib.FMT_BINARY)' \
  "$WORK/profile.plist" "$WORK/binary.plist"
seed fuzz-profile "$WORK/binary.plist"

# Certificate signing requests: RSA-2048 and P-256, PEM and DER, and the older NEW CERTIFICATE REQUEST label.
openssl req -new -newkey rsa:2048 -nodes -keyout "$WORK/csr.key" -subj "/emailAddress=dev@example.com/CN=Fuzz Dev/C=US" \
  -out "$WORK/rsa.csr" 2>/dev/null
openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$WORK/csr-ec.key" -subj "/CN=Fuzz EC" \
  -out "$WORK/ec.csr" 2>/dev/null
openssl req -in "$WORK/rsa.csr" -outform DER -out "$WORK/rsa.der"
sed 's/CERTIFICATE REQUEST/NEW CERTIFICATE REQUEST/' "$WORK/ec.csr" > "$WORK/ec-new.csr"
for f in rsa.csr ec.csr rsa.der ec-new.csr; do seed fuzz-csr "$WORK/$f"; done
echo "wrote $(find "$CORPUS" -type f | wc -l) seeds ($(du -sh "$CORPUS" | cut -f1)) to $CORPUS"
