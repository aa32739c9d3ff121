# Benchmark cases, sourced by Benchmarks/run.sh (which defines row, ratio, meets, mean, $APNSCTL, $BIN, $work).

TEAM=BENCHTEAM1
KEY=BENCHKEY01
TOPIC=com.example.bench
DUMMY=$(printf 'ab%.0s' $(seq 32))
KS=$work/keystore

setup() {
    "$APNSCTL" keystore init "$KS" >/dev/null
    "$APNSCTL" key generate --keystore "$KS" --team "$TEAM" --key-id "$KEY" >/dev/null
    cp Tests/Fixtures/certs/dev-legacy.p12 "$work/legacy.p12"
    cp Tests/Fixtures/certs/dev-legacy.p12.password "$work/p12-password"
    "$BIN/apnsctl-bench" > "$work/inprocess.json"
}

inproc() { python3 -c "import json,sys; print(json.load(open('$work/inprocess.json'))[sys.argv[1]])" "$1"; }

# 1. ES256 signatures per second in process vs `openssl speed ecdsap256`.
case_sign_rate() {
    local ours peer r
    ours=$(inproc es256_token_signs_per_second)
    peer=$(openssl speed -seconds 3 ecdsap256 2>/dev/null | awk '/nistp256/ {print $(NF-1)}')
    r=$(ratio "$ours" "$peer")
    row "1. ES256 token signatures/s in process vs openssl speed ecdsap256" "$(printf '%.0f/s' "$ours")" \
        "$(printf '%.0f/s' "$peer")" "$r" "≥ 0.8" "$(meets "$r" '>=' 0.8)"
}

# 2. A cached token lookup in process vs one signature.
case_cached_lookup() {
    local lookups signs r
    lookups=$(inproc cached_token_lookups_per_second)
    signs=$(inproc es256_token_signs_per_second)
    r=$(ratio "$lookups" "$signs")
    row "2. cached token lookups/s vs token signatures/s (in process)" "$(printf '%.0f/s' "$lookups")" \
        "$(printf '%.0f/s' "$signs")" "${r}×" "faster" "$(meets "$r" '>=' 1)"
}

# 3. `apnsctl token` as a whole process, warm cache vs PyJWT signing a token vs a cold cache.
case_token_process() {
    cat > "$work/pyjwt_token.py" <<PY
import jwt, time, sys
key = open("$KS/keys/$KEY.p8").read()
print(jwt.encode({"iss": "$TEAM", "iat": int(time.time())}, key, algorithm="ES256", headers={"kid": "$KEY"}))
PY
    "$APNSCTL" token --keystore "$KS" --team "$TEAM" >/dev/null
    local warm py cold
    warm=$(mean "$APNSCTL token --keystore $KS --team $TEAM")
    py=$(mean "python3 $work/pyjwt_token.py")
    cold=$(hyperfine -N --warmup 2 --runs "$RUNS" --prepare "rm -f $KS/token-cache.json" \
            --export-json "$work/h.json" "$APNSCTL token --keystore $KS --team $TEAM" >/dev/null 2>&1 &&
           python3 -c "import json; print(json.load(open('$work/h.json'))['results'][0]['mean'])")
    local r1 r2
    r1=$(ratio "$warm" "$py"); r2=$(ratio "$warm" "$cold")
    row "3a. apnsctl token (warm cache) vs PyJWT script, one process each" "$(ms "$warm")" "$(ms "$py")" "$r1" "lower" "$(meets "$r1" '<=' 1)"
    row "3b. apnsctl token warm cache vs cold cache" "$(ms "$warm")" "$(ms "$cold")" "$r2" "lower" "$(meets "$r2" '<=' 1)"
}

# 4. 200 legacy .p12 files to PEM: one apnsctl call vs a shell loop of openssl pkcs12 -legacy -nodes.
case_batch_convert() {
    mkdir -p "$work/p12s" "$work/pem-ours" "$work/pem-openssl"
    for i in $(seq -w 1 200); do cp "$work/legacy.p12" "$work/p12s/push-$i.p12"; done
    local ours peer r
    RUNS_SAVED=$RUNS; RUNS=5
    ours=$(mean "$APNSCTL cert convert $work/p12s/*.p12 --to pem --out-dir $work/pem-ours --force --password-file $work/p12-password")
    peer=$(mean "bash -c 'for f in $work/p12s/*.p12; do openssl pkcs12 -legacy -nodes -in \$f -out $work/pem-openssl/\$(basename \$f .p12).pem -passin file:$work/p12-password 2>/dev/null; done'")
    RUNS=$RUNS_SAVED
    r=$(ratio "$peer" "$ours")
    row "4. 200 legacy .p12 → PEM: one apnsctl call vs openssl loop" "$(ms "$ours")" "$(ms "$peer")" "${r}× faster" "≥ 5× faster" "$(meets "$r" '>=' 5)"
}

ms() { python3 -c "import sys; print(f'{float(sys.argv[1])*1000:.1f} ms')" "$1"; }

# The mock APNs in the background; sets PORT and MOCK_PID.
start_mock() {
    "$APNSCTL" mock serve --keystore "$KS" --port 0 --ca-out "$work/mock-ca.pem" > "$work/mock.out" 2>&1 &
    MOCK_PID=$!; pids+=("$MOCK_PID")
    for _ in $(seq 100); do
        PORT=$(grep -oE '127\.0\.0\.1:[0-9]+' "$work/mock.out" | head -1 | cut -d: -f2)
        [ -n "$PORT" ] && [ -s "$work/mock-ca.pem" ] && return 0
        sleep 0.1
    done
    echo "bench: the mock did not start: $(cat "$work/mock.out")" >&2; return 1
}

