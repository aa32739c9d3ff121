import APNsCore
import APNsCredentials
import APNsModel
import APNsProvisioning
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl profile verify FILE`: does this profile let the app receive the pushes the provider sends?
struct ProfileVerify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a provisioning profile: signature, expiry, aps-environment, bundle id, push certificate.",
        discussion: """
        Prints one ✔/✘ line per check, like `cert verify`. Exit 0 when every check passes, 1 when any fails, \
        3 when an input cannot be read. --at DATE judges expiry (the profile's and the certificate's) at that \
        time instead of now, as `cert verify --at` does. With --cert (a push certificate: PEM, DER or .p12), the certificate \
        must be of the profile's team and valid for the profile's aps-environment.
        """
    )

    @Argument(help: ArgumentHelp("The profile (.mobileprovision, .provisionprofile; - for standard input).",
                                 valueName: "FILE"), completion: ProfileInspect.profileFiles)
    var file: String

    @Option(help: ArgumentHelp("The aps-environment the profile must grant: development or production.",
                               valueName: "ENV"))
    var env: String?

    @Option(name: .customLong("bundle-id"), help: ArgumentHelp("A bundle id the profile's app id must cover.",
                                                              valueName: "ID"))
    var bundleID: String?

    @Option(help: ArgumentHelp("The push certificate the provider uses (PEM, DER or .p12).", valueName: "FILE"),
            completion: KeystoreCompletion.credentialFiles)
    var cert: String?

    @Option(name: .customLong("min-days"), help: "The fewest days the profile must still be valid; 0 only requires that it has not expired.")
    var minDays: Int = 0

    @Option(help: ArgumentHelp("An extra trust anchor for the signature (PEM or DER; repeatable).", valueName: "FILE"),
            completion: .file())
    var ca: [String] = []

    @Option(help: ArgumentHelp("Judge expiry at this time (ISO 8601) instead of now.", valueName: "DATE"))
    var at: String?

    @OptionGroup var secret: SecretOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        if let env, APNsEnvironment(rawValue: env) == nil {
            throw ValidationError("--env must be development or production")
        }
        if minDays < 0 { throw ValidationError("--min-days must not be negative") }
        if let at, CertVerify.parseDate(at) == nil {
            throw ValidationError("--at must be an ISO 8601 date, e.g. 2026-01-31 or 2026-01-31T12:00:00Z")
        }
    }

    func run() async throws {
        try secret.checkStandardInput(inputs: [file, cert])
        let document = try ProfileInspect.reader(ca: ca).read(path: file)
        var verifier = ProfileVerifier()
        verifier.environment = env.flatMap(APNsEnvironment.init(rawValue:))
        verifier.bundleID = bundleID
        verifier.minimumDays = minDays
        if let at, let date = CertVerify.parseDate(at) {
            verifier.now = date
            verifier.atFixedTime = true
        }
        if let cert {
            let password = CachedPassword(secret.sharedSource(prompt: "Password for the .p12 file: "))
            let bundle = try CredentialReader(password: { try password.get() }, passwordAtHand: secret.isGiven).read(path: cert)
            guard let leaf = bundle.leaf else {
                throw APNsError.badInput("\(cert): holds no certificate, only a private key",
                                         hint: "--cert takes the push certificate (PEM, DER or .p12)")
            }
            verifier.certificate = leaf
        }
        let (checks, hints) = verifier.checks(document)
        let passed = !checks.contains { $0.status == .fail }
        if format == .json {
            try Console.printJSON(ProfileVerifyReport(file: file, passed: passed, checks: checks, hints: hints))
        } else {
            Console.printChecks(checks)
            for hint in hints { StandardStream.error.write("apnsctl: hint: \(hint)\n".utf8) }
        }
        if !passed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }
}

/// `profile verify --format json`: `file`, `passed`, `checks` (each `name`, `status`, `detail`), `hints`.
struct ProfileVerifyReport: Encodable {
    var file: String
    var passed: Bool
    var checks: [CertificateCheck]
    var hints: [String]
}
