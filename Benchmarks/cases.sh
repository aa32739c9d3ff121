# Benchmark cases, sourced by Benchmarks/run.sh (which defines row, note, ratio, meets, ms, ms_sd, field, cv, hf,
# hf_shell, loadavg, $APNSCTL, $BIN, $RUNS, $ROUNDS, $work and $pids).

TEAM=BENCHTEAM1
KEY=BENCHKEY01
TOPIC=com.example.bench
DEVICE=$(printf 'ab%.0s' $(seq 32))
KS=$work/keystore

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

setup() {
    "$APNSCTL" keystore init "$KS" >/dev/null || die "keystore init failed"
    "$APNSCTL" key generate --keystore "$KS" --team "$TEAM" --key-id "$KEY" >/dev/null || die "key generate failed"
    cp Tests/Fixtures/certs/dev-legacy.p12 "$work/legacy.p12"
    cp Tests/Fixtures/certs/dev-legacy.p12.password "$work/p12-password"
}

# --- 1. ES256 signatures per second in process vs `openssl speed ecdsap256` -------------------------------------
# Alternating rounds (ours, openssl, ours, …), best of each: co-tenants on the cores only ever slow a round down.
case_sign_rate() {
    CASE_LOAD=$(loadavg)
    local ours=0 raw=0 peer=0 verify=0 i j p
    for i in $(seq "$ROUNDS"); do
        j=$("$BIN/apnsctl-bench" --seconds 2 es256_token_signs es256_raw_signs) || die "apnsctl-bench failed"
        ours=$(py 'd=json.loads(a[0]); print(max(float(a[1]), d["es256_token_signs_per_second"]))' "$j" "$ours")
        raw=$(py 'd=json.loads(a[0]); print(max(float(a[1]), d["es256_raw_signs_per_second"]))' "$j" "$raw")
        # "256 bits ecdsa (nistp256)   0.0000s   0.0001s  35000.0  12000.0": sign/s, verify/s are the last two.
        p=$(openssl speed -seconds 2 ecdsap256 2>/dev/null | awk '/bits ecdsa \(nistp256\)/ {print $(NF-1), $NF}')
        peer=$(py 'print(max(float(a[0]), float(a[1])))' "$peer" "${p% *}")
        verify=$(py 'print(max(float(a[0]), float(a[1])))' "$verify" "${p#* }")
    done
    echo "$ours" > "$work/signs_per_second"; echo "$verify" > "$work/openssl_verifies_per_second"
    local r; r=$(ratio "$ours" "$peer")
    row "1. ES256 JWT signatures/s in process vs openssl speed ecdsap256 (sign)" "$(printf '%.0f/s' "$ours")" \
        "$(printf '%.0f/s' "$peer")" "$r" "≥ 0.8" "$(meets "$r" '>=' 0.8)"
    note "- 1: apnsctl's figure is a whole provider token (\`ProviderToken.sign\`: JSON header and claims, base64url,"
    note "  SHA-256, ECDSA P-256, JOSE r‖s) through swift-crypto (BoringSSL); openssl's is ECDSA_sign over a"
    note "  precomputed 20-byte digest. The bare swift-crypto signature over 7 bytes ran at $(printf '%.0f/s' "$raw")"
    note "  ($(ratio "$raw" "$peer") × openssl), so the JWT assembly costs $(py 'print(f"{(1/float(a[0])-1/float(a[1]))*1e6:.1f}")' "$ours" "$raw") µs a token."
}

# --- 2. A cached token lookup in process vs one signature ------------------------------------------------------
case_cached_lookup() {
    CASE_LOAD=$(loadavg)
    local j lookups signs parses memo verifies r
    j=$("$BIN/apnsctl-bench" --seconds 2 cached_token_lookups es256_token_signs token_parses cached_lookups_memoized \
        es256_token_verifies) || die "apnsctl-bench failed"
    echo "$j" > "$work/inprocess.json"
    lookups=$(py 'print(json.loads(a[0])["cached_token_lookups_per_second"])' "$j")
    signs=$(py 'print(json.loads(a[0])["es256_token_signs_per_second"])' "$j")
    parses=$(py 'print(json.loads(a[0])["token_parses_per_second"])' "$j")
    memo=$(py 'print(json.loads(a[0])["cached_lookups_memoized_per_second"])' "$j")
    verifies=$(py 'print(json.loads(a[0])["es256_token_verifies_per_second"])' "$j")
    echo "$verifies" > "$work/verifies_per_second"
    r=$(ratio "$lookups" "$signs")
    row "2. cached token lookups/s vs token signatures/s (TokenProvider, in process)" "$(printf '%.0f/s' "$lookups")" \
        "$(printf '%.0f/s' "$signs")" "${r}×" "faster" "$(meets "$r" '>=' 1)"
    local b64; b64=$("$BIN/apnsctl-bench" --seconds 1 base64url_encodes base64url_encodes_foundation)
    note "- 2: a cached lookup takes $(py 'print(f"{1e6/float(a[0]):.2f}")' "$lookups") µs; parsing the cached token (\`ProviderToken(parsing:)\`, what every"
    note "  lookup did before commit 740476b) takes $(py 'print(f"{1e6/float(a[0]):.2f}")' "$parses") µs. The lookup now compares the remembered token's stored \`compact\`"
    note "  text with the cached one (stored since the signature's base64url cost showed up here: \`Base64URL.encode\` of 64 bytes takes"
    note "  $(py 'v=json.loads(a[0])["base64url_encodes_per_second"]; print(f"{1e6/v:.2f}")' "$b64") µs (Foundation's \`base64EncodedString(options: [.base64URLAlphabet, .omitPaddingCharacter])\`: $(py 'v=json.loads(a[0])["base64url_encodes_foundation_per_second"]; print(f"{1e6/v:.3f}")' "$b64") µs). For comparison, the bench's replica of that reuse path"
    note "  ran at $(printf '%.0f/s' "$memo") ($(py 'print(f"{1e6/float(a[0]):.2f}")' "$memo") µs, $(ratio "$memo" "$lookups")× the current path)."
}

