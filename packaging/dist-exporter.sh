#!/usr/bin/env bash
# The exporter as the package sets it up, run by scripts/dist-check.sh as root inside the Debian root with systemd
# where the .deb is installed (postinst made the users). It follows docs/install.md, "Who reads the keystore": the
# user apnsctl owns /var/lib/apnsctl (0700) and the keystore the installed examples name, and `apnsctl exporter`
# starts, as apnsctl, from /usr/share/doc/apnsctl/examples/exporter.yml copied to /etc/apnsctl/. The example's
# targets are Apple's hosts: each gets `host:` and `cacert:` lines pointing it at an `apnsctl mock serve` on
# 127.0.0.1 (no canary leaves the machine); everything else is the example's. /metrics must show the sandbox
# target up with the key from that keystore, and the probe.env example must name the same keystore.
set -euo pipefail
fixtures=/tmp/check
step() { echo "dist-exporter: $*"; }
fail() { echo "dist-exporter: FAILED: $*" >&2; exit 1; }
# As the services' user, as systemd starts them (no login session, HOME its state directory). A command, not a
# function: started with &, $! is then the process itself (setpriv and env exec it), which the trap ends.
as_apnsctl=(setpriv --reuid=apnsctl --regid=apnsctl --init-groups env -i PATH=/usr/bin:/bin HOME=/var/lib/apnsctl)
examples=/usr/share/doc/apnsctl/examples
[ -f "$examples/exporter.yml" ] || fail "the package installed no $examples/exporter.yml"

step "the keystore the examples name, owned by apnsctl"
keystore=$(sed -n 's/^keystore: *\([^ #]*\).*/\1/p' "$examples/exporter.yml")
[ "$keystore" = "$(sed -n 's/^APNSCTL_KEYSTORE=//p' "$examples/probe.env")" ] \
    || fail "exporter.yml names keystore $keystore, probe.env another"
[ "$(grep -c '^User=apnsctl$' /lib/systemd/system/apnsctl-exporter.service /lib/systemd/system/apnsctl-probe.service \
    | grep -c ':1$')" = 2 ] || fail "the exporter and the probe do not both run as apnsctl"
install -d -o apnsctl -g apnsctl -m 0700 /var/lib/apnsctl
team=$(sed -n 's/^ *team: *\([A-Z0-9]\{10\}\).*/\1/p' "$examples/exporter.yml" | head -1)
work=/var/lib/apnsctl/dist-check
install -d -o apnsctl -g apnsctl -m 0700 "$work"
install -o apnsctl -g apnsctl -m 0600 "$fixtures/AuthKey_ABC123DEFG.p8" "$work/"
"${as_apnsctl[@]}" apnsctl keystore init "$keystore" >/dev/null
"${as_apnsctl[@]}" apnsctl key import "$work/AuthKey_ABC123DEFG.p8" --keystore "$keystore" --team "$team" \
    --key-id ABC123DEFG >/dev/null

pids=()
cleanup() { local p; for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
# Waits for `sed` expression $2 to print a port from file $1, while process $3 lives.
port_in() {
    local file=$1 expr=$2 pid=$3 port=""
    for _ in $(seq 200); do
        port=$(sed -n "$expr" "$file" | head -1)
        [ -n "$port" ] && { echo "$port"; return 0; }
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

step "mock serve on 127.0.0.1 trusting that keystore"
"${as_apnsctl[@]}" apnsctl mock serve --keystore "$keystore" --port 0 --ca-out "$work/mock-ca.pem" --force \
    > "$work/mock.out" 2>&1 &
pids+=($!)
mock_port=$(port_in "$work/mock.out" 's/^listening .*port=\([0-9]*\).*/\1/p' "${pids[0]}") \
    || fail "mock serve did not start: $(cat "$work/mock.out")"

step "the installed exporter.yml in /etc/apnsctl, its targets pointed at the mock"
install -d -m 0755 /etc/apnsctl
sed -e "s|^\(    environment: [a-z]*\).*|\1\n    host: 127.0.0.1:$mock_port\n    cacert: $work/mock-ca.pem|" \
    "$examples/exporter.yml" > /etc/apnsctl/exporter.yml
chmod 0644 /etc/apnsctl/exporter.yml
[ "$(grep -c "host: 127.0.0.1:$mock_port" /etc/apnsctl/exporter.yml)" = 2 ] \
    || fail "the example's targets changed: $(cat /etc/apnsctl/exporter.yml)"

step "apnsctl exporter as apnsctl, as apnsctl-exporter.service runs it"
exec_start=$(sed -n 's/^ExecStart=//p' /lib/systemd/system/apnsctl-exporter.service)
[ "$exec_start" = "/usr/bin/apnsctl exporter --config /etc/apnsctl/exporter.yml --listen 127.0.0.1:9464" ] \
    || fail "the unit's ExecStart changed: $exec_start"
"${as_apnsctl[@]}" /usr/bin/apnsctl exporter --config /etc/apnsctl/exporter.yml --listen 127.0.0.1:0 \
    > "$work/exporter.out" 2> "$work/exporter.err" &
pids+=($!)
port=$(port_in "$work/exporter.out" 's/^listening .*port=\([0-9]*\).*/\1/p' "${pids[1]}") \
    || fail "the exporter did not start: $(cat "$work/exporter.out" "$work/exporter.err")"

# /metrics over bash's /dev/tcp (the root has no curl), until the sandbox canary is up.
scrape() {
    exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
    printf 'GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
    cat <&3
    exec 3<&-
}
text=""
for _ in $(seq 150); do
    text=$(scrape || true)
    grep -q '^apnsctl_probe_success{target="sandbox".*} 1' <<< "$text" && break
    sleep 0.2
done
grep -q '^apnsctl_probe_success{target="sandbox".*} 1' <<< "$text" \
    || fail "the sandbox canary is not up: $(grep '^apnsctl_probe' <<< "$text"); $(cat "$work/exporter.err")"
grep -q '^apnsctl_token_issued_timestamp_seconds{team_id="'"$team"'",key_id="ABC123DEFG"' <<< "$text" \
    || fail "no token from the keystore: $(grep '^apnsctl_token' <<< "$text")"
step "ok: the exporter read $keystore as apnsctl and its canary is up"
