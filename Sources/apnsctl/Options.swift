import APNsCore
import ArgumentParser

/// `--out-password-file` / `--out-password-env`: the password of a file a command writes (a new .p12), the same
/// in every command that writes one. Never taken from argv itself.
struct OutputSecretOptions: ParsableArguments {
    @Option(name: .customLong("out-password-file"), help: ArgumentHelp(
        "Read the output password from the first line of FILE.", valueName: "FILE"), completion: .file())
    var outPasswordFile: String?

    @Option(name: .customLong("out-password-env"), help: ArgumentHelp(
        "Read the output password from environment variable NAME.", valueName: "NAME"))
    var outPasswordEnv: String?

    func validate() throws {
        if outPasswordFile != nil && outPasswordEnv != nil {
            throw ValidationError("--out-password-file and --out-password-env cannot be used together")
        }
    }

    /// True when the user named a source explicitly.
    var isGiven: Bool { outPasswordFile != nil || outPasswordEnv != nil }

    /// Resolves the output password from `source`; when it had to be asked and cannot be (no terminal), the
    /// error names the options for the *output* password, not the input's `--password-file`.
    static func resolve(_ source: SecretSource) throws -> String {
        do {
            return try source.resolve()
        } catch let error as APNsError where error.status == .usage {
            switch source {
            case .prompt, .newSecret:
                throw APNsError.usage("a password for the new file is needed and there is no terminal to ask on",
                                      hint: "pass --out-password-file FILE or --out-password-env NAME")
            default:
                throw error
            }
        }
    }

    /// Where the output password comes from: the named file or variable, else `fallback`.
    func source(orElse fallback: SecretSource) -> SecretSource {
        if let outPasswordFile { return .file(outPasswordFile) }
        if let outPasswordEnv { return .environment(outPasswordEnv) }
        return fallback
    }
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

    /// The secret as a Sendable closure, asked with `prompt` (a reader calls it only when a file needs it).
    func sharedSource(prompt: String) -> @Sendable () throws -> String {
        let source = self.source(prompt: prompt)
        return { try source.resolve() }
    }

    /// Refuses `--password-file -` when an input (`inputs`, nil for absent options) or the output password
    /// (`--out-password-file -`) also reads standard input: one stream cannot be both, and reading it twice
    /// ended as "wrong password". A usage error (exit 2), with a hint.
    func checkStandardInput(inputs: [String?], output: OutputSecretOptions? = nil) throws {
        guard passwordFile == "-" else { return }
        let hint = "give the password another way (--password-file FILE, --password-env NAME) or the input as a file"
        if inputs.contains("-") {
            throw APNsError.usage("--password-file - and the input - both read standard input", hint: hint)
        }
        if output?.outPasswordFile == "-" {
            throw APNsError.usage("--password-file - and --out-password-file - both read standard input",
                                  hint: "give one of the passwords another way (a FILE, or --password-env / --out-password-env NAME)")
        }
    }
}

/// `--key` names a signing key's *file* (`token inspect --key FILE`); a certificate's private key is `cert verify
/// --cert-key FILE` (`--key` there is its old spelling); a keystore key is `--key-id KEYID`. Commands that take an
/// id keep a hidden `--key` only to say so.
enum KeyFlag {
    static func usage(_ value: String) -> ValidationError {
        ValidationError("--key names a key file in apnsctl; a keystore key is --key-id \(value)")
    }
}
