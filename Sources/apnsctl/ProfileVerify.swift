import APNsCore
import APNsCredentials
import APNsModel
import APNsOperations
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
        must be of the profile's team and valid for the profile's aps-environment. --min-days is 0 unless given.
        """
    )

    @Argument(help: ArgumentHelp("The profile (.mobileprovision, .provisionprofile; - for standard input).",
                                 valueName: "FILE"), completion: ProfileInspect.profileFiles)
    var file: String

    @OptionGroup var environment: EnvironmentOption

    @Option(name: .customLong("bundle-id"), help: ArgumentHelp("A bundle id the profile's app id must cover.",
                                                              valueName: "ID"))
    var bundleID: String?

    @Option(help: ArgumentHelp("The push certificate the provider uses (PEM, DER or .p12).", valueName: "FILE"),
            completion: KeystoreCompletion.credentialFiles)
    var cert: String?

    @OptionGroup var minDaysOption: MinDaysOption
    var minDays: Int { minDaysOption.days(default: 0) }

    @OptionGroup var caOption: TrustedCAOption
    var ca: [String] { caOption.caFiles }

    @Option(help: ArgumentHelp("Judge expiry at this time (ISO 8601) instead of now.", valueName: "DATE"))
    var at: String?

    @OptionGroup var secret: SecretOptions

    @OptionGroup var output: FormatOptions

    func validate() throws {
        if let at, CertVerify.parseDate(at) == nil {
            throw ValidationError("--at must be an ISO 8601 date, e.g. 2026-01-31 or 2026-01-31T12:00:00Z")
        }
    }

    func run() async throws {
        try secret.checkStandardInput(inputs: [file, cert])
        let password = CachedPassword(secret.sharedSource(prompt: "Password for the .p12 file: "))
        var input = ProfileVerification.Input(file: file)
        input.caFiles = ca
        input.caLabel = "--ca"
        input.environment = environment.value
        input.bundleID = bundleID
        input.minimumDays = minDays
        input.fixedTime = at.flatMap(CertVerify.parseDate)
        input.certificateFile = cert
        input.certificateReader = CredentialReader(password: { try password.get() }, passwordAtHand: secret.isGiven)
        let result = try ProfileVerification.run(input)
        if output.isJSON {
            try Console.printJSON(ProfileVerifyReport(file: file, passed: result.passed, checks: result.checks,
                                                      hints: result.hints.map(\.words)))
        } else {
            Console.printChecks(result.checks)
            for hint in result.hints.map(\.words) { StandardStream.error.write("apnsctl: hint: \(hint)\n".utf8) }
        }
        if !result.passed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }
}

/// `profile verify --format json`: `file`, `passed`, `checks` (each `name`, `status`, `detail`), `hints`.
struct ProfileVerifyReport: Encodable {
    var file: String
    var passed: Bool
    var checks: [CertificateCheck]
    var hints: [String]
}
