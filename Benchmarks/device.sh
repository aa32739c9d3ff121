# Benchmark case 11, sourced by Benchmarks/run.sh: `apnsctl device check` classifying 10,000 tokens against two
# local mocks (one per environment) beside httpx (HTTP/2), the fastest client library `make test` installs that
# can be pointed at two servers, sending the same requests to the same mocks; and apnsctl's peak memory.

DEVICE_TOKENS=${BENCH_DEVICE_TOKENS:-10000}
DEVICE_CONCURRENCY=${BENCH_DEVICE_CONCURRENCY:-100}
PEER_PYTHON=${BENCH_PYTHON:-/usr/bin/python3}

# Starts `mock serve --env $1` with the devices in file $2 (one --device argument a line); sets MOCK_PORT.
start_device_mock() {
    local env=$1 devices=$2 out=$work/device/mock-$1.out
    local arguments=()
    mapfile -t arguments < "$devices"
    # No stream throttle: APNs lowers a connection's stream limit to 1 after a rejected push (half the production
    # canaries are BadDeviceToken here), which would measure the throttle, the same for both clients.
    "$APNSCTL" mock serve --env "$env" --keystore "$KS" --port 0 --tls-cert "$work/device/server.pem" \
        --tls-key "$work/device/server.key" --no-stream-throttle "${arguments[@]}" > "$out" 2>&1 &
    pids+=("$!")
    local _
    for _ in $(seq 300); do
        MOCK_PORT=$(sed -n 's/^listening .*port=\([0-9]*\).*/\1/p' "$out" 2>/dev/null | head -1)
        [ -n "$MOCK_PORT" ] && return 0
        sleep 0.1
    done
    echo "bench: the $env mock did not start: $(head -c 300 "$out")" >&2; return 1
}

case_device_check() {
    CASE_LOAD=$(loadavg)
    local dir=$work/device; mkdir -p "$dir"
    local label="11. \`device check\`: $DEVICE_TOKENS tokens (half each environment), two mocks, vs httpx (HTTP/2)"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj /CN=127.0.0.1 \
        -addext subjectAltName=IP:127.0.0.1 -keyout "$dir/server.key" -out "$dir/server.pem" 2>/dev/null
    # Half development, half production, shuffled with a fixed seed.
    "$PEER_PYTHON" - "$dir" "$DEVICE_TOKENS" "$TOPIC" <<'EOF'
import random, sys
d, n, topic = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rng = random.Random(11)
tokens = ["%064x" % rng.getrandbits(256) for _ in range(n)]
for env, part in (("development", tokens[: n // 2]), ("production", tokens[n // 2:])):
    open(f"{d}/{env}.args", "w").write("".join(f"--device\n{t}={topic}\n" for t in part))
rng.shuffle(tokens)
open(f"{d}/tokens.txt", "w").write("\n".join(tokens) + "\n")
EOF
    start_device_mock development "$dir/development.args" || return; local dport=$MOCK_PORT
    start_device_mock production "$dir/production.args" || return; local pport=$MOCK_PORT
    "$APNSCTL" token --keystore "$KS" --team "$TEAM" > "$dir/token.jwt" || return
    local run=("$APNSCTL" device check --tokens "$dir/tokens.txt" --topic "$TOPIC" --keystore "$KS" --team "$TEAM"
               --target "development=127.0.0.1:$dport" --target "production=127.0.0.1:$pport"
               --cacert "$dir/server.pem" --concurrency "$DEVICE_CONCURRENCY")
    local i ours=() peers=() rss=() wall counts
    for i in $(seq "$ROUNDS"); do
        /usr/bin/time -f '%e %M' -o "$dir/time" "${run[@]}" > "$dir/out.jsonl" 2> "$dir/err"
        [ "$(grep -c '"verdict":"development"' "$dir/out.jsonl")" = $((DEVICE_TOKENS / 2)) ] \
            && [ "$(grep -c '"verdict":"production"' "$dir/out.jsonl")" = $((DEVICE_TOKENS - DEVICE_TOKENS / 2)) ] \
            || { row "$label" "failed: $(tail -1 "$dir/err")" "-" "-" "≥ 1" "FAILED"; return; }
        wall=$(tail -1 "$dir/time" | cut -d' ' -f1); rss+=("$(tail -1 "$dir/time" | cut -d' ' -f2)")
        ours+=("$(py 'print(f"{int(a[0])/max(float(a[1]),0.01):.0f}")' "$DEVICE_TOKENS" "$wall")")
        /usr/bin/time -f '%e %M' -o "$dir/ptime" "$PEER_PYTHON" Benchmarks/device_check_peer.py "$dir/tokens.txt" \
            "$dir/server.pem" "$dir/token.jwt" "$TOPIC" "$pport" "$dport" "$DEVICE_CONCURRENCY" > "$dir/peer.json" \
            2> "$dir/peer.err" || { row "$label" "-" "failed: $(tail -1 "$dir/peer.err")" "-" "≥ 1" "FAILED"; return; }
        counts=$(py 'c=json.load(open(a[0]))["counts"]; print(c.get("development",0), c.get("production",0))' "$dir/peer.json")
        [ "$counts" = "$((DEVICE_TOKENS / 2)) $((DEVICE_TOKENS - DEVICE_TOKENS / 2))" ] \
            || { row "$label" "-" "wrong verdicts: $counts" "-" "≥ 1" "FAILED"; return; }
        wall=$(tail -1 "$dir/ptime" | cut -d' ' -f1)
        peers+=("$(py 'print(f"{int(a[0])/max(float(a[1]),0.01):.0f}")' "$DEVICE_TOKENS" "$wall")")
        echo "bench: 11 round $i: apnsctl ${ours[-1]} tokens/s (peak RSS ${rss[-1]} KiB; $(tail -1 "$dir/err")), httpx ${peers[-1]} tokens/s" >&2
    done
    local o p r m
    o=$(median "${ours[@]}"); p=$(median "${peers[@]}"); m=$(median "${rss[@]}")
    r=$(ratio "$o" "$p")
    row "$label" "$(printf '%.0f tokens/s' "$o")" "$(printf '%.0f tokens/s' "$p")" "$r" "≥ 1" "$(meets "$r" '>=' 1)"
    row "11b. \`device check\` peak RSS, $DEVICE_TOKENS tokens (/usr/bin/time %M)" "$(printf '%.1f MiB' "$(py 'print(float(a[0])/1024)' "$m")")" \
        "-" "-" "report" "-"
    note "- 11: whole-process wall time, medians of $ROUNDS alternating rounds (apnsctl, httpx, …): apnsctl $(IFS=,; echo "${ours[*]}") tokens/s,"
    note "  httpx $(IFS=,; echo "${peers[*]}") tokens/s; $((DEVICE_TOKENS * 3 / 2)) requests each run (production first, development after"
    note "  BadDeviceToken), --concurrency $DEVICE_CONCURRENCY streams per connection, mocks with --no-stream-throttle."
}
