import APNsCore
import APNsKeystore
import APNsModel
import APNsOperations
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct AscToken: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print an App Store Connect API token (a bearer secret: standard output only).",
        discussion: "ES256, header kid and typ JWT; claims iss (the issuer id), iat, exp (20 minutes after iat) and "
            + "aud appstoreconnect-v1; an individual key's token has sub \"user\" instead of iss. The token is "
            + "cached in the keystore and shared by every process, as provider tokens are: it is reused while at "
            + "least 5 minutes of it are left, then renewed. It is printed to standard output and never logged.")

    @Option(name: .customLong("asc-key"),
            help: ArgumentHelp("The App Store Connect key (default: the keystore's only one).", valueName: "KEYID"))
    var ascKey: String?
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    /// JSON: `token`, `key_id`, `kind`, `issuer_id` (null for an individual key), `issued_at`, `expires_at`,
    /// `reused` (the shared cache held it).
    struct Output: Encodable {
        var token: String
        var keyID: String
        var kind: KeyKind
        var issuerID: String?
        var issuedAt: Date
        var expiresAt: Date
        var reused: Bool

        enum CodingKeys: String, CodingKey {
            case token, keyID = "key_id", kind, issuerID = "issuer_id", issuedAt = "issued_at"
            case expiresAt = "expires_at", reused
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(token, forKey: .token)
            try c.encode(keyID, forKey: .keyID)
            try c.encode(kind, forKey: .kind)
            try c.encode(issuerID, forKey: .issuerID)
            try c.encode(issuedAt, forKey: .issuedAt)
            try c.encode(expiresAt, forKey: .expiresAt)
            try c.encode(reused, forKey: .reused)
        }
    }

    func run() async throws {
        if let ascKey { try AppleIdentifier.validate(ascKey, as: .keyIDArgument) }
        let signer = try AppStoreConnectKeyAccess.signer(keystore: try keystore.open(), keyID: ascKey)
        let issued = try signer.issued()
        let output = Output(token: issued.token.compact, keyID: issued.key.keyID, kind: issued.key.kind,
                            issuerID: issued.token.issuerID, issuedAt: issued.token.issuedAtDate,
                            expiresAt: issued.token.expiresAtDate, reused: issued.cached)
        try self.output.print(output, text: issued.token.compact)
    }
}
