import APNsCore
import APNsKeystore
import APNsModel
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeyExportPublic: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-public", abstract: "Print (or write) a key's public key as PEM.")

    @Argument(help: ArgumentHelp("The key id.", valueName: "KEYID"), completion: KeystoreCompletion.keyIDs) var keyID: String
    @OptionGroup var outOption: OutOption
    var out: String? { outOption.out }
    @OptionGroup var forceOption: ForceOption
    var force: Bool { forceOption.force }
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    /// JSON (docs/json/key-export-public.schema.json): `key_id`, `team_id`, `public_key_sha256`, `public_key_pem`,
    /// `out` (the file written, null without --out).
    struct Output: Encodable {
        var keyID: String
        var teamID: String
        var fingerprint: String
        var publicKeyPEM: String
        @Nullable var out: String?
        enum CodingKeys: String, CodingKey {
            case keyID = "key_id", teamID = "team_id", fingerprint = "public_key_sha256"
            case publicKeyPEM = "public_key_pem", out
        }
    }

    func run() async throws {
        try AppleIdentifier.validate(keyID, as: .keyIDArgument)
        let record = try keystore.open().key(keyID)
        let pem = try record.publicKeyPEM() + "\n"
        if let out {
            try SecureFile.write(Array(pem.utf8), to: out, mode: 0o644, overwrite: force)
        }
        if output.isJSON {
            try Console.printJSON(Output(keyID: record.keyID, teamID: record.teamID, fingerprint: record.fingerprint,
                                         publicKeyPEM: pem, out: out))
        } else if let out {
            print("wrote the public key of \(keyID) to \(out)")
        } else {
            print(pem, terminator: "")
        }
    }
}
