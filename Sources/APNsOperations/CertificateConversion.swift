import APNsCore
import APNsCredentials
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Re-encodes certificates and keys between PKCS#12, PEM and DER: the plan (which input goes to which file,
/// refused before anything is written when two would share one), then each input read, selected, encoded and
/// written (atomically; 0600 when the output holds a key), concurrently, at most one per core.
public enum CertificateConversion {
    /// Where the outputs go.
    public enum Destination: Sendable, Equatable {
        /// One file (`-`: standard output), for one input.
        case file(String)
        /// A directory, each output named after its input.
        case directory(String)
    }

    /// What each output holds and how it is encoded.
    public struct Options: Sendable, Equatable {
        public var target: CredentialWriter.Target
        /// The chain certificates after the leaf (false: the leaf alone).
        public var chain: Bool
        /// Leave the private key out.
        public var noKey: Bool
        /// Write only the private key.
        public var keyOnly: Bool
        /// PEM: encrypt the key as PKCS#8.
        public var encryptKey: Bool
        /// PKCS#12: RC2-40/3DES/SHA-1 for older macOS Keychain imports.
        public var legacy: Bool
        /// Replace existing files.
        public var overwrite: Bool

        public init(target: CredentialWriter.Target, chain: Bool = true, noKey: Bool = false, keyOnly: Bool = false,
                    encryptKey: Bool = false, legacy: Bool = false, overwrite: Bool = false) {
            self.target = target
            self.chain = chain
            self.noKey = noKey
            self.keyOnly = keyOnly
            self.encryptKey = encryptKey
            self.legacy = legacy
            self.overwrite = overwrite
        }
    }

    /// What to convert.
    public struct Input: Sendable {
        /// The input files (`-`: standard input).
        public var files: [String]
        public var destination: Destination
        public var options: Options
        /// Reads each input (its password source, its identity choice).
        public var reader: CredentialReader
        /// The new file's password or the key's passphrase, asked for when an output needs one.
        public var outputPassword: @Sendable () throws -> String

        public init(files: [String], destination: Destination, options: Options, reader: CredentialReader = CredentialReader(),
                    outputPassword: @escaping @Sendable () throws -> String) {
            self.files = files
            self.destination = destination
            self.options = options
            self.reader = reader
            self.outputPassword = outputPassword
        }
    }

    /// One converted file.
    public struct Converted: Sendable, Equatable {
        public var input: String
        public var output: String
        public var format: CredentialWriter.Target
        /// How many certificates the output holds.
        public var certificates: Int
        /// True when the output holds a private key.
        public var privateKey: Bool
        public var keyEncrypted: Bool
    }

    /// One input's outcome: what its reading noticed, and the file written or why not.
    public struct Outcome: Sendable {
        public var input: String
        /// Things worth saying about the input (each starts with what it is about, not with the file's name).
        public var warnings: [String]
        public var result: Swift.Result<Converted, any Error>
    }

    /// The output path of each input, in order.
    public static func plan(_ input: Input) throws -> [(input: String, output: String)] {
        let jobs = input.files.map { file -> (input: String, output: String) in
            switch input.destination {
            case .file(let path): return (file, path)
            case .directory(let directory): return (file, outputPath(for: file, in: directory, options: input.options))
            }
        }
        var first = [String: String]()
        for job in jobs {
            let key = URL(fileURLWithPath: job.output).standardizedFileURL.path
            if let earlier = first[key] {
                throw CertificateConversionError.sameOutput(first: earlier, second: job.input, output: job.output)
            }
            first[key] = job.input
        }
        return jobs
    }

