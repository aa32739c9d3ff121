import APNsCore
import ArgumentParser

/// `--format`: every command has human text and stable JSON.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text
    case json
}

/// Flags for a password or passphrase, the same in every command. Never taken from argv itself.
struct SecretOptions: ParsableArguments {
    @Option(name: .customLong("password-file"), help: ArgumentHelp(
        "Read the password from the first line of FILE (- for stdin).", valueName: "FILE"),
        completion: .file())
    var passwordFile: String?

    @Option(name: .customLong("password-env"), help: ArgumentHelp(
        "Read the password from environment variable NAME.", valueName: "NAME"))
    var passwordEnv: String?

    func validate() throws {
        if passwordFile != nil && passwordEnv != nil {
            throw ValidationError("--password-file and --password-env cannot be used together")
        }
    }

    /// Where the secret comes from; a prompt with `prompt` when neither flag is given.
    func source(prompt: String) -> SecretSource {
        if let passwordFile { return .file(passwordFile) }
        if let passwordEnv { return .environment(passwordEnv) }
        return .prompt(prompt)
    }

    /// True when the user named a source explicitly.
    var isGiven: Bool { passwordFile != nil || passwordEnv != nil }
}
