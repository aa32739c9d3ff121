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

struct KeyImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a .p8 signing key (EC P-256) into the keystore.",
        discussion: """
        Reads PKCS#8, encrypted PKCS#8 and SEC1 (EC PRIVATE KEY) keys, as PEM in any layout (one line, any \
        width, CRLF) or DER, from FILE, from standard input (-) or from an environment variable (--from-env NAME, \
        PEM or base64, as CI systems hold keys); the key is always stored as PKCS#8, and no copy is left elsewhere. \
        The key id comes from Apple's file name AuthKey_KEYID.p8 unless --key-id is given. A key is active \
        when none of its slots (the team's environments, or an environment's topics) has an active key, else \
        staged until `apnsctl key rotate`. --encrypt stores it as encrypted \
        PKCS#8 (passphrase from the prompt, --password-file or --password-env); the same passphrase opens an \
        encrypted input file. Without --encrypt the key is stored as plain PKCS#8 (0600), as Apple ships it; an \
        encrypted input is then stored decrypted, with a warning saying so.

        --env records the environment chosen in Apple's portal (development = Sandbox, production, or both), and \
        --topics a,b the topics of a topic-specific key (one environment only; --team-scoped, the default, for \
        every topic of the team). Without --env the key is recorded as legacy: team-scoped for both environments, \
        as every key made before 17 February 2025 is, with a warning. Importing a legacy key again with --env \
        records its scope; `apnsctl key scope` corrects a scope declared wrong. The scope decides which key signs \
        for an environment and a topic. --related-key names another topic-specific key of the same team and \
        environment (Apple's rule; any other pair is refused, exit 5). A key id or key material that was ever \
        revoked here is refused for good (exit 5), also after `key purge`.
        """)

    @Argument(help: ArgumentHelp("The .p8 file (- for stdin).", valueName: "FILE"), completion: KeystoreCompletion.keyFiles)
    var file: String?
    @Option(name: .customLong("from-env"),
            help: ArgumentHelp("Read the key from environment variable NAME instead of a file.", valueName: "NAME"))
    var fromEnv: String?
    @OptionGroup var teamOption: TeamOption
    var team: String { teamOption.team ?? "" }
    @Option(name: .customLong("key-id"), help: ArgumentHelp("The 10-character key id.", valueName: "KEYID"))
    var keyID: String?
    @OptionGroup var scope: KeyScopeOptions
    @Flag(help: "Store the key encrypted (encrypted PKCS#8).") var encrypt = false
    @OptionGroup var secrets: SecretOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func validate() throws {
        _ = try teamOption.required()
        if file == nil && fromEnv == nil { throw ValidationError("name the key: FILE, - for standard input, or --from-env NAME") }
        if file != nil && fromEnv != nil { throw ValidationError("give FILE or --from-env NAME, not both") }
    }

    func run() async throws {
        try secrets.checkStandardInput(inputs: [fromEnv == nil ? file ?? "-" : nil])
        let name = fromEnv.map { "environment variable \($0)" } ?? file ?? "-"
        if fromEnv != nil && keyID == nil {
            throw APNsError.usage("a key read with --from-env needs its id", hint: "pass --key-id KEYID (10 characters)")
        }
        try IdentifierSwap.check(keyID: keyID, teamID: team, file: fromEnv == nil ? name : nil, store: try? keystore.open())
        let id = try AppleIdentifier.keyID(given: keyID, file: fromEnv == nil ? name : "")
        let declared = try scope.declared()
        let store = try keystore.open()
        let keySource: KeyImporting.Source = fromEnv.map { .environment($0) } ?? .file(name)
        let imported = try KeyImporting.run(KeyImporting.Input(
            source: keySource, team: team, keyID: id, scope: declared,
            inputPassphrase: secrets.sharedSource(prompt: "Passphrase for \(name == "-" ? "the key" : name): "),
            storePassphrase: encrypt ? secrets.sharedSource(prompt: "Passphrase to encrypt key \(id): ") : nil), store: store)
        let result = imported.imported
        if imported.recordedAsLegacy {
            Console.warn("key \(id): no --env given, so the environment and topics chosen in Apple's portal are "
                         + "unknown; recorded as legacy (team-scoped, development+production); import it again "
                         + "with --env development|production|both [--topics a,b] to record them")
        }
        if imported.storedDecrypted {
            // Said, never silent: the passphrase protected the input, and the stored copy has none.
            Console.warn("\(name == "-" ? "standard input" : name): the key was encrypted; it is stored decrypted "
                         + "(plain PKCS#8, 0600) because --encrypt was not given; import it again with --encrypt to keep "
                         + "a passphrase on it")
        }
        try KeyOutput.print(result, store: store, verb: "imported", format: output.format)
    }
}

/// The result of import and generate, in both formats.
enum KeyOutput {
    /// JSON: a ``KeyStatus`` object (with the key's scope) plus `already_present` and `scope_recorded`.
    struct Imported: Encodable {
        var key: KeyStatus
        var alreadyPresent: Bool
        var scopeRecorded: Bool
        func encode(to encoder: any Encoder) throws {
            try key.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(alreadyPresent, forKey: .alreadyPresent)
            try container.encode(scopeRecorded, forKey: .scopeRecorded)
        }
        enum CodingKeys: String, CodingKey { case alreadyPresent = "already_present", scopeRecorded = "scope_recorded" }
    }

    static func print(_ result: KeyImportResult, store: Keystore, verb: String, format: OutputFormat) throws {
        let status = KeyStatus(record: result.key, lastUsed: nil, now: store.clock.now())
        if format == .json {
            try Console.printJSON(Imported(key: status, alreadyPresent: result.alreadyPresent,
                                           scopeRecorded: result.scopeRecorded))
            return
        }
        if result.scopeRecorded {
            Swift.print("key \(status.keyID) (team \(status.teamID)) is already in the keystore (\(status.state.rawValue)); "
                        + "scope recorded: \(status.scope.summary)")
            return
        }
        if result.alreadyPresent {
            Swift.print("key \(status.keyID) (team \(status.teamID)) is already in the keystore (\(status.state.rawValue)); nothing changed")
            return
        }
        var line = "\(verb) key \(status.keyID) for team \(status.teamID): \(status.state.rawValue)"
        if !status.registeredWithApple { line += "; not registered with Apple (for the mock server and tests)" }
        Swift.print(line)
        Swift.print("scope: \(status.scope.summary)")
        if status.state == .staged, let next = try KeyActivation.next(for: result.key, store: store) {
            if next.allowGap {
                Swift.print("a rotation to \(status.keyID) alone retires \(next.retire.joined(separator: " and ")) and leaves "
                            + "\(next.uncovered.words) with no active key: stage a key for "
                            + "\(next.uncovered.count == 1 ? "it" : "them") first to rotate both at once, or accept the gap")
            }
            let arguments = ["key", "rotate", "--team", next.team] + next.keyIDs.flatMap { ["--to-key", $0] }
                + (next.allowGap ? ["--allow-gap"] : [])
            Swift.print("make it active with: \(NextStep(words: arguments).command)")
        }
    }
}
