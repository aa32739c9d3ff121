#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (their own package and build directory, Fuzz/.build) and runs each for
# FUZZ_SECONDS (default 60) or FUZZ_RUNS executions (default: no limit), whichever comes first, starting from the
# committed seeds in Tests/Fuzz/corpus/<target>/ (new inputs go to Fuzz/.build/corpus/<target>/, not the seeds).
# Prints per target: runs, exec/s, new coverage (inputs added), crashes; crash inputs are kept in
# Fuzz/artifacts/<target>/. FUZZ_TARGETS="a b" runs only those. Exit 1 when any target crashed.
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-60}
RUNS=${FUZZ_RUNS:--1}
# LeakSanitizer is off by default: it reports one-time allocations of process-wide state (OpenSSL's providers and
# config, Apple's root certificates decoded once) and a CFError that swift-corelibs-foundation's
# PropertyListSerialization never frees, none of it per input or in apnsctl's code (docs/fuzzing.md).
# FUZZ_DETECT_LEAKS=1 turns it on.
LEAKS=${FUZZ_DETECT_LEAKS:-0}
# libFuzzer's flag covers each input; LeakSanitizer's own check at exit is AddressSanitizer's option.
export ASAN_OPTIONS="detect_leaks=$LEAKS${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
PKG=Fuzz
TARGETS=${FUZZ_TARGETS:-$(ls "$PKG/Sources" | grep "^fuzz-")}
if [ "${FUZZ_SKIP_BUILD:-0}" != 1 ]; then
  # The library code under test is instrumented too (-Xswiftc), so coverage guides the fuzzer through it.
  # One product at a time: a plain `swift build` would also link the dependencies' example executables.
  for t in $TARGETS; do
    swift build --package-path "$PKG" --disable-build-manifest-caching -Xswiftc -sanitize=fuzzer,address --product "$t" 2>&1 \
      | grep -v "warning: Cannot export local symbol" || true
    [ -x "$(swift build --package-path "$PKG" --show-bin-path)/$t" ] || { echo "fuzz: $t did not build" >&2; exit 2; }
  done
fi
BIN=$(swift build --package-path "$PKG" --show-bin-path)
status=0
printf '%-24s %12s %10s %14s %8s\n' target runs exec/s new_coverage crashes
for t in $TARGETS; do
  work="$PKG/.build/corpus/$t" artifacts="$PKG/artifacts/$t"
  mkdir -p "$work" "$artifacts" "Tests/Fuzz/corpus/$t"
  log="$PKG/.build/$t.log"
  before=$(ls "$artifacts" | wc -l)
  "$BIN/$t" "$work" "Tests/Fuzz/corpus/$t" -max_total_time="$SECONDS_EACH" -runs="$RUNS" -print_final_stats=1 \
    -artifact_prefix="$artifacts/" -timeout=20 -rss_limit_mb=2560 -max_len=16384 -detect_leaks="$LEAKS" >"$log" 2>&1
  code=$?
  runs=$(awk -F: '/stat::number_of_executed_units/ { gsub(/ /, "", $NF); print $NF }' "$log")
  rate=$(awk -F: '/stat::average_exec_per_sec/ { gsub(/ /, "", $NF); print $NF }' "$log")
  added=$(awk -F: '/stat::new_units_added/ { gsub(/ /, "", $NF); print $NF }' "$log")
  crashes=$(( $(ls "$artifacts" | wc -l) - before ))
  [ "$code" -ne 0 ] && [ "$crashes" -eq 0 ] && crashes="exit $code"
  [ "$code" -ne 0 ] && status=1
  printf '%-24s %12s %10s %14s %8s\n' "$t" "${runs:-?}" "${rate:-?}" "${added:-?}" "$crashes"
done
[ "$status" -ne 0 ] && echo "fuzz: a target crashed; inputs are in $PKG/artifacts/<target>/, logs in $PKG/.build/<target>.log"
exit $status
