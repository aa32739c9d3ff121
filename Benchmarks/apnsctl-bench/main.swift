import APNsCore
import APNsTokens
import Crypto
import Foundation

// In-process micro-benchmarks, printed as one JSON object for Benchmarks/run.sh.
// Not part of `swift test`: build with `swift build -c release --product apnsctl-bench`.

/// Runs `body` repeatedly for about `seconds` and returns operations per second.
func rate(seconds: Double = 2, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<100 { try body() }  // warm-up
    let clock = ContinuousClock()
    var count = 0
    let start = clock.now
    var elapsed = Duration.zero
    while elapsed < .seconds(seconds) {
        for _ in 0..<100 { try body() }
        count += 100
        elapsed = clock.now - start
    }
    let (s, attos) = elapsed.components
    return Double(count) / (Double(s) + Double(attos) / 1e18)
}

let key = P256.Signing.PrivateKey()
let fixedDate = Date()
var sink = 0

let signRate = try rate {
    let token = try ProviderToken.sign(keyID: "ABC123DEFG", teamID: "DEF123GHIJ", issuedAt: fixedDate, key: key)
    sink &+= token.signature.count
}
let rawSignRate = try rate {
    sink &+= try key.signature(for: Data("payload".utf8)).rawRepresentation.count
}

// A cached token lookup: the provider's in-memory cache after the first signature.
let provider = TokenProvider(keys: StaticKeySource(teamID: "DEF123GHIJ", keyID: "ABC123DEFG", key: key),
                             clock: SystemClock())
_ = try provider.token()
let lookupRate = try rate {
    sink &+= try provider.token().token.signature.count
}

let results: [String: Double] = [
    "cached_token_lookups_per_second": lookupRate,
    "es256_token_signs_per_second": signRate,
    "es256_raw_signs_per_second": rawSignRate,
]
let data = try JSONSerialization.data(withJSONObject: results, options: [.sortedKeys])
print(String(decoding: data, as: UTF8.self))
if sink == 42 { print("") }
