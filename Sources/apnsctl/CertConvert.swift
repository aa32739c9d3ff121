import APNsCore
import APNsCredentials
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
    var to: String

    @Option(help: ArgumentHelp("Output file (- for standard output). One input only.", valueName: "FILE"))
    var out: String?

    @Option(name: .customLong("out-dir"),
            help: ArgumentHelp("Write each output into DIR, named after its input.", valueName: "DIR"))
    var outDir: String?

    @Flag(help: "Replace existing output files.")
    var force = false

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

    @Option(help: "Output format of the summary: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        guard CredentialWriter.Target(rawValue: to) != nil else {
            throw ValidationError("--to must be pem, p12 or der")
        }
        if noKey && keyOnly { throw ValidationError("--no-key and --key-only cannot be used together") }
        if out != nil && outDir != nil { throw ValidationError("--out and --out-dir cannot be used together") }
        if out == nil && outDir == nil { throw ValidationError("name the output with --out FILE (- for stdout) or --out-dir DIR") }
        if out != nil && inputs.count > 1 { throw ValidationError("several inputs need --out-dir DIR, not --out") }
        if outDir != nil && inputs.contains("-") { throw ValidationError("standard input needs --out FILE, not --out-dir") }
        if encryptKey && to != "pem" { throw ValidationError("--encrypt-key applies to --to pem only") }
        if legacy && to != "p12" { throw ValidationError("--legacy applies to --to p12 only") }
    }

    func run() async throws {
        try secret.checkStandardInput(inputs: inputs, output: outSecret)
        let target = CredentialWriter.Target(rawValue: to) ?? .pem
        let inputPassword = CachedPassword(secret.sharedSource(prompt: "Password for the input file: "))
        let conversion = Conversion(
            reader: identity.reader(CredentialReader(password: { try inputPassword.get() }, passwordAtHand: secret.isGiven)),
            outputPassword: CachedPassword(outputSource()), target: target, chain: chain, noKey: noKey,
            keyOnly: keyOnly, encryptKey: encryptKey, legacy: legacy, force: force)
        let jobs = inputs.enumerated().map { index, input in
            (index: index, input: input, destination: out ?? outputPath(for: input, target: target))
        }
        try Self.checkClashes(jobs.map { ($0.input, $0.destination) })
        if let outDir { try SecureFile.ensureDirectory(outDir, mode: 0o700) }
        // Inputs convert concurrently, at most one per core; every output path is distinct (checked above).
        let outcomes = await ConcurrentMap.map(jobs) { job in
            (job.index, Result { try conversion.convert(job.input, to: job.destination) })
        }
        var results = [ConversionResult]()
        var firstError: APNsError?
        for (_, outcome) in outcomes.sorted(by: { $0.0 < $1.0 }) {
            switch outcome {
            case .success(let result):
                results.append(result)
            case .failure(let error as APNsError):
                let error = error.worded
                Console.printError(error)
                firstError = firstError ?? error
            case .failure(let error):
                throw error
            }
        }
        if out != "-" { try report(results) }
        if let firstError { throw ExitCode(firstError.status.rawValue) }
    }

    /// Refuses, before anything is written, inputs that would write the same output (`a/x.pem` and `b/x.pem`
    /// into one `--out-dir`): the first would be written and the second fail, or overwrite it with --force.
    static func checkClashes(_ jobs: [(input: String, destination: String)]) throws {
        var first = [String: String]()
        for job in jobs {
            let key = URL(fileURLWithPath: job.destination).standardizedFileURL.path
            if let earlier = first[key] {
                throw APNsError.usage("\(earlier) and \(job.input) would both be written to \(job.destination); nothing was written",
                                      hint: "convert them in separate runs, or into separate --out-dir directories")
            }
            first[key] = job.input
        }
    }

    /// The new file's password: --out-password-*, else the input's password options, else a prompt.
    private func outputSource() -> @Sendable () throws -> String {
        let source = outSecret.source(orElse: secret.source(prompt: "Password for the new file: ").forNewSecret)
        return { try OutputSecretOptions.resolve(source) }
    }

    private func outputPath(for input: String, target: CredentialWriter.Target) -> String {
        let name = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        let ext: String
        switch target {
        case .pem: ext = keyOnly ? "key" : "pem"
        case .der: ext = keyOnly ? "der" : "cer"
        case .p12: ext = "p12"
        }
        let directory = outDir ?? "."
        return (directory.hasSuffix("/") ? directory : directory + "/") + "\(name).\(ext)"
    }

    private func report(_ results: [ConversionResult]) throws {
        if format == .json {
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

/// One input's conversion: read, select, encode, write (atomically; 0600 when the output holds a key).
/// A value, so the inputs of one call can convert concurrently.
private struct Conversion: Sendable {
    let reader: CredentialReader
    let outputPassword: CachedPassword
    let target: CredentialWriter.Target
    let chain: Bool, noKey: Bool, keyOnly: Bool, encryptKey: Bool, legacy: Bool, force: Bool

    func convert(_ input: String, to destination: String) throws -> ConversionResult {
        let read = try reader.read(path: input)
        // Refused before any warning: a refusal is one error line and its hint.
        if let problem = read.keyAmbiguity, !noKey {
            throw APNsError.badInput("\(input): \(problem)",
                                     hint: IdentityOptions.ambiguityHint + "; or --no-key to convert the certificates alone")
        }
        for warning in read.warnings { Console.warn("\(input): \(warning)") }
        if let choice = read.keyChoice, !noKey { Console.warn("\(input): \(choice)") }
        let bundle = read.selecting(chain: chain, key: !noKey, keyOnly: keyOnly)
        let bytes = try encode(bundle, input: input)
        let holdsKey = bundle.privateKey != nil
        try SecureFile.write(bytes, to: destination, mode: holdsKey ? 0o600 : 0o644, overwrite: force)
        return ConversionResult(input: input, output: destination, format: target.rawValue,
                                certificates: bundle.certificates.count, privateKey: holdsKey,
                                keyEncrypted: holdsKey && (encryptKey || target == .p12))
    }

    private func encode(_ bundle: CredentialBundle, input: String) throws -> [UInt8] {
        if keyOnly && bundle.privateKey == nil {
            throw APNsError.badInput("\(input): holds no private key", hint: "--key-only needs an input with a key")
        }
        if bundle.certificates.isEmpty && bundle.privateKey == nil {
            throw APNsError.badInput("\(input): nothing left to write", hint: "drop --no-key, or pick an input with a certificate")
        }
        do {
            switch target {
            case .pem:
                let passphrase = encryptKey && bundle.privateKey != nil ? try outputPassword.get() : nil
                return try CredentialWriter.pem(certificates: bundle.certificates, key: bundle.privateKey,
                                                keyPassphrase: passphrase)
            case .der:
                return try CredentialWriter.der(certificates: bundle.certificates, key: bundle.privateKey)
            case .p12:
                return try CredentialWriter.pkcs12(certificates: bundle.certificates, key: bundle.privateKey,
                                                   password: try outputPassword.get(), profile: legacy ? .legacy : .modern)
            }
        } catch let error as CredentialError {
            throw APNsError.badInput("\(input): \(error.message)", hint: error.remedy?.words ?? error.hint)
        }
    }
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
}