# --- 3. `apnsctl token` as a whole process: warm cache vs PyJWT, and vs a cold cache ---------------------------
case_token_process() {
    CASE_LOAD=$(loadavg)
    # The peer does what a provider script does: load the .p8, sign {"iss","iat"} with kid, print the token.
    cat > "$work/pyjwt_token.py" <<PY
import jwt, time
key = open("$KS/keys/$KEY.p8").read()
print(jwt.encode({"iss": "$TEAM", "iat": int(time.time())}, key, algorithm="ES256", headers={"kid": "$KEY"}))
PY
    python3 "$work/pyjwt_token.py" > "$work/pyjwt.out" || { row "3. apnsctl token vs PyJWT" "-" "-" "-" "lower" "FAILED"; return; }
    "$APNSCTL" token --keystore "$KS" --team "$TEAM" > "$work/token.out" || die "apnsctl token failed"
    hf "$work/h3.json" "$RUNS" "$APNSCTL token --keystore $KS --team $TEAM" "python3 $work/pyjwt_token.py" || return
    hyperfine -N --style none --warmup 2 --runs "$RUNS" --prepare "rm -f $KS/token-cache.json" \
        --export-json "$work/h3c.json" "$APNSCTL token --keystore $KS --team $TEAM" >/dev/null 2>&1 || return
    local warm py cold r1 r2
    warm=$(field "$work/h3.json" 0 mean); py=$(field "$work/h3.json" 1 mean); cold=$(field "$work/h3c.json" 0 mean)
    r1=$(ratio "$warm" "$py"); r2=$(ratio "$warm" "$cold")
    row "3a. \`apnsctl token\` (warm cache) vs a PyJWT script, one process each" "$(ms_sd "$work/h3.json" 0)" \
        "$(ms_sd "$work/h3.json" 1)" "$r1" "lower" "$(meets "$r1" '<=' 1)"
    row "3b. \`apnsctl token\` warm cache vs cold cache (signs, writes the cache)" "$(ms_sd "$work/h3.json" 0)" \
        "$(ms_sd "$work/h3c.json" 0)" "$r2" "lower" "$(meets "$r2" '<=' 1)"
    "$APNSCTL" token --keystore "$KS" --team "$TEAM" > "$work/token.out"
    note "- 3: the PyJWT script signs every time (no cache), as provider scripts usually do; both print one token."
    note "  Process start-up dominates both. Spread (σ/mean): warm $(cv "$work/h3.json" 0) %, PyJWT $(cv "$work/h3.json" 1) %, cold $(cv "$work/h3c.json" 0) %."
    note "  In CPU time (user + system) the ratios are $(ratio "$(cpu "$work/h3.json" 0)" "$(cpu "$work/h3.json" 1)") (vs PyJWT) and $(ratio "$(cpu "$work/h3.json" 0)" "$(cpu "$work/h3c.json" 0)") (vs cold)."
}

