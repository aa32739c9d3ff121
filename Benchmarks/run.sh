#!/usr/bin/env bash
# apnsctl benchmarks: every figure beside a peer measured in the same run, as a ratio.
#   make bench   (or Benchmarks/run.sh)   → prints the table and writes BENCHMARKS.md
# Needs: hyperfine, h2load + nghttpd (nghttp2-client, nghttp2-server), openssl, curl, python3 with PyJWT; etcd and
# etcdctl (etcd-server, etcd-client) for case 9, skipped without them.
# Loopback only. Nothing here is a test: no figure fails the build, and no test asserts a time.
#
# Environment: BENCH_RUNS (hyperfine runs per single-process command, default 20), BENCH_ROUNDS (alternating
# rounds for the rate benchmarks 1 and 7, default 3), BENCH_OUT (report path, default BENCHMARKS.md),
# BENCH_SKIP_BUILD=1 (use the release binaries already built), BENCH_BUILD_FLAGS (default: the Makefile's
# RELEASE_FLAGS: `-c release --static-swift-stdlib` with function sections), BENCH_CASES (only these cases, by function name without
# `case_`, e.g. "token_process startup probe_vs_curl memory"; default: all; the report says which ran).
# apnsctl is measured as `make install` installs it: stripped.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
RUNS=${BENCH_RUNS:-20}
ROUNDS=${BENCH_ROUNDS:-3}
OUT=${BENCH_OUT:-BENCHMARKS.md}
work=$(mktemp -d /tmp/apnsctl-bench.XXXXXX)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

die() { echo "bench: $*" >&2; exit 2; }
need() { command -v "$1" >/dev/null || die "$1 is missing (apt-get install -y $2)"; }
need hyperfine hyperfine; need h2load nghttp2-client; need nghttpd nghttp2-server; need openssl openssl
need curl curl; need python3 python3
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (apt-get install -y time)"
python3 -c 'import jwt, cryptography' 2>/dev/null || python3 -m pip install -q pyjwt cryptography \
    || die "PyJWT is missing (python3 -m pip install pyjwt cryptography)"

# The in-process cases (and the notes of 4 and 7) run apnsctl-bench; the others need only apnsctl.
needs_bench_tool() {
    [ -z "${BENCH_CASES:-}" ] && return 0
    local c
    for c in $BENCH_CASES; do
        case $c in sign_rate|cached_lookup|batch_convert|h2load) return 0;; esac
    done
    return 1
}
read -r -a BUILD_FLAGS <<< "${BENCH_BUILD_FLAGS:--c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections}"
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
    echo "bench: building release binaries (swift build ${BUILD_FLAGS[*]})" >&2
    swift build "${BUILD_FLAGS[@]}" --product apnsctl >/dev/null || die "release build of apnsctl failed"
    if needs_bench_tool; then
        swift build "${BUILD_FLAGS[@]}" --product apnsctl-bench >/dev/null || die "release build of apnsctl-bench failed"
    fi
    if [ -z "${BENCH_CASES:-}" ] || [[ " $BENCH_CASES " == *" exporter_footprint "* ]]; then
        swift build "${BUILD_FLAGS[@]}" --product apnsctl-exporter-config >/dev/null || die "release build of apnsctl-exporter-config failed"
    fi
    if [ -z "${BENCH_CASES:-}" ] || [[ " $BENCH_CASES " == *" fleet_token "* ]]; then
        swift build "${BUILD_FLAGS[@]}" --product apnsctl-fleet-bench >/dev/null || die "release build of apnsctl-fleet-bench failed"
    fi
fi
BIN=$(swift build "${BUILD_FLAGS[@]}" --show-bin-path)
[ -x "$BIN/apnsctl" ] || die "no release apnsctl in $BIN"
if needs_bench_tool && [ ! -x "$BIN/apnsctl-bench" ]; then die "no release apnsctl-bench in $BIN"; fi
# The binary `make install` installs (install -s): stripped.
APNSCTL=$work/apnsctl
strip -o "$APNSCTL" "$BIN/apnsctl" || die "strip failed"

