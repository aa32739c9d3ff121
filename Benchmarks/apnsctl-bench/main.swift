import APNsCore
import APNsTokens
import Crypto
import Foundation

// In-process micro-benchmarks for Benchmarks/run.sh. Not part of `swift test`.
// Build: `swift build -c release --product apnsctl-bench`.
//
//   apnsctl-bench [--seconds S] [NAME...]          rates (operations per second) as one JSON object
//   apnsctl-bench --profile NAME --iterations N    runs NAME exactly N times, for valgrind --tool=callgrind
//
// NAMEs (the JSON keys are NAME + "_per_second"):
//   es256_token_signs          ProviderToken.sign: JWT header/claims, base64url, SHA-256, ECDSA P-256
//   es256_raw_signs            P256.Signing.PrivateKey.signature over 7 bytes (swift-crypto/BoringSSL alone)
//   cached_token_lookups       TokenProvider.token() on a warm in-memory cache (the reuse path)
//   token_parses               ProviderToken(parsing:) of a compact token (what the reuse path does each call)
//   cached_lookups_memoized    a replica of the reuse path that keeps the parsed token (the proposed fix)
//   es256_token_verifies       ProviderToken(parsing:) + isSignatureValid: what the mock does per request

let key = P256.Signing.PrivateKey()
let teamID = "DEF123GHIJ", keyID = "ABC123DEFG"
let fixedDate = Date()
let signed = try ProviderToken.sign(keyID: keyID, teamID: teamID, issuedAt: fixedDate, key: key)
let compact = signed.compact
let publicKey = key.publicKey

// The provider's in-memory cache after the first signature.
let provider = TokenProvider(keys: StaticKeySource(teamID: teamID, keyID: keyID, key: key), clock: SystemClock())
_ = try provider.token()

/// The reuse path of `TokenProvider.token(team:keyID:)` with one change: the provider keeps the token it last
/// parsed or signed together with its compact text, and reuses it when the cache entry's text is the same, so a
/// cached lookup compares strings instead of parsing JSON. Same lock, store, key-source call, policy decision and
/// date arithmetic as the real path. It returns the token and its refresh/expiry dates.
final class MemoizedReusePath: @unchecked Sendable {
    let keys: StaticKeySource
    let cache = InMemoryTokenCacheStore()
    let policy = TokenCachePolicy()
    let lock = NSLock()
    var last: (compact: String, token: ProviderToken)?

    init(keys: StaticKeySource, token: ProviderToken) {
        self.keys = keys
        _ = try? cache.withExclusiveAccess { $0.store(TokenCacheEntry(token)) }
        last = (token.compact, token)
    }

    func token() throws -> (ProviderToken, Date, Date)? {
        lock.lock()
        defer { lock.unlock() }
        return try cache.withExclusiveAccess { cache -> (ProviderToken, Date, Date)? in
            let reference = try keys.signingKey(team: nil, keyID: nil)
            let now = Date()
            guard let exact = cache.entry(teamID: reference.teamID, keyID: reference.keyID),
                  case .reuse = policy.decide(cached: exact, keyID: reference.keyID, now: now),
                  let last, last.compact == exact.token, last.token.keyID == reference.keyID,
                  last.token.teamID == reference.teamID, last.token.issuedAt == exact.issuedAt
            else { return nil }
            return (last.token, policy.refreshDate(issuedAt: last.token.issuedAt),
                    last.token.issuedAtDate.addingTimeInterval(RefreshInterval.tokenLifetime))
        }
    }
}

let memoized = MemoizedReusePath(keys: StaticKeySource(teamID: teamID, keyID: keyID, key: key), token: signed)

nonisolated(unsafe) var sink = 0

let benchmarks: [(String, () throws -> Void)] = [
    ("es256_token_signs", {
        let token = try ProviderToken.sign(keyID: keyID, teamID: teamID, issuedAt: fixedDate, key: key)
        sink &+= token.signature.count
    }),
    ("es256_raw_signs", {
        sink &+= try key.signature(for: Data("payload".utf8)).rawRepresentation.count
    }),
    ("cached_token_lookups", {
        sink &+= try provider.token().token.signature.count
    }),
    ("token_parses", {
        sink &+= try ProviderToken(parsing: compact).signature.count
    }),
    ("cached_lookups_memoized", {
        guard let (token, _, _) = try memoized.token() else { fail("memoized replica did not reuse") }
        sink &+= token.signature.count
    }),
    ("es256_token_verifies", {
        sink &+= try ProviderToken(parsing: compact).isSignatureValid(for: publicKey) ? 1 : 0
    }),
]

/// Runs `body` repeatedly for about `seconds` and returns operations per second.
func rate(seconds: Double, _ body: () throws -> Void) rethrows -> Double {
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

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("apnsctl-bench: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var seconds = 2.0
var profile: String?
var iterations = 10_000
var names: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--seconds":
        guard let value = arguments.first.flatMap(Double.init), value > 0 else { fail("--seconds needs a number") }
        seconds = value
        arguments.removeFirst()
    case "--profile":
        guard let value = arguments.first else { fail("--profile needs a NAME") }
        profile = value
        arguments.removeFirst()
    case "--iterations":
        guard let value = arguments.first.flatMap(Int.init), value > 0 else { fail("--iterations needs a count") }
        iterations = value
        arguments.removeFirst()
    default:
        names.append(argument)
    }
}
let known = Set(benchmarks.map(\.0))
for name in names + (profile.map { [$0] } ?? []) where !known.contains(name) {
    fail("unknown benchmark \(name); known: \(benchmarks.map(\.0).joined(separator: ", "))")
}

if let profile, let body = benchmarks.first(where: { $0.0 == profile })?.1 {
    for _ in 0..<iterations { try body() }
    print("\(profile): \(iterations) iterations")
} else {
    var results: [String: Double] = [:]
    for (name, body) in benchmarks where names.isEmpty || names.contains(name) {
        results[name + "_per_second"] = try rate(seconds: seconds, body)
    }
    let data = try JSONSerialization.data(withJSONObject: results, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}
if sink == 42 { print("") }
