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

struct AscKeyImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an App Store Connect API key (.p8): a team key with --issuer, or --individual.",
        discussion: "The key id comes from Apple's file name AuthKey_KEYID.p8 unless --key-id is given. A team key "
            + "needs its issuer id (a UUID: App Store Connect > Users and Access > Integrations). An individual key "
            + "(--individual) has none; Apple refuses individual keys on the provisioning endpoints. The key is "
            + "stored as the APNs keys are (0600, or sealed in an etcd keystore) and signs App Store Connect tokens "
            + "only (`apnsctl asc token`). A key id or key material ever revoked here is refused for good (exit 5).")

    @Argument(help: ArgumentHelp("The .p8 file (- for stdin).", valueName: "FILE"), completion: KeystoreCompletion.keyFiles)
    var file: String
    @Option(name: .customLong("issuer"), help: ArgumentHelp("The team key's issuer id (a UUID).", valueName: "ISSUER_ID"))
    var issuer: String?
    @Flag(help: "An individual key (no issuer id).") var individual = false
    @Option(name: .customLong("key-id"), help: ArgumentHelp("The 10-character key id.", valueName: "KEYID"))
    var keyID: String?
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        let id = try AppleIdentifier.keyID(given: keyID, file: file)
        let store = try keystore.open()
        let result = try AppStoreConnectKeyImporting.run(
            .init(file: file, keyID: id, issuerID: issuer, individual: individual), store: store)
        let key = AscKeyOutput(result.key, alreadyPresent: result.alreadyPresent)
        let kind = result.key.kind == .appStoreConnectTeam ? "team key, issuer \(result.key.issuerID ?? "")"
                                                             : "individual key"
        try output.print(key, text: result.alreadyPresent
                            ? "App Store Connect key \(id) (\(kind)) is already in the keystore; nothing changed"
                            : "App Store Connect key \(id) (\(kind)) imported; sign a token with: "
                                + NextStep("asc", "token", "--asc-key", id).command)
    }
}

/// An App Store Connect key in JSON (asc key import, asc key list): `key_id`, `kind`, `issuer_id` (null for an
/// individual key), `state`, `public_key_sha256`, `created_at`, `revoked_at`, `encrypted`; `already_present`
/// (import only).
struct AscKeyOutput: Encodable {
    var keyID: String
    var kind: KeyKind
    var issuerID: String?
    var state: KeyState
    var fingerprint: String
    var createdAt: Date
    var revokedAt: Date?
    var encrypted: Bool
    var alreadyPresent: Bool?

    init(_ record: KeyRecord, alreadyPresent: Bool? = nil) {
        keyID = record.keyID
        kind = record.kind
        issuerID = record.issuerID
        state = record.state
        fingerprint = record.fingerprint
        createdAt = record.createdAt
        revokedAt = record.revokedAt
        encrypted = record.encrypted
        self.alreadyPresent = alreadyPresent
    }

    enum CodingKeys: String, CodingKey {
        case keyID = "key_id", kind, issuerID = "issuer_id", state, fingerprint = "public_key_sha256"
        case createdAt = "created_at", revokedAt = "revoked_at", encrypted, alreadyPresent = "already_present"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(keyID, forKey: .keyID)
        try c.encode(kind, forKey: .kind)
        try c.encode(issuerID, forKey: .issuerID)
        try c.encode(state, forKey: .state)
        try c.encode(fingerprint, forKey: .fingerprint)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(revokedAt, forKey: .revokedAt)
        try c.encode(encrypted, forKey: .encrypted)
        if let alreadyPresent { try c.encode(alreadyPresent, forKey: .alreadyPresent) }
    }
}