# --- 4. 200 legacy .p12 files to PEM: one apnsctl call vs a shell loop of openssl -------------------------------
case_batch_convert() {
    CASE_LOAD=$(loadavg)
    mkdir -p "$work/p12s" "$work/pem-ours" "$work/pem-openssl"
    local i files=()
    for i in $(seq -w 1 200); do cp "$work/legacy.p12" "$work/p12s/push-$i.p12"; files+=("$work/p12s/push-$i.p12"); done
    local convert="$APNSCTL cert convert ${files[*]} --to pem --out-dir $work/pem-ours --force --password-file $work/p12-password"
    $convert > /dev/null || { row "4. 200 legacy .p12 → PEM" "failed" "-" "-" "≥ 5× faster" "FAILED"; return; }
    [ "$(ls "$work/pem-ours" | wc -l)" = 200 ] || die "cert convert did not write 200 files"
    cat > "$work/openssl-loop.sh" <<SH
for f in $work/p12s/*.p12; do
    openssl pkcs12 -legacy -nodes -in "\$f" -out "$work/pem-openssl/\$(basename "\$f" .p12).pem" -passin file:$work/p12-password 2>/dev/null || exit 1
done
SH
    local runs=$(( RUNS < 5 ? RUNS : 5 ))
    hf "$work/h4a.json" "$runs" "$convert" || return
    hf_shell "$work/h4b.json" 3 "bash $work/openssl-loop.sh" || return
    local ours peer r
    ours=$(field "$work/h4a.json" 0 mean); peer=$(field "$work/h4b.json" 0 mean)
    r=$(ratio "$peer" "$ours")
    row "4. 200 legacy .p12 → PEM: one \`apnsctl cert convert\` vs a loop of \`openssl pkcs12 -legacy -nodes\`" \
        "$(ms_sd "$work/h4a.json" 0)" "$(ms_sd "$work/h4b.json" 0)" "${r}× faster" "≥ 5× faster" "$(meets "$r" '>=' 5)"
    local inproc; inproc=$("$BIN/apnsctl-bench" --seconds 2 legacy_p12_to_pem)
    note "- 4: apnsctl writes each PEM durably (temp file, fsync, rename, directory fsync; 0600); openssl writes plainly."
    note "  In CPU time (user + system): apnsctl $(ms "$(cpu "$work/h4a.json" 0)"), the openssl loop $(ms "$(cpu "$work/h4b.json" 0)"): $(ratio "$(cpu "$work/h4b.json" 0)" "$(cpu "$work/h4a.json" 0)")× less CPU."
    note "  In process, reading one legacy .p12 and encoding the PEM takes $(py 'v=json.loads(a[0])["legacy_p12_to_pem_per_second"]; print(f"{1e3/v:.2f}")' "$inproc") ms (apnsctl-bench legacy_p12_to_pem)."
    note "  Per file: apnsctl $(py 'print(f"{float(a[0])*1000/200:.2f}")' "$ours") ms, openssl process $(py 'print(f"{float(a[0])*1000/200:.2f}")' "$peer") ms."
}

# --- The mock APNs in the background; sets PORT and MOCK_PID --------------------------------------------------
start_mock() {
    "$APNSCTL" mock serve --keystore "$KS" --port 0 --ca-out "$work/mock-ca.pem" --force \
        --device "$DEVICE=$TOPIC" > "$work/mock.out" 2>&1 &
    MOCK_PID=$!; pids+=("$MOCK_PID")
    local _
    for _ in $(seq 200); do
        # "listening host=127.0.0.1 port=40123 environment=development keys=1 ca=/…/mock-ca.pem"
        PORT=$(sed -n 's/^listening .*port=\([0-9]*\).*/\1/p' "$work/mock.out" | head -1)
        [ -n "$PORT" ] && [ -s "$work/mock-ca.pem" ] && return 0
        kill -0 "$MOCK_PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "bench: the mock did not start: $(cat "$work/mock.out")" >&2; return 1
}

# Whether this build has a working `apnsctl probe` (a parallel module; skipped until it lands).
have_probe() { "$APNSCTL" probe --help 2>/dev/null | grep -- '--count' >/dev/null; }  # not grep -q: with pipefail, apnsctl would die of SIGPIPE
probe_cmd() { echo "$APNSCTL probe --host 127.0.0.1 --port $PORT --cacert $work/mock-ca.pem --token-file $work/token.out --topic $TOPIC --device-token $DEVICE $*"; }
curl_cmd() {
    local token; token=$(cat "$work/token.out")
    printf '%s' "curl -s -o /dev/null --fail --http2 --cacert $work/mock-ca.pem -H 'authorization: bearer $token' -H 'apns-topic: $TOPIC' -H 'apns-push-type: background' -H 'apns-priority: 5' -H 'apns-expiration: 0' -H 'apns-id: 6f4e3c1a-3b2d-4c5e-8f90-112233445566' --data-binary '{\"aps\":{\"content-available\":1}}' https://127.0.0.1:$PORT/3/device/$DEVICE"
}

