import APNsCore
import APNsKeystore
import APNsModel
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeyPurge: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge",
        abstract: "Remove a revoked key's material (overwritten, then unlinked); its audit entries and its tombstone stay.")

    @Argument(help: ArgumentHelp("The key id.", valueName: "KEYID"), completion: KeystoreCompletion.keyIDs) var keyID: String
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    /// JSON: `key_id`, `purged` (true).
    struct Output: Encodable {
        var keyID: String
        var purged: Bool
        enum CodingKeys: String, CodingKey { case keyID = "key_id", purged }
    }

    func run() async throws {
        try AppleIdentifier.validate(keyID, as: .keyIDArgument)
        try keystore.open().purgeAnyKind(keyID)
        try output.print(Output(keyID: keyID, purged: true),
                         text: "key \(keyID) purged: material overwritten and removed; audit entries and the revocation "
                             + "kept (the key is never imported again)")
    }
}
