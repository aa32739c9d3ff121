import APNsCore
import APNsCredentials
import APNsOperations
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl cert convert IN... --to pem|p12|der`: re-encode certificates and keys.
struct CertConvert: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert between PKCS#12, PEM and DER (one file, or many into --out-dir).",
        discussion: """
        p12 → PEM gives what `openssl pkcs12 -nodes` gives: the certificate chain, then the key as PKCS#8 \
        (encrypted with --encrypt-key). PEM → p12 encrypts with AES-256 (PBKDF2-SHA256) unless --legacy asks for \
        RC2-40/3DES/SHA-1 as older macOS Keychain imports want; the friendlyName is the certificate's CN.

        Passwords: --password-file/--password-env open the input (a .p12 is tried with the empty password \
        first). The new .p12 password and the --encrypt-key passphrase come from --out-password-file/ \
        --out-password-env, else from the input password options, else a prompt. Outputs holding a key are \
        written 0600 and atomically; existing files are kept unless --force.
        """
    )

    @Argument(help: ArgumentHelp("Input files (- for standard input).", valueName: "IN"), completion: KeystoreCompletion.credentialFiles)
    var inputs: [String]

    @Option(help: ArgumentHelp("Target encoding: pem, p12 or der.", valueName: "pem|p12|der"),
            completion: .list(["pem", "p12", "der"]))
    var to: ConversionTarget

    @OptionGroup var outOption: OutOption
    var out: String? { outOption.out }

    @Option(name: .customLong("out-dir"),
            help: ArgumentHelp("Write each output into DIR, named after its input.", valueName: "DIR"))
    var outDir: String?

    @OptionGroup var forceOption: ForceOption
    var force: Bool { forceOption.force }

    @Flag(name: .customLong("encrypt-key"), help: "PEM output: encrypt the key as PKCS#8 (AES-256-CBC, PBKDF2).")
    var encryptKey = false

    @Flag(name: .customLong("no-key"), help: "Leave the private key out.")
    var noKey = false

    @Flag(name: .customLong("key-only"), help: "Write only the private key.")
    var keyOnly = false

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Write the chain certificates after the leaf (--chain), or the leaf alone (--no-chain)."))
    var chain = true

    @Flag(help: "p12 output: RC2-40/3DES/SHA-1 for older macOS Keychain import.")
    var legacy = false

    @OptionGroup var secret: SecretOptions
    @OptionGroup var identity: IdentityOptions

    @OptionGroup var outSecret: OutputSecretOptions

    @OptionGroup var output: FormatOptions

    func validate() throws {
        guard to.target != nil else { throw ValidationError("--to must be pem, p12 or der") }
        if noKey && keyOnly { throw ValidationError("--no-key and --key-only cannot be used together") }
        if out != nil && outDir != nil { throw ValidationError("--out and --out-dir cannot be used together") }
        if out == nil && outDir == nil { throw ValidationError("name the output with --out FILE (- for stdout) or --out-dir DIR") }
        if out != nil && inputs.count > 1 { throw ValidationError("several inputs need --out-dir DIR, not --out") }
        if outDir != nil && inputs.contains("-") { throw ValidationError("standard input needs --out FILE, not --out-dir") }
        if encryptKey && to != .pem { throw ValidationError("--encrypt-key applies to --to pem only") }
        if legacy && to != .p12 { throw ValidationError("--legacy applies to --to p12 only") }
    }

    func run() async throws {
        try secret.checkStandardInput(inputs: inputs, output: outSecret)
        let inputPassword = CachedPassword(secret.sharedSource(prompt: "Password for the input file: "))
        let outputPassword = CachedPassword(outputSource())
        let options = CertificateConversion.Options(
            target: to.target ?? .pem, chain: chain, noKey: noKey, keyOnly: keyOnly, encryptKey: encryptKey,
            legacy: legacy, overwrite: force)
        let outcomes = try await CertificateConversion.run(CertificateConversion.Input(
            files: inputs, destination: out.map { .file($0) } ?? .directory(outDir ?? "."), options: options,
            reader: identity.reader(CredentialReader(password: { try inputPassword.get() }, passwordAtHand: secret.isGiven)),
            outputPassword: { try outputPassword.get() }))
        var results = [ConversionResult]()
        var firstError: APNsError?
        for outcome in outcomes {
            for warning in outcome.warnings { Console.warn("\(outcome.input): \(warning)") }
        }
        for outcome in outcomes {
            switch outcome.result {
            case .success(let converted):
                results.append(ConversionResult(converted))
            case .failure(let error):
                guard let presented = APNsError.presented(error) else { throw error }
                Console.printError(presented)
                firstError = firstError ?? presented
            }
        }
        if out != "-" { try report(results) }
        if let firstError { throw ExitCode(firstError.status.rawValue) }
    }

    /// The new file's password: --out-password-*, else the input's password options, else a prompt.
    private func outputSource() -> @Sendable () throws -> String {
        let source = outSecret.source(orElse: secret.source(prompt: "Password for the new file: ").forNewSecret)
        return { try OutputSecretOptions.resolve(source) }
    }

    private func report(_ results: [ConversionResult]) throws {
        if output.isJSON {
            try Console.printJSON(results)
        } else {
            for result in results {
                var parts = ["\(result.certificates) certificate(s)"]
                if result.privateKey { parts.append(result.keyEncrypted ? "encrypted key" : "key") }
                print("\(result.input) → \(result.output) (\(result.format): \(parts.joined(separator: ", ")))")
            }
        }
    }
}

/// `--to`'s values: pem, p12 or der. Any other word parses as ``unrecognised`` so that validation refuses it with
/// the command's own words ("--to must be pem, p12 or der").
enum ConversionTarget: String, ExpressibleByArgument, Sendable {
    case pem, p12, der
    case unrecognised

    init?(argument: String) {
        self = ConversionTarget(rawValue: argument).flatMap { $0 == .unrecognised ? nil : $0 } ?? .unrecognised
    }

    /// The writer's target; nil for ``unrecognised``.
    var target: CredentialWriter.Target? { CredentialWriter.Target(rawValue: rawValue) }
}

/// One converted file in `cert convert --format json`: `input`, `output`, `format` (`pem`/`p12`/`der`),
/// `certificates` (count), `private_key` (whether the output holds one), `key_encrypted`.
struct ConversionResult: Encodable, Sendable {
    var input: String
    var output: String
    var format: String
    var certificates: Int
    var privateKey: Bool
    var keyEncrypted: Bool

    enum CodingKeys: String, CodingKey {
        case input, output, format, certificates
        case privateKey = "private_key"
        case keyEncrypted = "key_encrypted"
    }

    init(_ converted: CertificateConversion.Converted) {
        input = converted.input
        output = converted.output
        format = converted.format.rawValue
        certificates = converted.certificates
        privateKey = converted.privateKey
        keyEncrypted = converted.keyEncrypted
    }
}
