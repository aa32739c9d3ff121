#!/usr/bin/env bash
# The hand-written pieces that issue 31 replaced with FoundationEssentials, measured against the library in one
# process: each piece as it was at COMMIT (default 4654e95), compiled with `swiftc -O` beside a harness that runs
# both sides for the same CPU time (CLOCK_THREAD_CPUTIME_ID, best of 3 alternating rounds) and prints
# nanoseconds per call and the ratio (hand ÷ library). Not part of `swift test`; no figure fails anything.
#   Benchmarks/replaced-pieces.sh [COMMIT]
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-4654e95}
work=$(mktemp -d /tmp/apnsctl-replaced.XXXXXX)
trap 'rm -rf "$work"' EXIT
for file in Base64URL ISO8601Text CivilDate; do
    git show "$commit:Sources/APNsCore/$file.swift" > "$work/$file.swift"
done
cat > "$work/main.swift" <<'SWIFT'
import FoundationEssentials
import Glibc

func cpu() -> Double { var t = timespec(); clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
nonisolated(unsafe) var sink = 0
/// Nanoseconds a call: `body` run in batches of 100 for 0.5 s of this thread's CPU time.
func nanoseconds(_ body: () -> Int) -> Double {
    for _ in 0..<100 { sink &+= body() }
    var count = 0
    let start = cpu()
    while cpu() - start < 0.5 { for _ in 0..<100 { sink &+= body() }; count += 100 }
    return (cpu() - start) / Double(count) * 1e9
}
let signature: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
let encoded = Base64URL.encode(signature)
let date = Date(timeIntervalSince1970: 1_795_455_000.123)
let style = Date.ISO8601FormatStyle()
func libraryDecode(_ text: String) -> [UInt8]? {
    var standard = [UInt8]()
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "-"): standard.append(UInt8(ascii: "+"))
        case UInt8(ascii: "_"): standard.append(UInt8(ascii: "/"))
        case UInt8(ascii: "="): continue
        case UInt8(ascii: "+"), UInt8(ascii: "/"): return nil
        default: standard.append(byte)
        }
    }
    while standard.count % 4 != 0 { standard.append(UInt8(ascii: "=")) }
    return Data(base64Encoded: Data(standard)).map(Array.init)
}
precondition(libraryDecode(encoded) == Base64URL.decode(encoded) && ISO8601Text.string(from: date) == style.format(date))
let pairs: [(String, () -> Int, () -> Int)] = [
    ("base64url_decode (64-byte signature)", { Base64URL.decode(encoded)?.count ?? 0 }, { libraryDecode(encoded)?.count ?? 0 }),
    ("iso8601_string (whole seconds)", { ISO8601Text.string(from: date).utf8.count }, { style.format(date).utf8.count }),
]
for (name, hand, library) in pairs {
    var best = (Double.infinity, Double.infinity)
    for _ in 0..<3 { best = (min(best.0, nanoseconds(hand)), min(best.1, nanoseconds(library))) }
    print("\(name): by hand \(Int(best.0)) ns, library \(Int(best.1)) ns, ratio \((best.0 / best.1 * 100).rounded() / 100)")
}
SWIFT
swiftc -O "$work/main.swift" "$work/Base64URL.swift" "$work/ISO8601Text.swift" "$work/CivilDate.swift" -o "$work/replaced"
"$work/replaced"
