import APNsCore
import APNsKeystore
import ArgumentParser
import Foundation

struct KeyImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a .p8 signing key (EC P-256, PKCS#8) into the keystore.",
        discussion: """
        The key id comes from Apple's file name AuthKey_KEYID.p8 unless --key-id is given. The team's first key \
        becomes active; later ones are staged until `apnsctl key rotate`. --encrypt stores it as encrypted \
        PKCS#8 (passphrase from the prompt, --password-file or --password-env); the same passphrase opens an \
        encrypted input file. Without --encrypt the key is stored as plain PKCS#8 (0600), as Apple ships it.
        """)

    @Argument(help: ArgumentHelp("The .p8 file (- for stdin).", valueName: "FILE"), completion: KeystoreCompletion.keyFiles)
    var file: String
    @Option(help: ArgumentHelp("The 10-character team id.", valueName: "TEAMID")) var team: String
    @Option(name: .customLong("key-id"), help: ArgumentHelp("The 10-character key id.", valueName: "KEYID"))
    var keyID: String?
    @Flag(help: "Store the key encrypted (encrypted PKCS#8).") var encrypt = false
    @OptionGroup var secrets: SecretOptions
    @OptionGroup var keystore: KeystoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

    func run() async throws {
        try AppleIdentifier.validate(team, what: "team id", flag: "--team")
        let id = try AppleIdentifier.keyID(given: keyID, file: file)
        let store = try keystore.open()
        let source = secrets.source(prompt: "Passphrase for \(file): ")
        let material = try SigningKeyMaterial.parse(try SecureFile.read(file), file: file,
                                                    passphrase: { try source.resolve() })
        var storedPEM: String?
        if encrypt {
            let passphrase = try secrets.source(prompt: "Passphrase to encrypt key \(id): ").resolve()
            guard !passphrase.isEmpty else {
                throw APNsError.usage("the passphrase is empty", hint: "give a non-empty passphrase to --encrypt")
            }
            storedPEM = try material.encryptedPKCS8PEM(passphrase: passphrase)
        }
        let result = try store.addKey(material, team: team, keyID: id, origin: .imported,
                                      storedPEM: storedPEM, encrypted: encrypt)
        try KeyOutput.print(result, store: store, verb: "imported", format: format)
    }
}

/// The result of import and generate, in both formats.
enum KeyOutput {
    /// JSON: a ``KeyStatus`` object plus `already_present`.
    struct Imported: Encodable {
        var key: KeyStatus
        var alreadyPresent: Bool
        func encode(to encoder: any Encoder) throws {
            try key.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(alreadyPresent, forKey: .alreadyPresent)
        }
        enum CodingKeys: String, CodingKey { case alreadyPresent = "already_present" }
    }

    static func print(_ result: KeyImportResult, store: Keystore, verb: String, format: OutputFormat) throws {
        let status = KeyStatus(record: result.key, lastUsed: nil, now: store.clock.now())
        if format == .json {
            try Console.printJSON(Imported(key: status, alreadyPresent: result.alreadyPresent))
            return
        }
        if result.alreadyPresent {
            Swift.print("key \(status.keyID) (team \(status.teamID)) is already in the keystore (\(status.state.rawValue)); nothing changed")
            return
        }
        var line = "\(verb) key \(status.keyID) for team \(status.teamID): \(status.state.rawValue)"
        if !status.registeredWithApple { line += "; not registered with Apple (for the mock server and tests)" }
        Swift.print(line)
        if status.state == .staged {
            Swift.print("make it active with: apnsctl key rotate --team \(status.teamID) --to \(status.keyID)")
        }
    }
}
