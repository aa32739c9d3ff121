#!/usr/bin/env bash
# Regenerates Tests/Fixtures/provisioning: provisioning profiles signed with `openssl cms -sign` by a test
# root CA through an intermediate (development, wildcard distribution, macOS .provisionprofile with
# com.apple.developer.aps-environment, expired, without push), one signed by an unrelated self-signed
# certificate (untrusted), a tampered copy (invalid), a bare property list (unsigned) and an empty file.
# The CA certificates have fixed validity (2019-2045) so profiles are verified as of their CreationDate.
# Needs OpenSSL 3 and python3. The outputs are committed; tests do not run this script.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/fixture-lib.sh
fixture_dirs Tests/Fixtures/provisioning
TEAM=TEAM123456          # the team of Tests/Fixtures/certs (dev.pem, prod.pem, universal.pem)
MACTEAM=MACTEAM123

{ ca_config policy_any '' 'commonName = supplied
organizationalUnitName = optional
organizationName = optional
countryName = optional
'
cat <<CNF
[ ext_signer ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ ext_developer ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = codeSigning
CNF
} > "$WORK/openssl.cnf"
CNF="$WORK/openssl.cnf"
touch "$WORK/index.txt"
echo 2000 > "$WORK/serial"
START=20190101000000Z
END=20450101000000Z

# issue NAME EXT SUBJECT ISSUER: a key and a certificate NAME.pem issued by ISSUER (self when ISSUER is -).
issue() {
  local name=$1 ext=$2 subj=$3 issuer=$4
  genrsa "$WORK/$name.key"
  openssl req -new -config "$CNF" -key "$WORK/$name.key" -subj "$subj" -out "$WORK/$name.csr"
  if [ "$issuer" = - ]; then
    openssl ca -batch -config "$CNF" -selfsign -keyfile "$WORK/$name.key" -extensions "$ext" -notext \
      -startdate $START -enddate $END -in "$WORK/$name.csr" -out "$WORK/$name.pem" 2>/dev/null
  else
    openssl ca -batch -config "$CNF" -cert "$WORK/$issuer.pem" -keyfile "$WORK/$issuer.key" -extensions "$ext" \
      -notext -startdate $START -enddate $END -in "$WORK/$name.csr" -out "$WORK/$name.pem" 2>/dev/null
  fi
}

issue root ext_ca "/CN=apnsctl Test Profile Root CA/O=apnsctl tests/C=US" -
issue intermediate ext_ca "/CN=apnsctl Test Profile Intermediate CA/O=apnsctl tests/C=US" root
issue signer ext_signer "/CN=apnsctl Test Profile Signing/O=apnsctl tests/C=US" intermediate
issue developer ext_developer "/CN=Apple Development: Test Developer (ABC123DEF4)/OU=$TEAM/O=Example Ltd/C=US" intermediate
issue macdeveloper ext_developer "/CN=Apple Development: Mac Developer (MAC123DEF4)/OU=$MACTEAM/O=Mac Example/C=US" intermediate
issue stranger ext_ca "/CN=Someone Else Profile Signing/O=not apple/C=US" -
cp "$WORK/root.pem" "$OUT/test-root-ca.pem"
cp "$WORK/intermediate.pem" "$OUT/test-intermediate-ca.pem"
cp "$WORK/developer.pem" "$OUT/developer.pem"
DEVCERT=$(openssl x509 -in "$WORK/developer.pem" -outform DER | base64 -w0)
MACCERT=$(openssl x509 -in "$WORK/macdeveloper.pem" -outform DER | base64 -w0)

# plist FILE NAME UUID TEAM APPID PLATFORM CREATED EXPIRES DEVICES(all|N) ENTITLEMENTS-XML CERT
plist() {
  local file=$1 name=$2 uuid=$3 team=$4 appid=$5 platform=$6 created=$7 expires=$8 devices=$9
  local entitlements=${10} cert=${11}
  local devicexml
  if [ "$devices" = all ]; then
    devicexml="<key>ProvisionsAllDevices</key><true/>"
  else
    devicexml="<key>ProvisionedDevices</key><array>"
    for i in $(seq 1 "$devices"); do devicexml+="<string>00008030-00000000000000$(printf '%02d' "$i")</string>"; done
    devicexml+="</array>"
  fi
  cat > "$file" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>AppIDName</key>
	<string>$name App</string>
	<key>ApplicationIdentifierPrefix</key>
	<array><string>$team</string></array>
	<key>CreationDate</key>
	<date>$created</date>
	<key>Platform</key>
	<array><string>$platform</string></array>
	<key>DeveloperCertificates</key>
	<array><data>$cert</data></array>
	<key>Entitlements</key>
	<dict>
$entitlements
	</dict>
	<key>ExpirationDate</key>
	<date>$expires</date>
	<key>Name</key>
	<string>$name</string>
	$devicexml
	<key>TeamIdentifier</key>
	<array><string>$team</string></array>
	<key>TeamName</key>
	<string>Example Ltd</string>
	<key>TimeToLive</key>
	<integer>365</integer>
	<key>UUID</key>
	<string>$uuid</string>
	<key>Version</key>
	<integer>1</integer>
</dict>
</plist>
PLIST
}

ios() { # ios APPID APS GETTASKALLOW TEAM
  local aps=""
  [ -n "$2" ] && aps="<key>aps-environment</key><string>$2</string>"
  printf '\t\t<key>application-identifier</key><string>%s.%s</string>\n\t\t%s\n\t\t<key>get-task-allow</key><%s/>\n\t\t<key>com.apple.developer.team-identifier</key><string>%s</string>\n\t\t<key>keychain-access-groups</key><array><string>%s.*</string></array>' \
    "$4" "$1" "$aps" "$3" "$4" "$4"
}

sign() { # sign PLIST OUT [SIGNER]
  local signer=${3:-signer} chain=()
  [ "$signer" = signer ] && chain=(-certfile "$WORK/intermediate.pem")
  openssl cms -sign -binary -nodetach -md sha256 -in "$1" -signer "$WORK/$signer.pem" -inkey "$WORK/$signer.key" \
    "${chain[@]}" -outform DER -out "$2"
}

plist "$WORK/dev.plist" "Example Development" 11111111-2222-3333-4444-555555555555 $TEAM com.example.dev iOS \
  2026-01-10T10:00:00Z 2045-01-01T00:00:00Z 3 "$(ios com.example.dev development true $TEAM)" "$DEVCERT"
plist "$WORK/dist.plist" "Example Distribution Wildcard" 22222222-3333-4444-5555-666666666666 $TEAM 'com.example.*' iOS \
  2026-01-11T10:00:00Z 2045-01-01T00:00:00Z all "$(ios 'com.example.*' production false $TEAM)" "$DEVCERT"
plist "$WORK/nopush.plist" "Example No Push" 33333333-4444-5555-6666-777777777777 $TEAM com.example.nopush iOS \
  2026-01-12T10:00:00Z 2045-01-01T00:00:00Z 1 "$(ios com.example.nopush '' true $TEAM)" "$DEVCERT"
plist "$WORK/expired.plist" "Example Expired" 44444444-5555-6666-7777-888888888888 $TEAM com.example.dev iOS \
  2020-01-01T00:00:00Z 2021-01-01T00:00:00Z 2 "$(ios com.example.dev development true $TEAM)" "$DEVCERT"
MACENT=$(printf '\t\t<key>com.apple.application-identifier</key><string>%s.com.example.mac</string>\n\t\t<key>com.apple.developer.aps-environment</key><string>production</string>\n\t\t<key>com.apple.developer.team-identifier</key><string>%s</string>' $MACTEAM $MACTEAM)
plist "$WORK/mac.plist" "Example Mac" 55555555-6666-7777-8888-999999999999 $MACTEAM com.example.mac OSX \
  2026-01-13T10:00:00Z 2045-01-01T00:00:00Z 1 "$MACENT" "$MACCERT"

sign "$WORK/dev.plist" "$OUT/development.mobileprovision"
sign "$WORK/dist.plist" "$OUT/distribution-wildcard.mobileprovision"
sign "$WORK/nopush.plist" "$OUT/no-push.mobileprovision"
sign "$WORK/expired.plist" "$OUT/expired.mobileprovision"
sign "$WORK/mac.plist" "$OUT/macos.provisionprofile"
sign "$WORK/dev.plist" "$OUT/untrusted.mobileprovision" stranger
cp "$WORK/dev.plist" "$OUT/unsigned.mobileprovision"
: > "$OUT/empty.mobileprovision"

# Tampered: the signed development profile with one byte of its content changed (same length, DER intact).
python3 - "$OUT/development.mobileprovision" "$OUT/tampered.mobileprovision" <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
old, new = b'<string>Example Ltd</string>', b'<string>Evil Co Ltd</string>'
assert data.count(old) == 1 and len(old) == len(new)
open(sys.argv[2], 'wb').write(data.replace(old, new))
PY

# Sanity: openssl agrees with the states the tests expect.
for f in development distribution-wildcard no-push expired; do
  openssl cms -verify -inform DER -in "$OUT/$f.mobileprovision" -CAfile "$OUT/test-root-ca.pem" -purpose any \
    -attime "$(date -d "$(openssl cms -verify -noverify -inform DER -in "$OUT/$f.mobileprovision" 2>/dev/null \
      | sed -n 's:.*<date>\(.*\)</date>.*:\1:p' | head -1)" +%s)" -out /dev/null 2>/dev/null
done
if openssl cms -verify -inform DER -in "$OUT/tampered.mobileprovision" -noverify -out /dev/null 2>/dev/null; then
  echo "tampered.mobileprovision still verifies" >&2; exit 1
fi
if openssl cms -verify -inform DER -in "$OUT/untrusted.mobileprovision" -CAfile "$OUT/test-root-ca.pem" -purpose any \
  -out /dev/null 2>/dev/null; then
  echo "untrusted.mobileprovision chains to the test root" >&2; exit 1
fi
echo "wrote $(ls "$OUT" | wc -l) files to $OUT"