# --- 5. One canary probe vs curl --http2 sending the same request to the same mock -----------------------------
case_probe_vs_curl() {
    CASE_LOAD=$(loadavg)
    if ! have_probe; then
        row "5. one canary probe vs \`curl --http2\` (same request, same mock)" "not built" "-" "-" "≤ 1.3" "-"
        note "- 5, 6: \`apnsctl probe\` is not in this build yet; not measured."; return
    fi
    $(probe_cmd) > /dev/null || { row "5. one canary probe vs curl --http2" "failed" "-" "-" "≤ 1.3" "FAILED"; return; }
    hf "$work/h5.json" "$RUNS" "$(probe_cmd)" "$(curl_cmd)" || return
    local r; r=$(ratio "$(field "$work/h5.json" 0 mean)" "$(field "$work/h5.json" 1 mean)")
    row "5. one canary probe vs \`curl --http2\` (same request, same mock)" "$(ms_sd "$work/h5.json" 0)" \
        "$(ms_sd "$work/h5.json" 1)" "$r" "≤ 1.3" "$(meets "$r" '<=' 1.3)"
}

# --- 5b. Start-up alone, which bounds 5: `apnsctl --version` vs `curl --version` ---------------------------------
# With BENCH_OTHER_APNSCTL=PATH (another apnsctl build, e.g. the dynamically linked `swift build -c release`),
# the same two figures for that binary too, to compare builds in one run.
case_startup() {
    CASE_LOAD=$(loadavg)
    local alt=${BENCH_OTHER_APNSCTL:-}
    local cmds=("$APNSCTL --version" "curl --version")
    [ -n "$alt" ] && [ -x "$alt" ] && cmds+=("$alt --version")
    hf "$work/h5s.json" "$RUNS" "${cmds[@]}" || return
    local r; r=$(ratio "$(field "$work/h5s.json" 0 mean)" "$(field "$work/h5s.json" 1 mean)")
    row "5b. start-up alone: \`apnsctl --version\` vs \`curl --version\`" "$(ms_sd "$work/h5s.json" 0)" \
        "$(ms_sd "$work/h5s.json" 1)" "$r" "≤ 1.2" "$(meets "$r" '<=' 1.2)"
    note "- 5b: start-up CPU (user + system): apnsctl $(ms "$(cpu "$work/h5s.json" 0)"), curl $(ms "$(cpu "$work/h5s.json" 1)")."
    if [ -n "$alt" ] && [ -x "$alt" ]; then
        r=$(ratio "$(field "$work/h5s.json" 2 mean)" "$(field "$work/h5s.json" 1 mean)")
        row "5c. start-up, the other build (BENCH_OTHER_APNSCTL) vs curl" "$(ms_sd "$work/h5s.json" 2)" \
            "$(ms_sd "$work/h5s.json" 1)" "$r" "report" "-"
        if have_probe; then
            local saved=$APNSCTL; APNSCTL=$alt
            hf "$work/h5c.json" "$RUNS" "$(probe_cmd)" "$(curl_cmd)" || { APNSCTL=$saved; return; }
            APNSCTL=$saved
            r=$(ratio "$(field "$work/h5c.json" 0 mean)" "$(field "$work/h5c.json" 1 mean)")
            row "5d. one canary probe, the other build (BENCH_OTHER_APNSCTL) vs \`curl --http2\`" "$(ms_sd "$work/h5c.json" 0)" \
                "$(ms_sd "$work/h5c.json" 1)" "$r" "≤ 1.3" "$(meets "$r" '<=' 1.3)"
        fi
    fi
}

# --- 6. probe --count 100 (one connection) vs one probe, and vs 100 single probes ------------------------------
case_multiplex() {
    CASE_LOAD=$(loadavg)
    have_probe || { row "6. probe --count 100 vs one probe" "not built" "-" "-" "≤ 3" "-"; return; }
    hf "$work/h6.json" "$RUNS" "$(probe_cmd --count 100)" "$(probe_cmd)" || return
    echo "for i in \$(seq 100); do $(probe_cmd) >/dev/null || exit 1; done" > "$work/probe-loop.sh"
    hf_shell "$work/h6b.json" 3 "bash $work/probe-loop.sh" || return
    local many one loop r1 r2
    many=$(field "$work/h6.json" 0 mean); one=$(field "$work/h6.json" 1 mean); loop=$(field "$work/h6b.json" 0 mean)
    r1=$(ratio "$many" "$one"); r2=$(ratio "$loop" "$many")
    row "6a. \`probe --count 100\` (one HTTP/2 connection) vs one probe" "$(ms_sd "$work/h6.json" 0)" \
        "$(ms_sd "$work/h6.json" 1)" "$r1" "≤ 3" "$(meets "$r1" '<=' 3)"
    row "6b. \`probe --count 100\` vs 100 single probe processes" "$(ms_sd "$work/h6.json" 0)" \
        "$(ms_sd "$work/h6b.json" 0)" "${r2}× faster" "faster" "$(meets "$r2" '>=' 1)"
}