# 5. One canary probe vs curl --http2 sending the same request to the same mock.
case_probe_vs_curl() {
    local token ours peer r
    token=$("$APNSCTL" token --keystore "$KS" --team "$TEAM")
    ours=$(mean "$APNSCTL probe --keystore $KS --team $TEAM --topic $TOPIC --host 127.0.0.1 --port $PORT --cacert $work/mock-ca.pem")
    peer=$(mean "curl -s -o /dev/null --http2 --cacert $work/mock-ca.pem -H 'authorization: bearer $token' -H 'apns-topic: $TOPIC' -H 'apns-push-type: background' -H 'apns-priority: 5' -H 'apns-expiration: 0' -d '{\"aps\":{\"content-available\":1}}' https://127.0.0.1:$PORT/3/device/$DUMMY")
    r=$(ratio "$ours" "$peer")
    row "5. one canary probe vs curl --http2 (same request, same mock)" "$(ms "$ours")" "$(ms "$peer")" "$r" "≤ 1.1" "$(meets "$r" '<=' 1.1)"
}

# 6. probe --count 100 (one connection) vs 100 single probes, and vs one.
case_multiplex() {
    local many one loop r1 r2
    many=$(mean "$APNSCTL probe --keystore $KS --team $TEAM --topic $TOPIC --host 127.0.0.1 --port $PORT --cacert $work/mock-ca.pem --count 100")
    one=$(mean "$APNSCTL probe --keystore $KS --team $TEAM --topic $TOPIC --host 127.0.0.1 --port $PORT --cacert $work/mock-ca.pem")
    RUNS_SAVED=$RUNS; RUNS=3
    loop=$(mean "bash -c 'for i in \$(seq 100); do $APNSCTL probe --keystore $KS --team $TEAM --topic $TOPIC --host 127.0.0.1 --port $PORT --cacert $work/mock-ca.pem >/dev/null; done'")
    RUNS=$RUNS_SAVED
    r1=$(ratio "$many" "$one"); r2=$(ratio "$loop" "$many")
    row "6a. probe --count 100 (one HTTP/2 connection) vs one probe" "$(ms "$many")" "$(ms "$one")" "$r1" "≤ 3" "$(meets "$r1" '<=' 3)"
    row "6b. probe --count 100 vs 100 single probes" "$(ms "$many")" "$(ms "$loop")" "${r2}× faster" "faster" "$(meets "$r2" '>=' 1)"
}

# 7. The mock's requests per second under h2load vs nghttpd serving a tiny file, both TLS on loopback.
case_h2load() {
    local token ours peer r
    token=$("$APNSCTL" token --keystore "$KS" --team "$TEAM")
    printf '{"aps":{"content-available":1}}' > "$work/payload.json"
    ours=$(h2load -n 20000 -c 4 -m 16 -d "$work/payload.json" -H "authorization: bearer $token" \
            -H "apns-topic: $TOPIC" -H "apns-push-type: background" -H "apns-priority: 5" \
            "https://127.0.0.1:$PORT/3/device/$DUMMY" 2>/dev/null | awk '/^finished in/ {print $(NF-1)}' | head -1)
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=localhost -days 1 \
        -keyout "$work/ng.key" -out "$work/ng.pem" 2>/dev/null
    mkdir -p "$work/www"; printf 'ok' > "$work/www/tiny.txt"
    nghttpd -d "$work/www" 18444 "$work/ng.key" "$work/ng.pem" >/dev/null 2>&1 &
    pids+=($!); sleep 0.5
    peer=$(h2load -n 20000 -c 4 -m 16 "https://127.0.0.1:18444/tiny.txt" 2>/dev/null | awk '/^finished in/ {print $(NF-1)}' | head -1)
    r=$(ratio "$ours" "$peer")
    row "7. mock APNs req/s under h2load vs nghttpd (tiny file)" "$(printf '%.0f req/s' "$ours")" "$(printf '%.0f req/s' "$peer")" "$r" "≥ 0.5" "$(meets "$r" '>=' 0.5)"
}

# 8. Peak memory (max RSS) of inspect, token, probe, and the mock after the h2load run.
case_memory() {
    local inspect token probe mock osl
    inspect=$(/usr/bin/time -f %M "$APNSCTL" cert inspect "$work/legacy.p12" --password-file "$work/p12-password" 2>&1 >/dev/null | tail -1)
    osl=$(/usr/bin/time -f %M openssl pkcs12 -legacy -in "$work/legacy.p12" -passin "file:$work/p12-password" -nodes 2>&1 >/dev/null | tail -1)
    token=$(/usr/bin/time -f %M "$APNSCTL" token --keystore "$KS" --team "$TEAM" 2>&1 >/dev/null | tail -1)
    probe=$(/usr/bin/time -f %M "$APNSCTL" probe --keystore "$KS" --team "$TEAM" --topic "$TOPIC" --host 127.0.0.1 --port "$PORT" --cacert "$work/mock-ca.pem" 2>&1 >/dev/null | tail -1)
    mock=$(awk '/VmHWM/ {print $2}' "/proc/$MOCK_PID/status")
    row "8a. max RSS: cert inspect (legacy p12) vs openssl pkcs12" "${inspect} KiB" "${osl} KiB" "$(ratio "$inspect" "$osl")" "report" "-"
    row "8b. max RSS: token / probe" "${token} KiB / ${probe} KiB" "-" "-" "report" "-"
    row "8c. max RSS: mock serve after the h2load run" "${mock} KiB" "-" "-" "report" "-"
}

run_cases() {
    setup
    case_sign_rate
    case_cached_lookup
    case_token_process
    case_batch_convert
    if start_mock; then
        case_probe_vs_curl
        case_multiplex
        case_h2load
        case_memory
    fi
}
