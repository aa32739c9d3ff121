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
        discussion: "The signature is verified with --key FILE (a PEM public or private key file), --key-id KEYID "
            + "(a keystore key), or the keystore's key named by the token's kid. Exit 1 when the token is expired, "
            + "from the future, its signature does not verify, its iss is not the key's team, or its key is revoked; "
            + "the verdict line follows every check. A DER-encoded signature verifies too (APNs accepts it), and is "
            + "pointed out.")

    @Argument(help: ArgumentHelp("The token, or - to read it from stdin.", valueName: "TOKEN")) var token: String
    @Option(help: ArgumentHelp("Verify with this key file (PEM public key, or a .p8).", valueName: "FILE"),
            completion: .file())
    var key: String?
    @Option(name: .customLong("key-id"), help: ArgumentHelp("Verify with this keystore key.", valueName: "KEYID"),
            completion: KeystoreCompletion.keyIDs)
    var keyID: String?
    @OptionGroup var keystore: KeystoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

    /// JSON: `algorithm`, `key_id`, `team_id`, `issued_at`, `age_seconds`, `verdict` after every check
    /// (`unsupported_algorithm` | `invalid_signature` | `wrong_team` | `untrusted_key` | `expired` |
    /// `issued_in_future` | `accepted`), `accepted_until` (only for a verdict that age decides: accepted, expired,
    /// issued in the future; null otherwise), `signature` (`valid` | `invalid` | `not_checked`), `signature_encoding`
    /// (`jose` | `der` | `unknown`), `verified_with` (file or key id; null when not checked), `key_state` and
    /// `key_trusted` (when the key is in the keystore: false once it is revoked or retired past its grace period;
    /// null otherwise), `summary`.
    struct Output: Encodable {
        var algorithm: String
        var keyID: String
        var teamID: String
        var issuedAt: Date
        var ageSeconds: Int64
        var verdict: TokenVerdictKind
        var acceptedUntil: Date?
        var signature: String
        var signatureEncoding: ProviderToken.SignatureEncoding
        var verifiedWith: String?
        var keyState: KeyState?
        var keyTrusted: Bool?
        var summary: String
        enum CodingKeys: String, CodingKey {
            case algorithm, keyID = "key_id", teamID = "team_id", issuedAt = "issued_at", ageSeconds = "age_seconds"
            case verdict, acceptedUntil = "accepted_until", signature, signatureEncoding = "signature_encoding"
            case verifiedWith = "verified_with"
            case keyState = "key_state", keyTrusted = "key_trusted", summary
        }

        /// Every field always present: what was not checked is null.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(algorithm, forKey: .algorithm)
            try c.encode(keyID, forKey: .keyID)
            try c.encode(teamID, forKey: .teamID)
            try c.encode(issuedAt, forKey: .issuedAt)
            try c.encode(ageSeconds, forKey: .ageSeconds)
            try c.encode(verdict, forKey: .verdict)
            try c.encode(acceptedUntil, forKey: .acceptedUntil)
            try c.encode(signature, forKey: .signature)
            try c.encode(signatureEncoding, forKey: .signatureEncoding)
            try c.encode(verifiedWith, forKey: .verifiedWith)
            try c.encode(keyState, forKey: .keyState)
            try c.encode(keyTrusted, forKey: .keyTrusted)
            try c.encode(summary, forKey: .summary)
        }
    }

    func validate() throws {
        if key != nil, keyID != nil { throw ValidationError("give --key FILE or --key-id KEYID, not both") }
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
                                   keyTrusted: verifier?.trusted, keyTeamID: verifier?.teamID)
        let output = Output(algorithm: parsed.algorithm, keyID: parsed.keyID, teamID: parsed.teamID,
                            issuedAt: parsed.issuedAtDate, ageSeconds: assessment.ageSeconds, verdict: verdict.kind,
                            acceptedUntil: verdict.kind.isAgeVerdict ? assessment.acceptedUntil : nil,
                            signature: signature.rawValue, signatureEncoding: parsed.signatureEncoding,
                            verifiedWith: verifier?.name, keyState: verifier?.state, keyTrusted: verifier?.trusted,
                            summary: verdict.summary)
        if format == .json {
            try Console.printJSON(output)
        } else {
            print("""
            header:    {"alg":"\(parsed.algorithm)","kid":"\(parsed.keyID)"}
            claims:    {"iss":"\(parsed.teamID)","iat":\(parsed.issuedAtIsString ? "\"\(parsed.issuedAt)\"" : "\(parsed.issuedAt)")}
            issued:    \(KeystoreText.date(parsed.issuedAtDate))
            verdict:   \(verdict.summary)
            signature: \(signature.rawValue.replacing("_", with: " "))\(verifier.map { " (\($0.name))" } ?? "")
            """)
            if parsed.algorithm != "ES256" { print("algorithm: APNs accepts only ES256 (403 InvalidProviderToken)") }
            if parsed.signatureEncoding == .der {
                print("encoding:  DER signature: APNs accepts it, strict JWT libraries and jwt.io do not")
            }
            if parsed.issuedAtIsString {
                print("iat:       a string of digits, not a number: APNs accepts it, strict JWT libraries do not")
            }
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
        /// The key's team, when the keystore knows it.
        var teamID: String?
    }

    /// --key FILE, --key-id KEYID, else the keystore's key for the token's kid (when a keystore opens).
    func findVerifier(for parsed: ProviderToken) throws -> Verifier? {
        if let key {
            guard FileManager.default.fileExists(atPath: key) || !AppleIdentifier.isValid(key) else {
                throw APNsError.usage("--key \(key): no such file; --key names a key file",
                                      hint: "a keystore key is --key-id \(key)")
            }
            return Verifier(key: try SigningKeyMaterial.verificationKey(try SecureFile.read(key), file: key), name: key,
                            state: nil, trusted: nil)
        }
        if let key = keyID {
            try AppleIdentifier.validate(key, what: "key id", flag: "--key-id")
            let store = try keystore.open()
            let record = try store.key(key)
            return Verifier(key: try record.p256PublicKey(), name: "keystore key \(key)", state: record.state,
                            trusted: try store.trustedKeys().contains { $0.keyID == key }, teamID: record.teamID)
        }
        guard let store = try? keystore.open(), let record = try? store.key(parsed.keyID),
              let publicKey = try? record.p256PublicKey() else { return nil }
        let trusted = (try? store.trustedKeys().contains { $0.keyID == record.keyID }) ?? false
        return Verifier(key: publicKey, name: "keystore key \(record.keyID)", state: record.state, trusted: trusted,
                        teamID: record.teamID)
    }
}
