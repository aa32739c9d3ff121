# The fleet benchmark (issue 22), sourced by Benchmarks/run.sh: a real 3-member etcd cluster on loopback.
#   9a. `apnsctl token` from the etcd keystore vs `etcdctl get` of the same record (the engine's own floor)
#   9b. `apnsctl token` from the etcd keystore vs from a local keystore's cache
#   9c. signatures per hour for 10 hosts with the shared token vs each host signing its own (simulated day)

start_etcd_cluster() {
    local i cluster="" port
    ETCD_ENDPOINTS=""
    for i in 0 1 2; do
        ETCD_CLIENT[$i]=$(free_port); ETCD_PEER[$i]=$(free_port)
        cluster+="${cluster:+,}b$i=http://127.0.0.1:${ETCD_PEER[$i]}"
        ETCD_ENDPOINTS+="${ETCD_ENDPOINTS:+,}127.0.0.1:${ETCD_CLIENT[$i]}"
    done
    for i in 0 1 2; do
        port=${ETCD_CLIENT[$i]}
        etcd --name "b$i" --data-dir "$work/etcd$i" --log-level error \
            --listen-client-urls "http://127.0.0.1:$port" --advertise-client-urls "http://127.0.0.1:$port" \
            --listen-peer-urls "http://127.0.0.1:${ETCD_PEER[$i]}" \
            --initial-advertise-peer-urls "http://127.0.0.1:${ETCD_PEER[$i]}" \
            --initial-cluster "$cluster" --initial-cluster-state new >"$work/etcd$i.log" 2>&1 &
        pids+=($!)
    done
    for _ in $(seq 100); do
        etcdctl --endpoints "$ETCD_ENDPOINTS" endpoint health >/dev/null 2>&1 && return 0
        sleep 0.2
    done
    return 1
}

case_fleet_token() {
    CASE_LOAD=$(loadavg)
    command -v etcd >/dev/null && command -v etcdctl >/dev/null \
        || { row "9. fleet token (etcd)" "-" "-" "-" "-" "SKIPPED: no etcd/etcdctl"; return; }
    start_etcd_cluster || { row "9. fleet token (etcd)" "-" "-" "-" "-" "FAILED: etcd did not start"; return; }
    local url="etcd://$ETCD_ENDPOINTS/bench" kek="$work/kek" record="/bench/tokens/keys/FLEETTOK01"
    head -c 32 /dev/urandom > "$kek" && chmod 600 "$kek"
    APNSCTL_KEK_FILE=$kek "$APNSCTL" keystore init "$url" >/dev/null || die "keystore init $url failed"
    APNSCTL_KEK_FILE=$kek "$APNSCTL" key generate --keystore "$url" --team "$TEAM" --key-id FLEETTOK01 --env production \
        >/dev/null || die "key generate on etcd failed"
    "$APNSCTL" token --keystore "$url" --team "$TEAM" --env production >/dev/null 2>&1 \
        || APNSCTL_KEK_FILE=$kek "$APNSCTL" token --keystore "$url" --team "$TEAM" --env production >/dev/null \
        || die "the first fleet token failed"
    "$APNSCTL" token --keystore "$KS" --team "$TEAM" >/dev/null || die "apnsctl token failed"
    hf "$work/h9.json" "$RUNS" "$APNSCTL token --keystore $url --team $TEAM --env production" \
        "etcdctl --endpoints $ETCD_ENDPOINTS get $record" "$APNSCTL token --keystore $KS --team $TEAM" || return
    local fleet peer local_ r1 r2
    fleet=$(field "$work/h9.json" 0 mean); peer=$(field "$work/h9.json" 1 mean); local_=$(field "$work/h9.json" 2 mean)
    r1=$(ratio "$fleet" "$peer"); r2=$(ratio "$fleet" "$local_")
    row "9a. \`apnsctl token\` from the etcd keystore vs \`etcdctl get\` of its record" "$(ms_sd "$work/h9.json" 0)" \
        "$(ms_sd "$work/h9.json" 1)" "$r1" "measured" "-"
    row "9b. \`apnsctl token\` from the etcd keystore vs from the local keystore's cache" "$(ms_sd "$work/h9.json" 0)" \
        "$(ms_sd "$work/h9.json" 2)" "$r2" "measured" "-"
    note "- 9a/9b: a 3-member etcd cluster on loopback. \`apnsctl token\` on etcd reads the manifest and the token records"
    note "  (two requests, no lock) and reuses the shared token; \`etcdctl get\` reads one key. In CPU time the ratios are"
    note "  $(ratio "$(cpu "$work/h9.json" 0)" "$(cpu "$work/h9.json" 1)") and $(ratio "$(cpu "$work/h9.json" 0)" "$(cpu "$work/h9.json" 2)")."
    if [ -x "$BIN/apnsctl-fleet-bench" ]; then
        local j shared unshared sig="etcd://$ETCD_ENDPOINTS/signatures"
        APNSCTL_KEK_FILE=$kek "$APNSCTL" keystore init "$sig" >/dev/null || die "keystore init $sig failed"
        j=$("$BIN/apnsctl-fleet-bench" --keystore "$sig" --kek-file "$kek" --directory "$work/fleet-local" \
            --hosts 10 --hours 24 2>"$work/fleet-bench.err") || { note "- 9c failed: $(cat "$work/fleet-bench.err")"; return; }
        shared=$(py 'print(json.loads(a[0])["shared_per_hour"])' "$j")
        unshared=$(py 'print(json.loads(a[0])["unshared_per_hour"])' "$j")
        row "9c. signatures/hour, 10 hosts: one shared token vs each host its own (simulated day)" \
            "$(printf '%.2f/h' "$shared")" "$(printf '%.2f/h' "$unshared")" "$(ratio "$shared" "$unshared")" "≤ 0.1" \
            "$(meets "$(ratio "$shared" "$unshared")" '<=' 0.1)"
        note "- 9c: apnsctl-fleet-bench: ten Keystore instances on the etcd keystore vs ten directory keystores, each host"
        note "  asking for a token every simulated minute for 24 hours (--refresh-after 50): $j."
    fi
}