# --- 7. The mock's requests per second under h2load vs nghttpd serving a tiny file ----------------------------
H2LOAD_SECONDS=${BENCH_H2LOAD_SECONDS:-5}
h2load_rate() {  # URL [h2load options…] → prints req/s; fails unless every request got a 2xx
    local url=$1 out; shift
    out=$(h2load -D "$H2LOAD_SECONDS" --warm-up-time 1 -c 4 -m 16 "$@" "$url" 2>&1)
    echo "$out" > "$work/h2load.last"
    # "requests: 818912 total, 818912 started, 818912 done, 818912 succeeded, 0 failed, 0 errored, 0 timeout"
    # "status codes: 818912 2xx, 0 3xx, 0 4xx, 0 5xx"
    if ! echo "$out" | grep -q ' 0 failed, 0 errored' || ! echo "$out" | grep -q ' 0 3xx, 0 4xx, 0 5xx'; then
        echo "bench: h2load: not every request got a 2xx:" >&2; echo "$out" | grep -E 'requests:|status codes:' >&2
        return 1
    fi
    # "finished in 6.00s, 163782.40 req/s, 4.69MB/s" (the rate is over the measured -D seconds)
    echo "$out" | awk '/^finished in/ {print $4}'
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }   # PID → utime + stime, in clock ticks
median() { py 'v=sorted(float(x) for x in a); n=len(v); print(v[n//2] if n%2 else (v[n//2-1]+v[n//2])/2)' "$@"; }
CLK_TCK=$(getconf CLK_TCK)
case_h2load() {
    CASE_LOAD=$(loadavg)
    printf '{"aps":{"content-available":1}}' > "$work/payload.json"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=localhost -days 1 \
        -keyout "$work/ng.key" -out "$work/ng.pem" 2>/dev/null
    mkdir -p "$work/www"; printf 'ok' > "$work/www/tiny.txt"
    local ngport; ngport=$(free_port)
    nghttpd -a 127.0.0.1 -d "$work/www" "$ngport" "$work/ng.key" "$work/ng.pem" >/dev/null 2>&1 &
    NGHTTPD_PID=$!; pids+=("$NGHTTPD_PID"); sleep 0.5
    local token; token=$(cat "$work/token.out")
    local i o p c0 c1 n0 n1 q0 q1 rates=() peers=() mockcpu=() ngcpu=()
    for i in $(seq "$ROUNDS"); do
        # The mock's CPU (utime + stime from /proc, all its threads) and its answered requests (its log lines) over
        # the whole h2load run, warm-up included: requests per server CPU-second.
        c0=$(cpu_ticks "$MOCK_PID"); n0=$(grep -c ' -> ' "$work/mock.out")
        o=$(h2load_rate "https://127.0.0.1:$PORT/3/device/$DEVICE" -d "$work/payload.json" \
              -H "authorization: bearer $token" -H "apns-topic: $TOPIC" -H "apns-push-type: background" \
              -H "apns-priority: 5") || { row "7. mock APNs req/s under h2load" "failed" "-" "-" "≥ 0.25" "FAILED"; return; }
        sleep 0.1   # the log's last batch (it waits at most 20 ms)
        c1=$(cpu_ticks "$MOCK_PID"); n1=$(grep -c ' -> ' "$work/mock.out")
        q0=$(cpu_ticks "$NGHTTPD_PID")
        p=$(h2load_rate "https://127.0.0.1:$ngport/tiny.txt") || { row "7. nghttpd under h2load" "-" "failed" "-" "≥ 0.25" "FAILED"; return; }
        q1=$(cpu_ticks "$NGHTTPD_PID")
        local served; served=$(awk '/^requests:/ {print $2}' "$work/h2load.last")
        rates+=("$o"); peers+=("$p")
        mockcpu+=("$(py 'print(f"{(int(a[1])-int(a[0]))/((int(a[3])-int(a[2]))/int(a[4])):.0f}")' "$n0" "$n1" "$c0" "$c1" "$CLK_TCK")")
        ngcpu+=("$(py 'print(f"{int(a[0])/((int(a[2])-int(a[1]))/int(a[3])):.0f}")' "$served" "$q0" "$q1" "$CLK_TCK")")
        echo "bench: 7 round $i: mock $o req/s (${mockcpu[-1]} requests per CPU-second), nghttpd $p req/s (${ngcpu[-1]} per CPU-second, measured part only)" >&2
    done
    local ours peer cpu ngc
    ours=$(median "${rates[@]}"); peer=$(median "${peers[@]}"); cpu=$(median "${mockcpu[@]}"); ngc=$(median "${ngcpu[@]}")
    echo "$ours" > "$work/mock_rps"
    local r; r=$(ratio "$ours" "$peer")
    row "7. mock APNs req/s under h2load vs nghttpd serving a 2-byte file (TLS, h2, loopback)" \
        "$(printf '%.0f req/s' "$ours")" "$(printf '%.0f req/s' "$peer")" "$r" "≥ 0.25" "$(meets "$r" '>=' 0.25)"
    row "7b. mock APNs requests per server CPU-second (utime + stime from /proc over each h2load run)" \
        "$(printf '%.0f/s' "$cpu")" "-" "-" "≥ 45000" "$(meets "$cpu" '>=' 45000)"
    note "- 7: medians of $ROUNDS alternating rounds (mock, nghttpd, mock, …): mock $(IFS=,; echo "${rates[*]}") req/s, nghttpd"
    note "  $(IFS=,; echo "${peers[*]}") req/s. 7b: the mock's requests (its log lines) per CPU-second it used (/proc/PID/stat utime +"
    note "  stime, all threads, over the whole h2load run, warm-up included) — $(IFS=,; echo "${mockcpu[*]}"); nghttpd's measured"
    note "  requests per CPU-second were $(IFS=,; echo "${ngcpu[*]}") (median $(printf '%.0f' "$ngc"))."
    note "  h2load -D $H2LOAD_SECONDS --warm-up-time 1 -c 4 -m 16; the mock answers POSTs with the same ES256 token"
    note "  (verified once per connection, then only its age is checked; a fresh parse + verify runs at $(printf '%.0f/s' "$(cat "$work/verifies_per_second" 2>/dev/null || echo 0)"))"
    note "  and logs a line per request; nghttpd serves GET /tiny.txt with one thread, the mock runs an event loop per core"
    note "  (--threads, default $(nproc) here); h2load runs on the same cores."
    local inproc; inproc=$("$BIN/apnsctl-bench" --seconds 2 mock_validations)
    note "  In process, the mock's validator takes $(py 'v=json.loads(a[0])["mock_validations_per_second"]; print(f"{1e6/v:.0f}")' "$inproc") µs a request"
    note "  (apnsctl-bench mock_validations); at the measured rate the event loop finishes one request every $(py 'print(f"{1e6/float(a[0]):.0f}")' "$ours") µs."
}

