import APNsCore
import APNsOperations
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the probe authenticates: a keystore key's cached token, a ready token, or a client certificate.
struct ProbeCredentialOptions: ParsableArguments {
    @OptionGroup var teamOption: TeamOption
    var team: String? { teamOption.team }

    @Option(name: .customLong("key-id"), help: ArgumentHelp(
        "Sign with this keystore key instead of the team's active key for --env.", valueName: "KEYID"),
            completion: KeystoreCompletion.keyIDs)
    var key: String?
    @Option(name: .customLong("key"), help: .hidden) var keyFlag: String?

    @OptionGroup var keystore: KeystoreOptions

    @Option(name: .customLong("token-file"), help: ArgumentHelp(
        "Authenticate with the provider token (JWT) in FILE.", valueName: "FILE"), completion: .file())
    var tokenFile: String?

    @Option(name: .customLong("token-env"), help: ArgumentHelp(
        "Authenticate with the provider token (JWT) in environment variable NAME.", valueName: "NAME"))
    var tokenEnv: String?

    @Option(help: ArgumentHelp("Authenticate with this client certificate: .p12, or PEM with its key.",
                               valueName: "FILE"), completion: .file())
    var cert: String?

    @OptionGroup var secret: SecretOptions

    func validate() throws {
        let given = [tokenFile, tokenEnv, cert, team ?? key].compactMap { $0 }
        if given.count > 1 {
            throw ValidationError("use one credential: --team/--key-id (keystore), --token-file, --token-env or --cert")
        }
        if let keyFlag { throw KeyFlag.usage(keyFlag) }
    }

    /// Where the credential comes from; `environment` holds the variable `--token-env` names.
    func source(environment: [String: String] = ProcessInfo.processInfo.environment) -> ProbeCredentialSource {
        if let tokenFile { return .tokenFile(path: tokenFile) }
        if let tokenEnv { return .tokenVariable(name: tokenEnv, value: environment[tokenEnv]) }
        if let cert {
            return .certificate(path: cert, password: secret.sharedSource(prompt: "Password for \(cert): "))
        }
        if team != nil || key != nil {
            return .keystore(team: team, keyID: key, open: { [keystore, secret] in try keystore.open(secrets: secret) })
        }
        return .none
    }
}
