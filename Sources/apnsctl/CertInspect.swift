import APNsCore
import APNsCredentials
import APNsKeystore
import APNsProvisioning
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl cert inspect FILE...`: what each certificate file holds.
struct CertInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what certificate files hold: subject, validity, fingerprints, environments, topics, key.",
        discussion: """
        Reads PEM, DER (.cer) and PKCS#12 (.p12/.pfx) files, recognised by content. A .p12 password is asked \
        only when the empty password does not open the file. Certificate signing requests (PEM or DER) show \
        their subject, key, public key SHA-256, whether the self-signature verifies, and the keystore's pending \
        request for that key. Exit 3 when any file cannot be read.
        """
    )

    @Argument(help: ArgumentHelp("Credential files to read (- for standard input).", valueName: "FILE"),
              completion: KeystoreCompletion.credentialFiles)
    var files: [String]

    @OptionGroup var secret: SecretOptions
    @OptionGroup var identity: IdentityOptions
    @OptionGroup var keystore: KeystoreOptions

    @OptionGroup var output: FormatOptions

    func run() async throws {
        try secret.checkStandardInput(inputs: files)
        let password = CachedPassword(secret.sharedSource(prompt: "Password for the .p12 file: "))
        var reader = CredentialReader(password: { try password.get() }, passwordAtHand: secret.isGiven)
        reader.identity = identity.chosen
        try Console.reportEach(files, format: output.format, text: \.text) { file -> InspectedFile in
            let bytes = try SecureFile.read(file, limit: SecureFile.credentialLimit)
            if var request = try CertificateRequestReport.read(bytes: bytes, file: file) {
                request.pendingRequest = pendingRequest(for: request.publicKeyDER)
                return .request(request)
            }
            let bundle = try reader.read(bytes: bytes, name: file)
            for warning in bundle.warnings { Console.warn("\(file): \(warning)") }
            if identity.chosen != nil, let choice = bundle.keyChoice { Console.warn("\(file): \(choice)") }
            return .credential(InspectionReport(file: file, bundle: bundle, now: Date()))
        }
    }

    /// The id of the keystore's pending request for this public key; nil without a keystore.
    private func pendingRequest(for publicKeyDER: [UInt8]) -> String? {
        guard let store = try? keystore.open() else { return nil }
        return (try? store.pendingRequest(publicKeyDER: publicKeyDER))?.id
    }
}

/// One file `cert inspect` read: a credential (certificates, keys, .p12) or a certificate signing request.
enum InspectedFile: Encodable {
    case credential(InspectionReport)
    case request(CertificateRequestReport)

    func encode(to encoder: Encoder) throws {
        switch self {
        case .credential(let report): try report.encode(to: encoder)
        case .request(let report): try report.encode(to: encoder)
        }
    }

    var text: String {
        switch self {
        case .credential(let report): return report.text
        case .request(let report): return report.text(joinCommand: "apnsctl cert join FILE")
        }
    }
}
