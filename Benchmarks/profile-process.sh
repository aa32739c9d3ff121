#!/usr/bin/env bash
# Where whole apnsctl processes spend CPU and memory, for the targets a one-shot command is measured on
# (issue 11: one probe ≤ 1.3 × curl, max RSS of `cert inspect` ≤ 2.5 × openssl and of `probe` ≤ 2.0 × curl).
#   Benchmarks/profile-process.sh probe [N]   perf (cpu-clock samples, call graphs) of N probes (default 30) and of
#                                             N `curl --http2` runs against the same mock: CPU per run by phase
#   Benchmarks/profile-process.sh faults      page faults by Swift module / shared object (perf, one event per
#                                             fault) and resident memory by mapping (smaps at exit, gdb), for
#                                             `--version` and `cert inspect` of the legacy .p12
# Uses the release build of BENCH_BUILD_FLAGS (default the Makefile's RELEASE_FLAGS; built when missing). perf
# samples time, so the figures move a little from run to run; the shares hold. PROFILE_DIR keeps the files.
set -uo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}; shift || true
dir=${PROFILE_DIR:-$(mktemp -d /tmp/apnsctl-process.XXXXXX)}
mkdir -p "$dir"
read -r -a BUILD_FLAGS <<< "${BENCH_BUILD_FLAGS:--c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections}"
BIN=$(swift build "${BUILD_FLAGS[@]}" --show-bin-path)
[ -x "$BIN/apnsctl" ] || swift build "${BUILD_FLAGS[@]}" --product apnsctl >/dev/null || { echo "profile: build failed" >&2; exit 2; }
command -v perf >/dev/null || { echo "profile: perf is missing (apt-get install -y linux-perf)" >&2; exit 2; }
# Unstripped: the symbols name the Swift modules (the same code and layout as the stripped install).
APNSCTL=$BIN/apnsctl
fixture=Tests/Fixtures/certs/dev-legacy.p12

case "$mode" in
probe)
    runs=${1:-30}
    APNSCTL_BIN=$APNSCTL
    source Benchmarks/profile-mock.sh
    echo "$APNSCTL probe --host 127.0.0.1 --port $port --cacert $dir/ca.pem --token-file $dir/token.out \
--topic com.example.bench --device-token $device" > "$dir/probe.sh"
    echo "curl --http2 -s -o /dev/null --cacert $dir/ca.pem -H 'authorization: bearer $(cat "$dir/token.out")' \
-H 'apns-topic: com.example.bench' -H 'apns-push-type: background' -H 'apns-priority: 5' \
-d '{\"aps\":{\"content-available\":1}}' https://127.0.0.1:$port/3/device/$device" > "$dir/curl.sh"
    for side in probe curl; do
        perf record -e cpu-clock -F 4999 -g -o "$dir/$side.data" -- \
            bash -c "for i in \$(seq $runs); do bash $dir/$side.sh >/dev/null; done" >/dev/null 2>&1
        perf script -i "$dir/$side.data" -F comm,ip,sym,dso 2>/dev/null > "$dir/$side.txt"
    done
    python3 - "$dir/probe.txt" "$dir/curl.txt" "$runs" <<'PY'
import collections, re, sys
phases = [  # (label, regex over the whole stack): a sample counts in every phase its stack matches
    ("ArgumentParser (parse the command line)", r"ArgumentParser"),
    ("  Swift runtime: protocol conformance scans", r"swift_conformsToProtocol"),
    ("dynamic loader (start-up, dlopen of libcurl)", r"ld-linux-x86-64"),
    ("  dlopen of libcurl and its libraries", r"dl_open_worker"),
    ("page faults", r"asm_exc_page_fault"),
    ("OpenSSL (libcrypto, libssl)", r"libcrypto\.so|libssl\.so"),
    ("libcurl and its libraries (not OpenSSL)", r"libcurl\.so|libnghttp2|libgnutls|libtasn1|libnettle"),
    ("the probe's own work (ProbeCommand.run)", r"ProbeCommandV3run"),
]
def load(path, wanted):
    samples, hits = 0, collections.Counter()
    for block in open(path).read().split("\n\n"):
        lines = [l for l in block.strip().split("\n") if l.strip()]
        if not lines or not wanted(lines[0].split()[0]):
            continue
        samples += 1
        stack = "\n".join(lines[1:])
        for label, pattern in phases:
            if re.search(pattern, stack):
                hits[label] += 1
    return samples, hits
