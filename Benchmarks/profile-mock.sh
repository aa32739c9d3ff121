# Sourced by Benchmarks/profile.sh and profile-process.sh: a keystore with one key and a mock APNs serving one
# device in the background, for the profiles. Needs APNSCTL_BIN (the apnsctl to run) and dir (scratch space).
# Sets ks, device, port, mock (its pid; killed at exit) and writes $dir/token.out.
ks=$dir/keystore; device=$(printf 'ab%.0s' $(seq 32))
"$APNSCTL_BIN" keystore init "$ks" >/dev/null
"$APNSCTL_BIN" key generate --keystore "$ks" --team BENCHTEAM1 --key-id BENCHKEY01 >/dev/null
"$APNSCTL_BIN" mock serve --keystore "$ks" --port 0 --ca-out "$dir/ca.pem" --force \
    --device "$device=com.example.bench" > "$dir/mock.out" 2>&1 &
mock=$!
trap 'kill $mock 2>/dev/null' EXIT
for _ in $(seq 100); do grep -q '^listening' "$dir/mock.out" && break; sleep 0.1; done
port=$(sed -n 's/^listening .*port=\([0-9]*\).*/\1/p' "$dir/mock.out")
"$APNSCTL_BIN" token --keystore "$ks" --team BENCHTEAM1 > "$dir/token.out"
