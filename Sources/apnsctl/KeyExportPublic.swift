import APNsCore
import APNsKeystore
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
    @Option(help: ArgumentHelp("Write the PEM to FILE instead of stdout.", valueName: "FILE"), completion: .file())
    var out: String?
    @Flag(help: "Replace --out if it exists.") var force = false
    @OptionGroup var keystore: KeystoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

    /// JSON: `key_id`, `team_id`, `fingerprint`, `public_key_pem`, `out` (when written to a file).
    struct Output: Encodable {
        var keyID: String
        var teamID: String
        var fingerprint: String
        var publicKeyPEM: String
        var out: String?
        enum CodingKeys: String, CodingKey {
            case keyID = "key_id", teamID = "team_id", fingerprint, publicKeyPEM = "public_key_pem", out
        }
    }

    func run() async throws {
        try AppleIdentifier.validate(keyID, what: "key id", flag: "KEYID")
        let record = try keystore.open().key(keyID)
        let pem = try record.publicKeyPEM() + "\n"
        if let out {
            try SecureFile.write(Array(pem.utf8), to: out, mode: 0o644, overwrite: force)
        }
        if format == .json {
            try Console.printJSON(Output(keyID: record.keyID, teamID: record.teamID, fingerprint: record.fingerprint,
                                         publicKeyPEM: pem, out: out))
        } else if let out {
            print("wrote the public key of \(keyID) to \(out)")
        } else {
            print(pem, terminator: "")
        }
    }
}
