import APNsCore
import APNsKeystore
import APNsTokens
import ArgumentParser
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct TokenInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Decode a provider token: header, claims, age, and whether APNs would accept it.",
        discussion: "The signature is verified with --key (a PEM public or private key file, or a keystore key id), "
            + "or with the keystore's key named by the token's kid. Exit 1 when the token is expired, from the "
            + "future, its signature does not verify, or its key is revoked; the verdict line follows every check.")

    @Argument(help: ArgumentHelp("The token, or - to read it from stdin.", valueName: "TOKEN")) var token: String
    @Option(help: ArgumentHelp("Verify with this PEM key file or keystore key id.", valueName: "FILE|KEYID"))
    var key: String?
    @OptionGroup var keystore: KeystoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

    /// JSON: `algorithm`, `key_id`, `team_id`, `issued_at`, `age_seconds`, `verdict` after every check
    /// (`unsupported_algorithm` | `invalid_signature` | `untrusted_key` | `expired` | `issued_in_future` |
    /// `accepted`), `accepted_until`, `signature` (`valid` | `invalid` | `not_checked`), `verified_with`
    /// (file or key id), `key_state` and `key_trusted` (when the key is in the keystore: false once it is revoked
    /// or retired past its grace period), `summary`.
    struct Output: Encodable {
        var algorithm: String
        var keyID: String
        var teamID: String
        var issuedAt: Date
        var ageSeconds: Int64
        var verdict: TokenVerdictKind
        var acceptedUntil: Date
        var signature: String
        var verifiedWith: String?
        var keyState: KeyState?
        var keyTrusted: Bool?
        var summary: String
        enum CodingKeys: String, CodingKey {
            case algorithm, keyID = "key_id", teamID = "team_id", issuedAt = "issued_at", ageSeconds = "age_seconds"
            case verdict, acceptedUntil = "accepted_until", signature, verifiedWith = "verified_with"
            case keyState = "key_state", keyTrusted = "key_trusted", summary
        }
    }

    func run() async throws {
        let text = token == "-" ? String(decoding: try SecureFile.read("-", limit: 64 * 1024), as: UTF8.self) : token
        let parsed = try ProviderToken(parsing: text)
        let assessment = TokenAssessment(token: parsed, now: Date())
        let verifier = try findVerifier(for: parsed)
        let signature: TokenVerdict.Signature = verifier.map { parsed.isSignatureValid(for: $0.key) ? .valid : .invalid }
            ?? .notChecked
        let verdict = TokenVerdict(token: parsed, assessment: assessment, signature: signature,
                                   verifiedWith: verifier?.name, keyState: verifier?.state?.rawValue,
                                   keyTrusted: verifier?.trusted)
        let output = Output(algorithm: parsed.algorithm, keyID: parsed.keyID, teamID: parsed.teamID,
                            issuedAt: parsed.issuedAtDate, ageSeconds: assessment.ageSeconds, verdict: verdict.kind,
                            acceptedUntil: assessment.acceptedUntil, signature: signature.rawValue,
                            verifiedWith: verifier?.name, keyState: verifier?.state, keyTrusted: verifier?.trusted,
                            summary: verdict.summary)
        if format == .json {
            try Console.printJSON(output)
        } else {
            print("""
            header:    {"alg":"\(parsed.algorithm)","kid":"\(parsed.keyID)"}
            claims:    {"iss":"\(parsed.teamID)","iat":\(parsed.issuedAt)}
            issued:    \(KeystoreText.date(parsed.issuedAtDate))
            verdict:   \(verdict.summary)
            signature: \(signature.rawValue.replacing("_", with: " "))\(verifier.map { " (\($0.name))" } ?? "")
            """)
            if parsed.algorithm != "ES256" { print("algorithm: APNs accepts only ES256 (403 InvalidProviderToken)") }
            if let verifier, let state = verifier.state, verifier.trusted == false {
                print("key:       \(parsed.keyID) is \(state.rawValue) and no longer verifies tokens")
            }
        }
        if !verdict.isAccepted { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }

    struct Verifier {
        var key: P256.Signing.PublicKey
        var name: String
        var state: KeyState?
        var trusted: Bool?
    }

    /// --key FILE, --key KEYID, else the keystore's key for the token's kid (when a keystore opens).
    func findVerifier(for parsed: ProviderToken) throws -> Verifier? {
        if let key, FileManager.default.fileExists(atPath: key) {
            return Verifier(key: try SigningKeyMaterial.verificationKey(try SecureFile.read(key), file: key), name: key,
                            state: nil, trusted: nil)
        }
        if let key {
            guard AppleIdentifier.isValid(key) else {
                throw APNsError.badInput("--key \(key): no such file, and not a key id",
                                         hint: "pass a PEM public key file, a .p8, or a keystore key id")
            }
            let store = try keystore.open()
            let record = try store.key(key)
            return Verifier(key: try record.p256PublicKey(), name: "keystore key \(key)", state: record.state,
                            trusted: try store.trustedKeys().contains { $0.keyID == key })
        }
        guard let store = try? keystore.open(), let record = try? store.key(parsed.keyID),
              let publicKey = try? record.p256PublicKey() else { return nil }
        let trusted = (try? store.trustedKeys().contains { $0.keyID == record.keyID }) ?? false
        return Verifier(key: publicKey, name: "keystore key \(record.keyID)", state: record.state, trusted: trusted)
    }
}