runs, hz = int(sys.argv[3]), 4999
ours, ours_hits = load(sys.argv[1], lambda c: c.startswith("apnsctl") or "qos" in c)
peer, _ = load(sys.argv[2], lambda c: c == "curl")
ms = lambda n: n / runs / hz * 1000
print(f"CPU per run (perf cpu-clock, {runs} runs each): apnsctl probe {ms(ours):.1f} ms, curl --http2 {ms(peer):.1f} ms")
for label, _ in phases:
    print(f"  {label:<48} {ms(ours_hits[label]):6.2f} ms  {100 * ours_hits[label] / max(ours, 1):5.1f} %")
PY
    ;;
faults)
    for run in "version --version" "inspect cert inspect $fixture --password-file $fixture.password"; do
        set -- $run; label=$1; shift
        perf record -e minor-faults -c 1 -o "$dir/faults-$label.data" "$APNSCTL" "$@" >/dev/null 2>&1
        perf script -i "$dir/faults-$label.data" -F ip,sym,dso 2>/dev/null > "$dir/faults-$label.txt"
        gdb -q -batch -ex 'catch syscall exit_group' -ex run \
            -ex "python import gdb, shutil; open('$dir/smaps-$label.txt', 'w').write(open('/proc/%d/smaps' % gdb.selected_inferior().pid).read())" \
            --args "$APNSCTL" "$@" >/dev/null 2>&1
    done
    python3 - "$dir" <<'PY'
import collections, re, sys
d = sys.argv[1]
def faults(label):
    by = collections.Counter()
    for line in open(f"{d}/faults-{label}.txt"):
        m = re.match(r"\s*\S+\s+(.*)\s+\((.*)\)$", line.strip())
        if not m:
            continue
        sym, dso = m.group(1), m.group(2).split("/")[-1]
        if dso != "apnsctl":
            by["[" + dso + "]"] += 1
            continue
        mm = re.match(r"\$s(\d+)([A-Za-z_]\w*)", sym)
        by[mm.group(2)[: int(mm.group(1))] if mm else ("Swift runtime" if "swift" in sym else "C code")] += 1
    return by
def rss(label):
    by, cur = collections.Counter(), None
    for line in open(f"{d}/smaps-{label}.txt"):
        m = re.match(r"^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \d+ *(.*)$", line)
        if m:
            cur = (m.group(2).strip().split("/")[-1] or "[anon]") + " " + m.group(1)
        elif line.startswith("Rss:"):
            by[cur] += int(line.split()[1])
    return by
a, b = faults("version"), faults("inspect")
print(f"page faults (each maps up to 64 KiB of a file: fault-around): --version {sum(a.values())}, cert inspect {sum(b.values())}")
for k in sorted(set(a) | set(b), key=lambda k: -b[k])[:16]:
    print(f"  {k:<34} {a[k]:6d} {b[k]:6d}")
ra, rb = rss("version"), rss("inspect")
print(f"resident KiB at exit: --version {sum(ra.values())}, cert inspect {sum(rb.values())}")
for k in sorted(set(ra) | set(rb), key=lambda k: -rb[k])[:10]:
    print(f"  {k:<44} {ra[k]:7d} {rb[k]:7d}")
PY
    ;;
*)
    echo "usage: Benchmarks/profile-process.sh probe [N] | faults" >&2; exit 2 ;;
esac
echo "profile: files in $dir" >&2
