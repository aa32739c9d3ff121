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

/// `apnsctl cert verify FILE`: is this certificate fit to send to APNs?
struct CertVerify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a certificate for APNs: expiry, environment, topics, key, chain, client auth.",
        discussion: """
        Prints one ✔/✘ line per check. Exit 0 when every check passes, 1 when any fails, 3 when the input \
        cannot be read. The purpose check names what the certificate is for (app push, VoIP Services, Pass Type \
        ID, Website Push ID) and fails for one that is not for push. The chain check verifies against Apple's \
        CAs, which ship with apnsctl, or against --ca FILE, and names the CA; it judges signatures and issuers: \
        expiry is the validity check's job, unless --at fixes the time for both. --min-days is 30 unless given.
        """
    )

    @Argument(help: ArgumentHelp("The certificate file (PEM, DER or .p12; - for standard input).", valueName: "FILE"),
              completion: KeystoreCompletion.credentialFiles)
    var file: String

    @OptionGroup var topicOption: TopicOption
    var topics: [String] { topicOption.topics }

    @OptionGroup var environment: EnvironmentOption

    @OptionGroup var minDaysOption: MinDaysOption
    var minDays: Int { minDaysOption.days(default: 30) }

    @Option(name: [.customLong("cert-key"), .customLong("key")], help: ArgumentHelp(
        "The certificate's private key, when the file holds none (--key is its old spelling).", valueName: "FILE"),
            completion: .file())
    var key: String?

    @OptionGroup var caOption: ChainCAOption
    var ca: String? { caOption.ca }

    @Option(help: ArgumentHelp("Judge validity at this time (ISO 8601) instead of now.", valueName: "DATE"))
    var at: String?

    @OptionGroup var secret: SecretOptions
    @OptionGroup var identity: IdentityOptions

    @OptionGroup var output: FormatOptions

    func validate() throws {
        if let at, Self.parseDate(at) == nil {
            throw ValidationError("--at must be an ISO 8601 date, e.g. 2026-01-31 or 2026-01-31T12:00:00Z")
        }
    }

    func run() async throws {
        try secret.checkStandardInput(inputs: [file, key, ca])
        let password = CachedPassword(secret.sharedSource(prompt: "Password for the .p12 file: "))
        let reader = CredentialReader(password: { try password.get() }, passwordAtHand: secret.isGiven)
        let bundle = try identity.reader(reader).read(path: file)
        for warning in bundle.warnings { Console.warn("\(file): \(warning)") }
        if let choice = bundle.keyChoice { Console.warn("\(file): \(choice)") }
        if let problem = bundle.keyAmbiguity, key == nil {
            Console.warn("\(file): \(problem); \(IdentityOptions.ambiguityHint), or pass --cert-key FILE to check one")
        }
        var input = CertificateVerification.Input(file: file, credential: bundle)
        input.keyFile = key
        input.caFile = ca
        input.topics = topics
        input.environment = environment.value
        input.minimumDays = minDays
        input.fixedTime = at.flatMap(Self.parseDate)
        let result = try await CertificateVerification.run(input, keyReader: reader)
        let checks = result.checks.map { $0.name == "chain" ? Self.naming($0, ca: ca, leaf: result.leaf) : $0.worded }
        if output.isJSON {
            try Console.printJSON(VerifyReport(file: file, passed: result.passed, purpose: result.leaf.purpose,
                                               checks: checks))
        } else {
            Console.printChecks(checks)
        }
        if !result.passed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }

    static func parseDate(_ text: String) -> Date? {
        ISO8601Text.instant(from: text)
    }

    /// The chain check's words with the CA named: Apple's (shipped with apnsctl) or the file given.
    static func naming(_ check: CertificateCheck, ca: String?, leaf: APNsCertificate) -> CertificateCheck {
        let against = ca.map { "the CA in \($0)" } ?? "Apple's CAs shipped with apnsctl"
        if check.status == .pass {
            return CertificateCheck(check.name, .pass, check.detail + ", against " + against)
        }
        let reason = check.detail.replacing("does not verify against the given CA: ", with: "")
            .replacing("no path to a given CA", with: "no path leads to one of them")
        let issuer = leaf.issuerCommonName ?? leaf.issuer
        let what = ca == nil ? "does not chain to \(against) (issuer: \(issuer)): \(reason); "
            + "a certificate APNs accepts does; for one from another CA pass --ca FILE"
            : "does not verify against \(against) (issuer: \(issuer)): \(reason)"
        return CertificateCheck(check.name, .fail, what)
    }
}

/// `cert verify --format json`: `file`, `passed` (every check passed), `purpose` (what the certificate is for:
/// `app_push`, `voip`, `pass_type_id`, `website_push`, `not_push`), `checks` (each `name`, `status`
/// pass/fail/skipped, `detail`).
struct VerifyReport: Encodable {
    var file: String
    var passed: Bool
    var purpose: CertificatePurpose
    var checks: [CertificateCheck]
}
