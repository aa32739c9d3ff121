import APNsCore
import APNsKeystore
import APNsModel
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
            + "(a keystore key), or the keystore's key named by the token's kid. A token is accepted only with a "
            + "verified signature: when no key is found for its kid the verdict is unknown_key. Exit 1 when the key "
            + "is unknown, the token is expired, from the future, its signature does not verify, its iss is not the "
            + "key's team, or its key is revoked; the verdict line follows every check. --decode-only prints the "
            + "header and claims without a verdict (exit 0). A DER-encoded signature verifies too (APNs accepts it), "
            + "and is pointed out.")

    @Argument(help: ArgumentHelp("The token, or - to read it from stdin.", valueName: "TOKEN")) var token: String
    @Option(help: ArgumentHelp("Verify with this key file (PEM public key, or a .p8).", valueName: "FILE"),
            completion: .file())
    var key: String?
    @Option(name: .customLong("key-id"), help: ArgumentHelp("Verify with this keystore key.", valueName: "KEYID"),
            completion: KeystoreCompletion.keyIDs)
    var keyID: String?
    @Flag(name: .customLong("decode-only"), help: "Only decode the token: no signature check and no verdict (exit 0).")
    var decodeOnly = false
    @OptionGroup var keystore: KeystoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

    /// JSON: `algorithm`, `key_id`, `team_id`, `issued_at`, `age_seconds`, `verdict` after every check
    /// (`unsupported_algorithm` | `invalid_signature` | `wrong_team` | `untrusted_key` | `unknown_key` | `expired` |
    /// `issued_in_future` | `accepted`; null with --decode-only), `accepted_until` (only for a verdict that age
    /// decides: accepted, expired, issued in the future; null otherwise), `signature` (`valid` | `invalid` |
    /// `not_checked`), `signature_encoding` (`jose` | `der` | `unknown`), `verified_with` (file or key id; null when
    /// not checked), `key_state` and `key_trusted` (when the key is in the keystore: false once it is revoked or
    /// retired past its grace period; null otherwise), `environments` and `topics` (the keystore key's recorded
    /// scope; null when the key is not a keystore key, `topics` null too for a team-scoped key), `summary`, `hint`
    /// (what to do; null when nothing).
    struct Output: Encodable {
        var algorithm: String
        var keyID: String
        var teamID: String
        var issuedAt: Date
        var ageSeconds: Int64
        var verdict: TokenVerdictKind?
        var acceptedUntil: Date?
        var signature: String
        var signatureEncoding: ProviderToken.SignatureEncoding
        var verifiedWith: String?
        var keyState: KeyState?
        var keyTrusted: Bool?
        var environments: [APNsEnvironment]?
        var topics: [String]?
        var summary: String
        var hint: String?
        enum CodingKeys: String, CodingKey {
            case algorithm, keyID = "key_id", teamID = "team_id", issuedAt = "issued_at", ageSeconds = "age_seconds"
            case verdict, acceptedUntil = "accepted_until", signature, signatureEncoding = "signature_encoding"
            case verifiedWith = "verified_with"
            case keyState = "key_state", keyTrusted = "key_trusted", environments, topics, summary, hint
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
            try c.encode(environments, forKey: .environments)
            try c.encode(topics, forKey: .topics)
            try c.encode(summary, forKey: .summary)
            try c.encode(hint, forKey: .hint)
        }
    }

    func validate() throws {
        if key != nil, keyID != nil { throw ValidationError("give --key FILE or --key-id KEYID, not both") }
        if decodeOnly, key != nil || keyID != nil {
            throw ValidationError("--decode-only checks no signature: drop --key/--key-id, or drop --decode-only")
        }
    }

    func run() async throws {
        let text = token == "-" ? String(decoding: try SecureFile.read("-", limit: 64 * 1024), as: UTF8.self) : token
        let parsed = try ProviderToken(parsing: text)
        let assessment = TokenAssessment(token: parsed, now: Date())
        let verifier = decodeOnly ? nil : try findVerifier(for: parsed)
        // The keystore key's recorded scope, shown whenever the keystore knows the token's key.
        let scope = verifier?.scope ?? (try? keystore.open().key(parsed.keyID).scope)
        let signature: TokenVerdict.Signature = verifier.map { parsed.isSignatureValid(for: $0.key) ? .valid : .invalid }
            ?? .notChecked
        let verdict = decodeOnly ? nil
            : TokenVerdict(token: parsed, assessment: assessment, signature: signature, verifiedWith: verifier?.name,
                           keyState: verifier?.state?.rawValue, keyTrusted: verifier?.trusted,
                           keyTeamID: verifier?.teamID)
        let hint = verdict?.kind == .unknownKey ? unknownKeyHint(parsed.keyID) : nil
        let summary = verdict?.summary ?? "decoded only: no verdict (the signature was not checked)"
        let output = Output(algorithm: parsed.algorithm, keyID: parsed.keyID, teamID: parsed.teamID,
                            issuedAt: parsed.issuedAtDate, ageSeconds: assessment.ageSeconds, verdict: verdict?.kind,
                            acceptedUntil: verdict?.kind.isAgeVerdict == true ? assessment.acceptedUntil : nil,
                            signature: signature.rawValue, signatureEncoding: parsed.signatureEncoding,
                            verifiedWith: verifier?.name, keyState: verifier?.state, keyTrusted: verifier?.trusted,
                            environments: scope?.environments, topics: scope?.topics, summary: summary, hint: hint)
        if format == .json {
            try Console.printJSON(output)
        } else {
            print("""
            header:    {"alg":"\(parsed.algorithm)","kid":"\(parsed.keyID)"}
            claims:    {"iss":"\(parsed.teamID)","iat":\(parsed.issuedAtIsString ? "\"\(parsed.issuedAt)\"" : "\(parsed.issuedAt)")}
            issued:    \(KeystoreText.date(parsed.issuedAtDate))
            """)
            if let verdict {
                print("""
                verdict:   \(verdict.summary)
                signature: \(signature.rawValue.replacing("_", with: " "))\(verifier.map { " (\($0.name))" } ?? "")
                """)
            }
            if let scope { print("scope:     \(scope.summary)") }
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
            if let hint { print("hint:      \(hint)") }
        }
        if let verdict, !verdict.isAccepted { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }

    /// What to do when no key verified the token: name the key to verify with, or decode only.
    private func unknownKeyHint(_ kid: String) -> String {
        let place: String
        if (try? keystore.open()) != nil {
            place = "the keystore (\(keystore.location.path)) has no key \(kid)"
        } else {
            place = "no keystore to look key \(kid) up in"
        }
        return "\(place): verify with --key AuthKey_\(kid).p8 (or its public key PEM) or --key-id KEYID; "
            + "--decode-only only decodes, without a verdict"
    }

    struct Verifier {
        var key: P256.Signing.PublicKey
        var name: String
        var state: KeyState?
        var trusted: Bool?
        /// The key's team, when the keystore knows it.
        var teamID: String?
        /// The key's recorded scope, when the keystore knows it.
        var scope: KeyScope? = nil
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
                            trusted: try store.trustedKeys().contains { $0.keyID == key }, teamID: record.teamID,
                            scope: record.scope)
        }
        guard let store = try? keystore.open(), let record = try? store.key(parsed.keyID),
              let publicKey = try? record.p256PublicKey() else { return nil }
        let trusted = (try? store.trustedKeys().contains { $0.keyID == record.keyID }) ?? false
        return Verifier(key: publicKey, name: "keystore key \(record.keyID)", state: record.state, trusted: trusted,
                        teamID: record.teamID, scope: record.scope)
    }
}
