#!/usr/bin/env bash
# Regenerates scripts/apnsctl.symbol-order: the functions that representative one-shot commands execute, in the
# order the release link (Package.swift `leanRelease`, lld `--symbol-ordering-file`) places them at the start of
# the text. Start-up code is otherwise scattered over 20 MB of text, and every page fault of a binary that is in
# the page cache maps up to 16 pages around it (the kernel's fault-around), so a command's resident code was
# several times the code it ran. See docs/benchmarks.md ("Hot/cold text layout").
#
#   scripts/gen-symbol-order.sh            writes scripts/apnsctl.symbol-order (commit it)
#   PROFILE_DIR=/tmp/x scripts/gen-symbol-order.sh   keeps the callgrind files
#
# How: each command runs whole under valgrind's callgrind, which records every function executed (not a sample):
# `--version`, `--help`, `token` with a warm cache, `cert inspect` of the legacy .p12 fixture, and `probe` against
# a local mock (Benchmarks/profile-mock.sh). The names kept are those the binary defines (nm), each once, in the
# order of the commands above. A function missing from the list (a rarely taken path, a new function) is only
# laid out after the listed ones: the list changes the layout, never the behaviour. Regenerate it when the
# start-up path changes much; a stale list costs memory, not correctness. SwiftPM does not track the file: after
# regenerating it, delete the release binary so that the next `make release` links again. Needs valgrind and a
# release build (made here with the Makefile's RELEASE_FLAGS when missing; BENCH_BUILD_FLAGS overrides them).
set -euo pipefail
cd "$(dirname "$0")/.."
read -r -a BUILD_FLAGS <<< "${BENCH_BUILD_FLAGS:--c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections}"
command -v valgrind >/dev/null || { echo "gen-symbol-order: valgrind is missing (apt-get install -y valgrind)" >&2; exit 2; }
BIN=$(swift build "${BUILD_FLAGS[@]}" --show-bin-path)
[ -x "$BIN/apnsctl" ] || swift build "${BUILD_FLAGS[@]}" --product apnsctl >/dev/null
dir=${PROFILE_DIR:-$(mktemp -d /tmp/apnsctl-order.XXXXXX)}
mkdir -p "$dir"
# valgrind 3.19 cannot read the DWARF 5 of the vendored BoringSSL: a copy without debug info keeps the symbols.
strip --strip-debug -o "$dir/apnsctl" "$BIN/apnsctl"
APNSCTL_BIN=$dir/apnsctl
source Benchmarks/profile-mock.sh   # sets ks, device, port, mock; writes $dir/token.out
fixture=Tests/Fixtures/certs/dev-legacy.p12
runs=(
    "version|--version"
    "help|--help"
    "token|token --keystore $ks --team BENCHTEAM1"
    "inspect|cert inspect $fixture --password-file $fixture.password"
    "probe|probe --host 127.0.0.1 --port $port --cacert $dir/ca.pem --token-file $dir/token.out --topic com.example.bench --device-token $device"
)
outs=()
for run in "${runs[@]}"; do
    label=${run%%|*}; read -r -a args <<< "${run#*|}"
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$dir/cg-$label.out" "$dir/apnsctl" "${args[@]}" \
        >/dev/null 2>"$dir/cg-$label.log" || { echo "gen-symbol-order: $label failed under valgrind, see $dir/cg-$label.log" >&2; exit 1; }
    outs+=("$dir/cg-$label.out")
done
nm --defined-only "$dir/apnsctl" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u > "$dir/defined.txt"
python3 - "$dir/defined.txt" "${outs[@]}" > scripts/apnsctl.symbol-order <<'PY'
import re, sys
defined = set(open(sys.argv[1]).read().split())
# _start (crt1.o) runs before anything callgrind names.
seen, order = {"_start"}, ["_start"]
for path in sys.argv[2:]:
    names = {}
    for line in open(path, errors="replace"):
        m = re.match(r"^c?fn=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not m:
            continue
        if m.group(2):
            names[m.group(1)] = m.group(2)
        name = names.get(m.group(1))
        # callgrind names a function by its symbol, with "'2" and the like for recursion levels
        name = name.split("'")[0] if name else None
        if name and name in defined and name not in seen:
            seen.add(name)
            order.append(name)
for name in order:
    print(name)
PY
echo "gen-symbol-order: $(wc -l < scripts/apnsctl.symbol-order) functions in scripts/apnsctl.symbol-order (files in $dir)" >&2