# --- 9. Provisioning verbs against the openssl commands that do the same job ----------------------------------
# `cert request` and `profile inspect` come with the provisioning issue: each row is skipped (and says so) while
# the verb is not in this build (`apnsctl <verb> --help` fails, or shows the parent command's usage instead).
have_verb() { "$APNSCTL" "$@" --help 2>/dev/null | grep "USAGE: apnsctl $* " >/dev/null; }  # not grep -q (SIGPIPE)
case_cert_request() {
    CASE_LOAD=$(loadavg)
    local name="9a. \`cert request\` (RSA-2048 key + CSR, key kept in the keystore) vs \`openssl req -new -newkey rsa:2048\`"
    if ! have_verb cert request; then
        row "$name" "not built" "-" "-" "report" "-"; note "- 9a: \`apnsctl cert request\` is not in this build yet; not measured."; return
    fi
    local rks=$work/request-keystore
    "$APNSCTL" keystore init "$rks" >/dev/null || { row "$name" "failed" "-" "-" "report" "FAILED"; return; }
    local ours="$APNSCTL cert request --keystore $rks --email bench@example.com --common-name Bench --country US --out $work/ours.csr"
    local peer="openssl req -new -newkey rsa:2048 -nodes -sha256 -subj /emailAddress=bench@example.com/CN=Bench/C=US -keyout $work/peer.key -out $work/peer.csr"
    if ! $ours >/dev/null 2>"$work/request.err"; then
        row "$name" "failed" "-" "-" "report" "FAILED"; note "- 9a: \`cert request\` failed: $(head -1 "$work/request.err")"; return
    fi
    openssl req -in "$work/ours.csr" -verify -noout 2>/dev/null || note "- 9a: openssl did not accept apnsctl's CSR."
    # RSA key generation searches for primes: its time varies from run to run, so both sides get more runs.
    local runs=$(( RUNS < 10 ? 10 : RUNS ))
    hyperfine -N --style none --warmup 1 --runs "$runs" --prepare "rm -f $work/ours.csr $work/peer.csr $work/peer.key" \
        --export-json "$work/h9a.json" "$ours" "$peer" >"$work/hf.log" 2>&1 || { tail -3 "$work/hf.log" >&2; return; }
    local r; r=$(ratio "$(field "$work/h9a.json" 0 mean)" "$(field "$work/h9a.json" 1 mean)")
    row "$name" "$(ms_sd "$work/h9a.json" 0)" "$(ms_sd "$work/h9a.json" 1)" "$r" "report" "-"
    note "- 9a: both make an RSA-2048 key and a SHA-256 CSR with the same subject; apnsctl also stores the key in the"
    note "  keystore (atomic, 0600, audited) and openssl writes it to a file. Prime search makes both noisy:"
    note "  σ/mean apnsctl $(cv "$work/h9a.json" 0) %, openssl $(cv "$work/h9a.json" 1) % ($runs runs each)."
}
case_profile_inspect() {
    CASE_LOAD=$(loadavg)
    local name="9b. \`profile inspect\` vs \`openssl cms -verify\` + a plist read (python3 plistlib)"
    if ! have_verb profile inspect; then
        row "$name" "not built" "-" "-" "report" "-"; note "- 9b: \`apnsctl profile inspect\` is not in this build yet; not measured."; return
    fi
    # A real Apple-signed profile when the shared samples are there; else one signed here by a throwaway CA.
    local profile=$ROOT/../shared/samples/provisioning/real-production.mobileprovision
    local ca=$ROOT/../shared/samples/apple-ca/AppleRootCA.pem
    if [ ! -f "$profile" ] || [ ! -f "$ca" ]; then
        profile=$work/bench.mobileprovision; ca=$work/profile-ca.pem
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=Bench-Profile-CA -days 2 \
            -keyout "$work/profile-ca.key" -out "$ca" 2>/dev/null
        printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' '<plist version="1.0"><dict>' \
            '<key>Name</key><string>Bench</string><key>UUID</key><string>00000000-0000-0000-0000-000000000000</string>' \
            '<key>TeamIdentifier</key><array><string>BENCHTEAM1</string></array>' \
            '<key>Entitlements</key><dict><key>aps-environment</key><string>development</string>' \
            '<key>application-identifier</key><string>BENCHTEAM1.com.example.bench</string></dict>' \
            '<key>CreationDate</key><date>2026-01-01T00:00:00Z</date><key>ExpirationDate</key><date>2027-01-01T00:00:00Z</date>' \
            '</dict></plist>' > "$work/profile.plist"
        openssl cms -sign -nodetach -binary -outform DER -in "$work/profile.plist" -signer "$ca" \
            -inkey "$work/profile-ca.key" -out "$profile" 2>/dev/null || { row "$name" "-" "failed" "-" "report" "FAILED"; return; }
    fi
    local ours="$APNSCTL profile inspect $profile --ca $ca"
    "$APNSCTL" profile inspect "$profile" --ca "$ca" >/dev/null 2>"$work/profile.err" || ours="$APNSCTL profile inspect $profile"
    $ours >/dev/null 2>"$work/profile.err" || { row "$name" "failed" "-" "-" "report" "FAILED"; note "- 9b: $(head -1 "$work/profile.err")"; return; }
    cat > "$work/profile-peer.sh" <<SH
openssl cms -verify -inform DER -in "$profile" -CAfile "$ca" -purpose any -no_check_time -out "$work/peer.plist" 2>/dev/null || exit 1
python3 -c 'import plistlib, sys; d = plistlib.load(open(sys.argv[1], "rb")); print(d["Name"], d["ExpirationDate"], d.get("Entitlements", {}).get("aps-environment"))' "$work/peer.plist"
SH
    bash "$work/profile-peer.sh" >/dev/null || { row "$name" "-" "failed" "-" "report" "FAILED"; return; }
    hf "$work/h9b.json" "$RUNS" "$ours" "openssl cms -verify -inform DER -in $profile -CAfile $ca -purpose any -no_check_time -out $work/peer.plist" || return
    hf_shell "$work/h9b2.json" "$RUNS" "bash $work/profile-peer.sh" || return
    local r; r=$(ratio "$(field "$work/h9b.json" 0 mean)" "$(field "$work/h9b2.json" 0 mean)")
    row "$name" "$(ms_sd "$work/h9b.json" 0)" "$(ms_sd "$work/h9b2.json" 0)" "$r" "report" "-"
    note "- 9b: $(basename "$profile"): apnsctl verifies the CMS signature and the chain to $(basename "$ca") and reports every"
    note "  field; the peer runs \`openssl cms -verify -CAfile … -purpose any -no_check_time\` then reads the plist in python3."
    note "  \`openssl cms -verify\` alone: $(ms_sd "$work/h9b.json" 1); apnsctl ÷ that: $(ratio "$(field "$work/h9b.json" 0 mean)" "$(field "$work/h9b.json" 1 mean)")."
}

