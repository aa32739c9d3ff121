#!/usr/bin/env bash
# A newcomer's first session with an installed apnsctl, run by scripts/dist-check.sh inside a minimal Debian
# root as an unprivileged user. PHASE: without-curl (libcurl4 not installed: probe and doctor must say so and
# name the package; everything else works) or with-curl (mock serve + probe over 127.0.0.1, doctor).
set -euo pipefail
phase=$1
fixtures=/tmp/check
cd "$HOME"
step() { echo "dist-session[$phase]: $*"; }
fail() { echo "dist-session[$phase]: FAILED: $*" >&2; exit 1; }
team=TEAM123456; kid=ABC123DEFG; topic=com.example.app; device=$(printf 'ab%.0s' $(seq 32))

if [ "$phase" = without-curl ]; then
    step "apnsctl --version"
    line=$(apnsctl --version)
    [[ $line =~ ^[0-9]+\.[0-9]+\.[0-9]+\ \([0-9a-f]{7}\)$ ]] || fail "--version printed '$line'"
    # Whole outputs first, then grep: with pipefail, grep -q closing the pipe early would fail the writer.
    json=$(apnsctl --version --format json)
    grep -q '"openssl" : "OpenSSL 3' <<< "$json" || fail "--version --format json: $json"

    step "man apnsctl"
    page=$(MANPAGER=cat MANWIDTH=100 man apnsctl 2>/dev/null) || fail "man apnsctl failed"
    grep -q 'apnsctl' <<< "$page" || fail "man apnsctl shows no page"

    step "cert inspect / cert convert of a legacy .p12"
    cp "$fixtures/dev-legacy.p12" "$fixtures/dev-legacy.p12.password" .
    report=$(apnsctl cert inspect dev-legacy.p12 --password-file dev-legacy.p12.password)
    grep -q '^dev-legacy.p12 (PKCS#12' <<< "$report" || fail "cert inspect: $report"
    apnsctl cert convert dev-legacy.p12 --to pem --out push.pem --password-file dev-legacy.p12.password >/dev/null
    grep -q 'BEGIN CERTIFICATE' push.pem && grep -q 'PRIVATE KEY' push.pem || fail "cert convert wrote no PEM"
    [ "$(stat -c %a push.pem)" = 600 ] || fail "push.pem is not 0600"

    step "keystore init + key import + token"
    apnsctl keystore init ks >/dev/null
    apnsctl key import "$fixtures/AuthKey_$kid.p8" --keystore ks --team "$team" --key-id "$kid" >/dev/null
    apnsctl token --keystore ks --team "$team" > token.txt
    [ "$(tr -cd . < token.txt | wc -c)" = 2 ] || fail "token is not a JWT: $(cat token.txt)"

    step "probe and doctor without libcurl4 name the package"
    set +e
    out=$(apnsctl probe --host 127.0.0.1 --port 9 --token-file token.txt --topic "$topic" 2>&1); code=$?
    set -e
    [ "$code" = 4 ] && grep -q 'apt-get install libcurl4' <<< "$out" || fail "probe without libcurl (exit $code): $out"
    set +e
    out=$(apnsctl doctor 2>&1); code=$?
    set -e
    [ "$code" = 1 ] && grep -q 'libcurl4' <<< "$out" || fail "doctor without libcurl (exit $code): $out"
    step "ok"
    exit 0
fi

step "mock serve + probe over 127.0.0.1"
[ -f token.txt ] || fail "the without-curl phase did not run first"
apnsctl mock serve --keystore ks --port 0 --ca-out mock-ca.pem --force --device "$device=$topic" > mock.out 2>&1 &
mock=$!
trap 'kill $mock 2>/dev/null || true; wait $mock 2>/dev/null || true' EXIT
port=""
for _ in $(seq 100); do
    port=$(sed -n 's/^listening .*port=\([0-9]*\).*/\1/p' mock.out | head -1)
    [ -n "$port" ] && [ -s mock-ca.pem ] && break
    kill -0 $mock 2>/dev/null || fail "mock serve exited: $(cat mock.out)"
    sleep 0.1
done
[ -n "$port" ] || fail "mock serve did not start: $(cat mock.out)"
apnsctl probe --host 127.0.0.1 --port "$port" --cacert mock-ca.pem --token-file token.txt --topic "$topic" \
    --device-token "$device" > probe.out 2>&1 || fail "probe against the mock: $(cat probe.out)"
grep -q 'APNs accepted the push (200)' probe.out || fail "probe: $(cat probe.out)"

step "doctor"
set +e
apnsctl doctor > doctor.out 2>&1; code=$?
set -e
# Offline roots may fail the DNS or clock checks (warnings); libcurl, OpenSSL and the CA bundle must pass.
grep -q '^✔ libcurl: libcurl .*HTTP/2 supported' doctor.out || fail "doctor (exit $code): $(cat doctor.out)"
grep -q '^✔ openssl: OpenSSL 3\.\|^⚠ openssl: OpenSSL 3\.' doctor.out || fail "doctor openssl: $(cat doctor.out)"
step "ok (doctor exit $code)"