    /// Converts every input; refuses the whole run, before anything is written, when two inputs would write the
    /// same file. One input's failure does not stop the others: each ``Outcome`` says how its input went.
    public static func run(_ input: Input) async throws -> [Outcome] {
        let jobs = try plan(input)
        if case .directory(let directory) = input.destination { try SecureFile.ensureDirectory(directory, mode: 0o700) }
        let converter = Converter(reader: input.reader, outputPassword: input.outputPassword, options: input.options)
        let outcomes = await ConcurrentMap.map(Array(jobs.enumerated())) { index, job in
            (index, converter.convert(job.input, to: job.output))
        }
        return outcomes.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// `directory/NAME.EXT`: the input's name without its extension, and the target's.
    static func outputPath(for file: String, in directory: String, options: Options) -> String {
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let ext: String
        switch options.target {
        case .pem: ext = options.keyOnly ? "key" : "pem"
        case .der: ext = options.keyOnly ? "der" : "cer"
        case .p12: ext = "p12"
        }
        return (directory.hasSuffix("/") ? directory : directory + "/") + "\(name).\(ext)"
    }

    /// One input's conversion: read, select, encode, write. A value, so inputs convert concurrently.
    struct Converter: Sendable {
        let reader: CredentialReader
        let outputPassword: @Sendable () throws -> String
        let options: Options

        func convert(_ input: String, to destination: String) -> Outcome {
            var outcome = Outcome(input: input, warnings: [], result: .failure(CertificateConversionError.nothingLeft(input: input)))
            do {
                let read = try reader.read(path: input)
                // Refused before any warning: a refusal is one error line and its hint.
                if let problem = read.keyAmbiguity, !options.noKey {
                    throw CertificateConversionError.ambiguousKey(input: input, problem: problem)
                }
                outcome.warnings = read.warnings
                if let choice = read.keyChoice, !options.noKey { outcome.warnings.append(choice) }
                let bundle = read.selecting(chain: options.chain, key: !options.noKey, keyOnly: options.keyOnly)
                let bytes = try encode(bundle, input: input)
                let holdsKey = bundle.privateKey != nil
                try SecureFile.write(bytes, to: destination, mode: holdsKey ? 0o600 : 0o644, overwrite: options.overwrite)
                outcome.result = .success(Converted(
                    input: input, output: destination, format: options.target, certificates: bundle.certificates.count,
                    privateKey: holdsKey, keyEncrypted: holdsKey && (options.encryptKey || options.target == .p12)))
            } catch {
                outcome.result = .failure(error)
            }
            return outcome
        }

        private func encode(_ bundle: CredentialBundle, input: String) throws -> [UInt8] {
            if options.keyOnly && bundle.privateKey == nil { throw CertificateConversionError.noPrivateKey(input: input) }
            if bundle.certificates.isEmpty && bundle.privateKey == nil {
                throw CertificateConversionError.nothingLeft(input: input)
            }
            do {
                switch options.target {
                case .pem:
                    let passphrase = options.encryptKey && bundle.privateKey != nil ? try outputPassword() : nil
                    return try CredentialWriter.pem(certificates: bundle.certificates, key: bundle.privateKey,
                                                    keyPassphrase: passphrase)
                case .der:
                    return try CredentialWriter.der(certificates: bundle.certificates, key: bundle.privateKey)
                case .p12:
                    return try CredentialWriter.pkcs12(certificates: bundle.certificates, key: bundle.privateKey,
                                                       password: try outputPassword(),
                                                       profile: options.legacy ? .legacy : .modern)
                }
            } catch let error as CredentialError {
                throw CertificateConversionError.unencodable(input: input, error)
            }
        }
    }
}

/// Why an input was not converted, or nothing was.
public enum CertificateConversionError: Error, Equatable {
    /// Two inputs would be written to the same `output`: nothing was written.
    case sameOutput(first: String, second: String, output: String)
    /// `input` holds several private keys and which one goes with the certificate is not clear (`problem`).
    case ambiguousKey(input: String, problem: String)
    /// Only the key is wanted and `input` holds none.
    case noPrivateKey(input: String)
    /// What is left of `input` after leaving out the key is empty.
    case nothingLeft(input: String)
    /// The writer refused `input`'s certificates or key.
    case unencodable(input: String, CredentialError)
}