# --- 8. Peak memory (max RSS) ----------------------------------------------------------------------------------
maxrss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
case_memory() {
    CASE_LOAD=$(loadavg)
    local inspect osl token pyjwt
    inspect=$(maxrss "$APNSCTL" cert inspect "$work/legacy.p12" --password-file "$work/p12-password")
    osl=$(maxrss openssl pkcs12 -legacy -in "$work/legacy.p12" -passin "file:$work/p12-password" -nodes)
    token=$(maxrss "$APNSCTL" token --keystore "$KS" --team "$TEAM")
    pyjwt=$(maxrss python3 "$work/pyjwt_token.py")
    row "8a. max RSS: \`cert inspect\` (legacy .p12) vs \`openssl pkcs12 -legacy\`" "${inspect} KiB" "${osl} KiB" \
        "$(ratio "$inspect" "$osl")" "≤ 2.5" "$(meets "$(ratio "$inspect" "$osl")" '<=' 2.5)"
    row "8b. max RSS: \`token\` (warm cache) vs the PyJWT script" "${token} KiB" "${pyjwt} KiB" "$(ratio "$token" "$pyjwt")" "report" "-"
    if have_probe; then
        local probe curl
        probe=$(eval maxrss "$(probe_cmd)")
        curl=$(eval maxrss "$(curl_cmd)")
        row "8c. max RSS: one \`probe\` vs \`curl --http2\`" "${probe} KiB" "${curl} KiB" "$(ratio "$probe" "$curl")" "≤ 2.0" "$(meets "$(ratio "$probe" "$curl")" '<=' 2.0)"
    fi
    # 8d and 8e follow case 7's load (h2load against the mock and nghttpd): only when case 7 ran.
    if [ -n "${MOCK_PID:-}" ] && [ -n "${NGHTTPD_PID:-}" ] && [ -r "/proc/$MOCK_PID/status" ]; then
        local mock ng
        mock=$(awk '/VmHWM/ {print $2}' "/proc/$MOCK_PID/status")
        ng=$(awk '/VmHWM/ {print $2}' "/proc/${NGHTTPD_PID:-0}/status" 2>/dev/null || echo 0)
        row "8d. max RSS: \`mock serve\` vs nghttpd, after case 7's load" "${mock} KiB" "${ng} KiB" \
            "$(ratio "$mock" "${ng:-1}")" "report" "-"
        local served; served=$(grep -c ' -> ' "$work/mock.out")
        note "- 8d: the mock served $served requests by then; its VmHWM after start-up was ${MOCK_START_RSS:-?} KiB."
        case_mock_memory "$mock" "$served"
    fi
}