rows=()   # "name|apnsctl|peer|ratio|target|verdict|load"
loadavg() { cut -d' ' -f1 /proc/loadavg; }
row() {
    rows+=("$1|$2|$3|$4|$5|$6|${CASE_LOAD:-?}")
    printf '%-62s %-24s %-24s %-14s %-12s %-7s load %s\n' "$1" "$2" "$3" "$4" "$5" "$6" "${CASE_LOAD:-?}" >&2
}
note() { printf '%s\n' "$*" >> "$work/notes.md"; }
# python3 one-liners: float formatting and arithmetic the shell has not.
py() { python3 -c "import sys, json; a = sys.argv[1:]; $1" "${@:2}"; }
ratio() { py 'print(f"{float(a[0])/float(a[1]):.2f}")' "$1" "$2"; }
meets() { py 'r,op,t=float(a[0]),a[1],float(a[2]); print("met" if (r>=t if op==">=" else r<=t) else "MISSED")' "$1" "$2" "$3"; }
ms() { py 'print(f"{float(a[0])*1000:.1f} ms")' "$1"; }
# "12.3 ± 0.4 ms" from hyperfine's JSON: result $2 of file $1.
ms_sd() { py 'r=json.load(open(a[0]))["results"][int(a[1])]; m=r["mean"]*1000; s=r["stddev"]*1000; print(f"{m:.1f} ± {s:.1f} ms")' "$1" "$2"; }
field() { py 'print(json.load(open(a[0]))["results"][int(a[1])][a[2]])' "$1" "$2" "$3"; }
# Mean CPU seconds (user + system) of result $2: steadier than wall time when other processes share the cores.
cpu() { py 'r=json.load(open(a[0]))["results"][int(a[1])]; print(r["user"] + r["system"])' "$1" "$2"; }
# Coefficient of variation of result $2, in percent.
cv() { py 'r=json.load(open(a[0]))["results"][int(a[1])]; c=100*r["stddev"]/r["mean"]; print(f"{c:.0f}")' "$1" "$2"; }

# hyperfine over one or more commands (run without a shell, -N), exporting JSON to $1.
# Stops the run with hyperfine's own message when a command fails: a failing command has no timing.
hf() {
    local out=$1 runs=$2; shift 2
    if ! hyperfine -N --style none --warmup 2 --runs "$runs" --export-json "$out" "$@" >"$work/hf.log" 2>&1; then
        echo "bench: hyperfine failed:" >&2; tail -5 "$work/hf.log" >&2; return 1
    fi
}
# The same through bash, for shell loops (hyperfine subtracts the shell's own start-up).
hf_shell() {
    local out=$1 runs=$2; shift 2
    if ! hyperfine --shell bash --style none --warmup 1 --runs "$runs" --export-json "$out" "$@" >"$work/hf.log" 2>&1; then
        echo "bench: hyperfine failed:" >&2; tail -5 "$work/hf.log" >&2; return 1
    fi
}

source Benchmarks/cases.sh
source Benchmarks/fleet.sh
source Benchmarks/footprint.sh
source Benchmarks/device.sh

machine() {
    echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')," \
         "$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo) RAM), $(uname -sr)," \
         "$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME");" \
         "$(swift --version 2>/dev/null | head -1 | sed 's/ (.*//');" \
         "$(openssl version | cut -d' ' -f1-2); curl $(curl --version | head -1 | cut -d' ' -f2);" \
         "nghttp2 $(h2load --version | awk '{print $2}' | cut -d/ -f2); hyperfine $(hyperfine --version | cut -d' ' -f2);" \
         "PyJWT $(python3 -c 'import jwt; print(jwt.__version__)'), Python $(python3 -c 'import platform; print(platform.python_version())')"
}

write_report() {
    {
        echo "# Benchmarks"
        echo
        echo "Generated by \`make bench\` (Benchmarks/run.sh); do not edit by hand. How to run, what each figure"
        echo "means and the profiling notes: [docs/benchmarks.md](docs/benchmarks.md)."
        echo
        echo "- Run: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $REVISION, \`swift build ${BUILD_FLAGS[*]}\`, stripped"
        echo "  ($(py 'print(f"{int(a[0])/1048576:.1f}")' "$(stat -c %s "$APNSCTL")") MiB; linked shared objects: $(ldd "$APNSCTL" | awk '{print $1}' | sed 's|.*/||' | tr '\n' ' ' | sed 's/ $//'))."
        echo "- Machine: $(machine)."
        [ -n "${BENCH_CASES:-}" ] && echo "- Cases run (BENCH_CASES): $BENCH_CASES; the others were not run."
        echo "- Load average (1 min) at start: $START_LOAD, at end: $(loadavg). The \"load\" column is the load when that"
        echo "  case started: above ~1 on this machine means other processes shared the cores and the figure is noisy."
        echo "- Each apnsctl figure stands beside a peer measured in the same run; ratio = apnsctl ÷ peer unless the"
        echo "  cell says \"× faster\" (peer time ÷ apnsctl time). hyperfine: $RUNS runs per single-process command, mean ± σ."
        echo "  Rates: 1 best of, 7 median of $ROUNDS alternating rounds of apnsctl and peer. In-process rates (1, 2) are per CPU second"
        echo "  of the benchmark thread, as \`openssl speed\` counts by default (its user time), so co-tenants slow both alike."
        echo
        echo "| benchmark | apnsctl | peer | ratio | target | verdict | load |"
        echo "|---|---|---|---|---|---|---|"
        for r in "${rows[@]}"; do echo "| ${r//|/ | } |"; done
        echo
        if [ -f "$work/notes.md" ]; then echo "## Notes from this run"; echo; cat "$work/notes.md"; fi
    } > "$OUT"
    echo "bench: wrote $OUT" >&2
}

START_LOAD=$(loadavg)
# The commit measured, and whether the tree differed from it (the report itself does not count).
REVISION="$(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD -- . ":(exclude)$OUT" 2>/dev/null || echo ' (+ local changes)')"
run_cases
write_report
