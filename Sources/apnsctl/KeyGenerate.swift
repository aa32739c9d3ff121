import APNsCore
import APNsKeystore
import APNsModel
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeyGenerate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Make a new P-256 signing key for the mock server and tests (not registered with Apple).",
        discussion: """
        --env and --topics give the key the scope a portal key would have (development, production or both; \
        topic-specific keys have one environment). Without --env the key is recorded as legacy: team-scoped for \
        both environments.
        """)

    @OptionGroup var teamOption: TeamOption
    var team: String { teamOption.team ?? "" }
    @Option(name: .customLong("key-id"), help: ArgumentHelp("The 10-character key id.", valueName: "KEYID"))
    var keyID: String
    @OptionGroup var scope: KeyScopeOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func validate() throws { _ = try teamOption.required() }

    func run() async throws {
        try AppleIdentifier.validate(keyID, as: .keyID)
        let declared = try scope.declared()
        let store = try keystore.open()
        let result = try store.generateKey(team: team, keyID: keyID, scope: declared ?? .legacy)
        try KeyOutput.print(result, store: store, verb: "generated", format: output.format)
    }
}
