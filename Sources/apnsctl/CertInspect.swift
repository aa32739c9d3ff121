import APNsCore
import APNsCredentials
import ArgumentParser
import Foundation

/// `apnsctl cert inspect FILE...`: what each certificate file holds.
struct CertInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what certificate files hold: subject, validity, fingerprints, environments, topics, key.",
        discussion: """
        Reads PEM, DER (.cer) and PKCS#12 (.p12/.pfx) files, recognised by content. A .p12 password is asked \
        only when the empty password does not open the file. Exit 3 when any file cannot be read.
        """
    )

    @Argument(help: ArgumentHelp("Credential files to read (- for standard input).", valueName: "FILE"),
              completion: KeystoreCompletion.credentialFiles)
    var files: [String]

    @OptionGroup var secret: SecretOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() async throws {
        let password = CachedPassword(secret.sharedSource(prompt: "Password for the .p12 file: "))
        let reader = CredentialReader(password: { try password.get() })
        var reports = [InspectionReport]()
        var firstError: APNsError?
        for file in files {
            do {
                let bundle = try reader.read(path: file)
                for warning in bundle.warnings { Console.warn("\(file): \(warning)") }
                reports.append(InspectionReport(file: file, bundle: bundle, now: Date()))
            } catch let error as APNsError {
                Console.printError(error)
                firstError = firstError ?? error
            }
        }
        if !reports.isEmpty {
            if format == .json {
                try Console.printJSON(reports)
            } else {
                print(reports.map(\.text).joined(separator: "\n\n"))
            }
        }
        if let firstError { throw ExitCode(firstError.status.rawValue) }
    }
}

extension SecretOptions {
    /// The password source as a Sendable closure (the reader calls it only when a file needs a password).
    func sharedSource(prompt: String) -> @Sendable () throws -> String {
        let source = self.source(prompt: prompt)
        return { try source.resolve() }
    }
}
