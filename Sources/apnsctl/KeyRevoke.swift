import APNsCore
import APNsKeystore
import APNsModel
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeyRevoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Mark a key revoked (after revoking it in Apple's portal) and drop every token it signed.",
        discussion: "An active key is refused unless --allow-active: rotate to a new key first. A revocation is permanent, "
            + "as Apple's is: the keystore keeps a tombstone (key id, SHA-256 of the public key, when, by whom) also "
            + "after `key purge`, and `key import` refuses that key id, or that key material under any id, for good.")

    @Argument(help: ArgumentHelp("The key id.", valueName: "KEYID"), completion: KeystoreCompletion.keyIDs) var keyID: String
    @Flag(name: [.customLong("allow-active"), .customLong("force")], help: ArgumentHelp(
        "Revoke even an active key (its slots then cannot sign until a rotation; --force is its old spelling)."))
    var force = false
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        try AppleIdentifier.validate(keyID, as: .keyIDArgument)
        let store = try keystore.open()
        let record = try store.revokeAnyKind(keyID, force: force)
        if record.kind.isAppStoreConnect {
            try output.print(AscKeyOutput(record), text: "\(record.kind.words) key \(keyID) revoked; purge the material "
                                 + "with: \(NextStep("key", "purge", keyID).command)")
            return
        }
        if output.isJSON {
            try Console.printJSON(KeyStatus(record: record, lastUsed: store.lastSigned()[keyID], now: store.clock.now()))
            return
        }
        print("key \(keyID) (team \(record.teamID)) revoked; its cached tokens were dropped")
        print("close connections that used its tokens; purge the material with: \(NextStep("key", "purge", keyID).command)")
        print("the revocation is permanent: key \(keyID) and its key material can never be imported again")
    }
}
