import APNsCore
import APNsKeystore
import APNsModel
import APNsOperations
import APNsTokens
import ArgumentParser
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
            + "key's team, or its key is revoked (the keystore's records decide, a purged key's tombstone too, by key id or by "
            + "key material, whatever file --key gives); the verdict line follows every check. --decode-only prints the "
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
    @OptionGroup var output: FormatOptions

    /// JSON: `algorithm`, `key_id`, `team_id`, `issued_at`, `age_seconds`, `verdict` after every check
    /// (`unsupported_algorithm` | `invalid_signature` | `wrong_team` | `untrusted_key` | `unknown_key` | `expired` |
    /// `issued_in_future` | `accepted`; null with --decode-only), `accepted_until` (only for a verdict that age
    /// decides: accepted, expired, issued in the future; null otherwise), `signature` (`valid` | `invalid` |
    /// `not_checked`), `signature_encoding` (`jose` | `der` | `unknown`), `verified_with` (file or key id; null when
    /// not checked), `key_state` and `key_trusted` (when the key is in the keystore: false once it is revoked or
    /// retired past its grace period; null otherwise), `environments` and `topics` (the keystore key's recorded
    /// scope; null when the key is not a keystore key, `topics` null too for a team-scoped key), `key_verdict` (the
    /// key judge's answer from the keystore's records, by the token's kid and by the key file's material: `usable` |
    /// `revoked` | `retired` | `unknown` | `wrong_team` | `out_of_scope`; null without a keystore or with
    /// --decode-only), `key_findings` (its findings, one line each), `summary`, `hint` (what to do; null when
    /// nothing).
    struct Output: Encodable {
        var algorithm: String
        var keyID: String
        var teamID: String
        var issuedAt: Date
        var ageSeconds: Int64
        @Nullable var verdict: TokenVerdictKind?
        @Nullable var acceptedUntil: Date?
        var signature: String
        var signatureEncoding: ProviderToken.SignatureEncoding
        @Nullable var verifiedWith: String?
        @Nullable var keyState: KeyState?
        @Nullable var keyTrusted: Bool?
        @Nullable var environments: [APNsEnvironment]?
        @Nullable var topics: [String]?
        @Nullable var keyVerdict: KeyJudgement.VerdictKind?
        var keyFindings: [String]
        var summary: String
        @Nullable var hint: String?
        enum CodingKeys: String, CodingKey {
            case algorithm, keyID = "key_id", teamID = "team_id", issuedAt = "issued_at", ageSeconds = "age_seconds"
            case verdict, acceptedUntil = "accepted_until", signature, signatureEncoding = "signature_encoding"
            case verifiedWith = "verified_with"
            case keyState = "key_state", keyTrusted = "key_trusted", environments, topics, keyVerdict = "key_verdict"
            case keyFindings = "key_findings", summary, hint
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
        let source: TokenInspection.KeySource
        let store: Keystore?
        if decodeOnly {
            (source, store) = (.none, try? keystore.open())
        } else if let key {
            (source, store) = (.file(key), try? keystore.open())
        } else if let keyID {
            try AppleIdentifier.validate(keyID, as: .keyID)
            (source, store) = (.keystoreKey(keyID), try keystore.open())
            try IdentifierSwap.check(keyID: keyID, teamID: nil, store: store)
        } else {
            (source, store) = (.tokenKeyID, try? keystore.open())
        }
        let result = try TokenInspection.run(.init(token: parsed, keySource: source, keystore: store, now: Date()))
        let hint = result.verdict?.kind == .unknownKey ? unknownKeyHint(result) : revokedKeyHint(result)
        if output.isJSON {
            try Console.printJSON(Output(result, hint: hint))
        } else {
            printText(result, hint: hint)
        }
        if let verdict = result.verdict, !verdict.isAccepted { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }

    private func printText(_ result: TokenInspection.Result, hint: String?) {
        let parsed = result.token
        print("""
        header:    {"alg":"\(parsed.algorithm)","kid":"\(parsed.keyID)"}
        claims:    {"iss":"\(parsed.teamID)","iat":\(parsed.issuedAtIsString ? "\"\(parsed.issuedAt)\"" : "\(parsed.issuedAt)")}
        issued:    \(KeystoreText.date(parsed.issuedAtDate))
        """)
        if let verdict = result.verdict {
            print("""
            verdict:   \(verdict.summary)
            signature: \(result.signature.rawValue.replacing("_", with: " "))\(result.verifier.map { " (\($0.name))" } ?? "")
            """)
        }
        if let scope = result.scope { print("scope:     \(scope.summary)") }
        if parsed.algorithm != "ES256" { print("algorithm: APNs accepts only ES256 (403 InvalidProviderToken)") }
        if parsed.signatureEncoding == .der {
            print("encoding:  DER signature: APNs accepts it, strict JWT libraries and jwt.io do not")
        }
        if parsed.issuedAtIsString {
            print("iat:       a string of digits, not a number: APNs accepts it, strict JWT libraries do not")
        }
        for finding in result.judgement?.findings ?? [] where result.judgement?.kind != .unknown {
            print("key:       \(finding.summary)")
        }
        if let hint { print("hint:      \(hint)") }
    }

    /// What to do about a token of a key the keystore records as revoked (or purged): sign a new one with the
    /// team's active key, in the same keystore.
    private func revokedKeyHint(_ result: TokenInspection.Result) -> String? {
        guard result.judgement?.kind == .revoked else { return nil }
        return "a revoked key never verifies again: sign new tokens with the team's active key, "
            + NextStep("token", "issue", "--team", result.token.teamID).description
    }

    /// What to do when no key verified the token: name the key to verify with, or decode only.
    /// A kid that is a team id (or an iss that is a key id) is said first: the token's identifiers are swapped.
    private func unknownKeyHint(_ result: TokenInspection.Result) -> String {
        if let swap = result.swap {
            return swap.message(keyName: "the token's kid", teamName: "the token's iss") + "; "
                + swap.hint(keyName: "kid", teamName: "iss")
        }
        let kid = result.token.keyID
        let place = result.keystoreOpened ? "the keystore (\(keystore.location.path)) has no key \(kid)"
            : "no keystore to look key \(kid) up in"
        return "\(place): verify with --key AuthKey_\(kid).p8 (or its public key PEM) or --key-id KEYID; "
            + "--decode-only only decodes, without a verdict"
    }
}

extension TokenInspect.Output {
    init(_ result: TokenInspection.Result, hint: String?) {
        let parsed = result.token
        self.init(algorithm: parsed.algorithm, keyID: parsed.keyID, teamID: parsed.teamID,
                  issuedAt: parsed.issuedAtDate, ageSeconds: result.assessment.ageSeconds,
                  verdict: result.verdict?.kind, acceptedUntil: result.acceptedUntil,
                  signature: result.signature.rawValue, signatureEncoding: parsed.signatureEncoding,
                  verifiedWith: result.verifier?.name, keyState: result.verifier?.state,
                  keyTrusted: result.verifier?.trusted, environments: result.scope?.environments,
                  topics: result.scope?.topics, keyVerdict: result.judgement?.kind,
                  keyFindings: result.judgement?.findings.map(\.summary) ?? [], summary: result.verdict?.summary
                    ?? "decoded only: no verdict (the signature was not checked)", hint: hint)
    }
}
