import APNsCore
import APNsCredentials
import APNsMock
import APNsTokens
import Crypto
import Foundation

// In-process micro-benchmarks for Benchmarks/run.sh. Not part of `swift test`.
// Build: `swift build -c release --product apnsctl-bench`.
//
//   apnsctl-bench [--seconds S] [NAME...]          rates (operations per CPU second) as one JSON object
//   apnsctl-bench --profile NAME --iterations N    runs NAME exactly N times, for valgrind --tool=callgrind
//
// NAMEs (the JSON keys are NAME + "_per_second"):
//   es256_token_signs          ProviderToken.sign: JWT header/claims, base64url, SHA-256, ECDSA P-256
//   es256_raw_signs            P256.Signing.PrivateKey.signature over 7 bytes (swift-crypto/BoringSSL alone)
//   cached_token_lookups       TokenProvider.token() on a warm in-memory cache (the reuse path)
//   token_parses               ProviderToken(parsing:) of a compact token (what the reuse path does each call)
//   cached_lookups_memoized    a replica of the reuse path that keeps the parsed token (the proposed fix)
//   es256_token_verifies       ProviderToken(parsing:) + isSignatureValid: what the mock does per request
//   mock_validations           RequestValidator.validate of a canary push with that token on one connection
//   base64url_encodes          APNsCore's Base64URL.encode of a 64-byte signature
//   base64url_encodes_foundation  the same bytes through Data.base64EncodedString(options: [.base64URLAlphabet,
//                              .omitPaddingCharacter]) (its peer)
//   iso8601_parses             ISO8601Text.date(from:) of `2026-11-23T17:30:00Z`
//   iso8601_parses_formatstyle Date.ISO8601FormatStyle().parse of the same text (its peer)
//   iso8601_millisecond_formats  ISO8601Text.millisecondString(from:): the mock's log time
//   iso8601_millisecond_formats_formatstyle  Date.ISO8601FormatStyle(includingFractionalSeconds: true).format (its peer)
//   legacy_p12_to_pem          CredentialReader.read(bytes:) of Tests/Fixtures/certs/dev-legacy.p12 (password
//                              from its .password file) + CredentialWriter.pem: `cert convert` without file I/O;
//                              skipped unless run from the repository root

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

// The mock's validator with the key trusted and the canary's device registered, and one connection.
let device = String(repeating: "ab", count: 32)
let validator = RequestValidator(policy: ValidationPolicy(devices: [device: "com.example.bench"],
                                                          trustedKeys: [TrustedKey(keyID: keyID, teamID: teamID,
                                                                                   publicKey: publicKey)]))
let canary = MockRequest(method: "POST", path: "/3/device/\(device)", headers: [
    MockHeader("authorization", "bearer \(compact)"), MockHeader("apns-topic", "com.example.bench"),
    MockHeader("apns-push-type", "background"), MockHeader("apns-priority", "5"), MockHeader("apns-expiration", "0"),
], body: Array(#"{"aps":{"content-available":1}}"#.utf8))
nonisolated(unsafe) var connection = ConnectionAuthState()

// The legacy .p12 fixture, when run from the repository root.
OpenSSLRuntime.bootstrap()
let p12Path = "Tests/Fixtures/certs/dev-legacy.p12"
let p12 = FileManager.default.contents(atPath: p12Path).map { Array($0) }
let p12Password = (try? String(contentsOfFile: p12Path + ".password", encoding: .utf8))?
    .trimmingCharacters(in: .newlines) ?? ""
// As `cert convert --password-file` reads: the password is at hand, so it is tried before the empty one.
let reader = CredentialReader(password: { p12Password }, passwordAtHand: true)

let base64Options: Data.Base64EncodingOptions = [.base64URLAlphabet, .omitPaddingCharacter]
guard Data(signed.signature).base64EncodedString(options: base64Options) == Base64URL.encode(signed.signature) else {
    fail("Foundation's base64url disagrees with APNsCore's Base64URL")
}
let isoText = "2026-11-23T17:30:00Z"
let isoStyle = Date.ISO8601FormatStyle()
let isoMillisecondStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
guard ISO8601Text.date(from: isoText) == (try? isoStyle.parse(isoText)),
      ISO8601Text.millisecondString(from: fixedDate) == isoMillisecondStyle.format(fixedDate) else {
    fail("Date.ISO8601FormatStyle disagrees with APNsCore's ISO8601Text")
}

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
    ("mock_validations", {
        let response = validator.validate(canary, connection: &connection, now: fixedDate.addingTimeInterval(1))
        guard response.status == 200 else { fail("the mock's validator answered \(response.status): \(response.detail)") }
        sink &+= response.status
    }),
    ("base64url_encodes", {
        sink &+= Base64URL.encode(signed.signature).utf8.count
    }),
    ("base64url_encodes_foundation", {
        sink &+= Data(signed.signature).base64EncodedString(options: base64Options).utf8.count
    }),
    ("iso8601_parses", {
        sink &+= Int(ISO8601Text.date(from: isoText)?.timeIntervalSince1970 ?? 0)
    }),
    ("iso8601_parses_formatstyle", {
        sink &+= Int(try isoStyle.parse(isoText).timeIntervalSince1970)
    }),
    ("iso8601_millisecond_formats", {
        sink &+= ISO8601Text.millisecondString(from: fixedDate).utf8.count
    }),
    ("iso8601_millisecond_formats_formatstyle", {
        sink &+= isoMillisecondStyle.format(fixedDate).utf8.count
    }),
    ("legacy_p12_to_pem", {
        guard let p12 else { return }
        let bundle = try reader.read(bytes: p12, name: p12Path)
        sink &+= try CredentialWriter.pem(certificates: bundle.certificates, key: bundle.privateKey).count
    }),
]

/// CPU time this thread has used, in seconds. Rates divide by CPU time, not wall time, as `openssl speed` does by
/// default (its user time): other processes sharing the cores then slow both sides alike instead of only ours.
func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Runs `body` repeatedly for about `seconds` of CPU time and returns operations per CPU second.
func rate(seconds: Double, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<100 { try body() }  // warm-up
    var count = 0
    let start = threadCPUSeconds()
    var elapsed = 0.0
    while elapsed < seconds {
        for _ in 0..<100 { try body() }
        count += 100
        elapsed = threadCPUSeconds() - start
    }
    return Double(count) / elapsed
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
        if name == "legacy_p12_to_pem" && p12 == nil { continue }
        results[name + "_per_second"] = try rate(seconds: seconds, body)
    }
    let data = try JSONSerialization.data(withJSONObject: results, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}
if sink == 42 { print("") }