# --- 8e. The mock's memory after a million more requests: bounded, or growing with the count -------------------
case_mock_memory() {  # VmHWM after case 7 (KiB), requests served by then
    local requests=${BENCH_MOCK_REQUESTS:-1000000} token before after served
    token=$(cat "$work/token.out")
    before=$(awk '/VmRSS/ {print $2}' "/proc/$MOCK_PID/status")
    if ! h2load -n "$requests" -c 4 -m 16 -d "$work/payload.json" -H "authorization: bearer $token" \
            -H "apns-topic: $TOPIC" -H "apns-push-type: background" -H "apns-priority: 5" \
            "https://127.0.0.1:$PORT/3/device/$DEVICE" > "$work/h2load-1m.out" 2>&1 \
            || ! grep -q "status codes: $requests 2xx" "$work/h2load-1m.out"; then
        row "8e. \`mock serve\` memory after $requests more requests" "failed" "-" "-" "bounded" "FAILED"; return
    fi
    sleep 0.2
    after=$(awk '/VmRSS/ {print $2}' "/proc/$MOCK_PID/status")
    served=$(( $2 + requests ))
    row "8e. \`mock serve\` VmRSS after $served requests vs after $2 (bounded: ≈ 0 bytes a request)" "${after} KiB" \
        "${before} KiB" "$(ratio "$after" "$before")" "bounded" \
        "$(py 'print("met" if (float(a[0])-float(a[1]))*1024/float(a[2]) < 64 else "MISSED")' "$after" "$before" "$requests")"
    note "- 8e: $requests more requests (h2load -n $requests -c 4 -m 16, every one a 200) moved the mock's VmRSS from $before to"
    note "  $after KiB: $(py 'print(f"{(float(a[0])-float(a[1]))*1024/float(a[2]):.1f}")' "$after" "$before" "$requests") bytes a request. \`mock serve\` keeps no request or log line (retainedRequests 0);"
    note "  \"met\" means under 64 bytes a request."
}

run_cases() {
    setup
    if [ -n "${BENCH_CASES:-}" ]; then
        local c
        # The mock and the token file serve cases 5-8; case 3 writes the token file the probe cases read.
        "$APNSCTL" token --keystore "$KS" --team "$TEAM" > "$work/token.out" || die "apnsctl token failed"
        start_mock && MOCK_START_RSS=$(awk '/VmHWM/ {print $2}' "/proc/$MOCK_PID/status")
        for c in $BENCH_CASES; do
            declare -F "case_$c" >/dev/null || die "no case $c (see run_cases in Benchmarks/cases.sh)"
            "case_$c"
        done
        return
    fi
    case_sign_rate
    case_cached_lookup
    case_token_process
    case_batch_convert
    if start_mock; then
        MOCK_START_RSS=$(awk '/VmHWM/ {print $2}' "/proc/$MOCK_PID/status")
        case_probe_vs_curl
        case_startup
        case_multiplex
        case_h2load
    fi
    case_device_check
    case_cert_request
    case_profile_inspect
    case_memory
    case_fleet_token
    case_agent_footprint
    case_exporter_footprint
}
