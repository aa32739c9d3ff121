#!/usr/bin/env bash
# One-shot commands' start-up cost, several apnsctl builds side by side in one session: max RSS (KiB) and minor
# page faults of `--version`, `token` (warm cache) and `cert inspect` of the legacy .p12 fixture, from
# `/usr/bin/time -f '%M %R'`, runs alternating between the builds; prints the median and the least of each.
#   Benchmarks/startup-memory.sh [-n RUNS] LABEL=BINARY [LABEL=BINARY…]
# The binaries are measured as given (strip them first to measure what `make install` installs). No figure here
# fails anything.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=7
if [ "${1:-}" = -n ]; then runs=$2; shift 2; fi
[ $# -ge 1 ] || { echo "usage: $0 [-n RUNS] LABEL=BINARY…" >&2; exit 2; }
work=$(mktemp -d /tmp/apnsctl-startup.XXXXXX)
trap 'rm -rf "$work"' EXIT
first=${1#*=}
"$first" keystore init "$work/ks" >/dev/null
"$first" key generate --keystore "$work/ks" --team BENCHTEAM1 --key-id BENCHKEY01 >/dev/null
"$first" token --keystore "$work/ks" --team BENCHTEAM1 >/dev/null
commands=("--version" "token --keystore $work/ks --team BENCHTEAM1"
          "cert inspect Tests/Fixtures/certs/dev-legacy.p12 --password-file Tests/Fixtures/certs/dev-legacy.p12.password")
for _ in $(seq "$runs"); do
    for build in "$@"; do
        label=${build%%=*} binary=${build#*=}
        for index in "${!commands[@]}"; do
            # shellcheck disable=SC2086
            /usr/bin/time -f '%M %R' -o "$work/time" "$binary" ${commands[$index]} >/dev/null 2>&1
            echo "$label $index $(cat "$work/time")" >> "$work/samples"
        done
    done
done
python3 - "$work/samples" "${commands[@]}" <<'PY'
import sys, statistics, collections
samples = collections.defaultdict(list)
for line in open(sys.argv[1]):
    label, index, rss, faults = line.split()
    samples[(label, int(index))].append((int(rss), int(faults)))
commands = sys.argv[2:]
labels = list(dict.fromkeys(label for label, _ in samples))
print(f"{'command':<16} {'build':<14} {'max RSS KiB (median, least)':<30} minor faults (median, least)")
for index, command in enumerate(commands):
    for label in labels:
        values = samples[(label, index)]
        rss = [v[0] for v in values]; faults = [v[1] for v in values]
        print(f"{command.split(' Tests/')[0].split(' --')[0][:16]:<16} {label:<14} {int(statistics.median(rss)):>7}, {min(rss):>7}{'':<14} "
              f"{int(statistics.median(faults)):>6}, {min(faults):>6}")
PY
