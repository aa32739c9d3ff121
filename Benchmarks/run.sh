#!/usr/bin/env bash
# apnsctl benchmarks: every figure beside a peer measured in the same run, as a ratio.
#   make bench   (or Benchmarks/run.sh)   → prints the table and writes BENCHMARKS.md
# Needs: hyperfine, h2load + nghttpd (nghttp2-client, nghttp2-server), openssl, curl, python3 with PyJWT.
# Loopback only. Nothing here is a test: no figure fails the build.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
RUNS=${BENCH_RUNS:-20}
work=$(mktemp -d /tmp/apnsctl-bench.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

need() { command -v "$1" >/dev/null || { echo "bench: $1 is missing (apt-get install -y $2)" >&2; exit 2; }; }
need hyperfine hyperfine; need h2load nghttp2-client; need nghttpd nghttp2-server; need openssl openssl; need curl curl
python3 -c 'import jwt, cryptography' 2>/dev/null || python3 -m pip install -q pyjwt cryptography

echo "bench: building release binaries" >&2
swift build -c release --product apnsctl >/dev/null
swift build -c release --product apnsctl-bench >/dev/null
BIN=$(swift build -c release --show-bin-path)
APNSCTL=$BIN/apnsctl

rows=()   # "name|apnsctl|peer|ratio|target|verdict"
row() { rows+=("$1|$2|$3|$4|$5|$6"); printf '%-58s %-22s %-22s %-10s %s %s\n' "$1" "$2" "$3" "$4" "$5" "$6" >&2; }
ratio() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print(f'{a/b:.2f}')" "$1" "$2"; }
meets() { python3 -c "import sys; r,op,t=float(sys.argv[1]),sys.argv[2],float(sys.argv[3]); print('met' if (r>=t if op=='>=' else r<=t) else 'MISSED')" "$1" "$2" "$3"; }
# Mean seconds of one command under hyperfine.
mean() { hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$work/h.json" "$@" >/dev/null 2>&1 \
         || hyperfine --warmup 3 --runs "$RUNS" --export-json "$work/h.json" "$@" >/dev/null 2>&1
         python3 -c "import json; print(json.load(open('$work/h.json'))['results'][0]['mean'])"; }

source Benchmarks/cases.sh

write_report() {
    {
        echo "# Benchmarks"
        echo
        echo "Made by \`make bench\` (Benchmarks/run.sh) on $(date -u +%Y-%m-%d): $(nproc) cores," \
             "$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)," \
             "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)," \
             "$(swift --version 2>/dev/null | head -1), $(openssl version), curl $(curl --version | head -1 | cut -d' ' -f2)."
        echo "Each apnsctl figure stands beside a peer measured in the same run; the ratio is apnsctl ÷ peer"
        echo "(for rates, higher is better; for times, lower is better). hyperfine runs: $RUNS per command."
        echo
        echo "| benchmark | apnsctl | peer | ratio | target | |"
        echo "|---|---|---|---|---|---|"
        for r in "${rows[@]}"; do echo "| ${r//|/ | } |"; done
        echo
        [ -f "$work/notes.md" ] && cat "$work/notes.md"
    } > BENCHMARKS.md
    echo "bench: wrote BENCHMARKS.md" >&2
}

run_cases
write_report
