import APNsCore
import APNsKeystore
import APNsModel
import APNsOperations
import APNsProvisioning
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl cert request --out push.csr`: a key and a CSR for Apple's portal, without Keychain.
struct CertRequest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Make a certificate signing request for an APNs certificate; the key waits in the keystore.",
        discussion: """
        Makes an RSA-2048 key and a CSR signed with SHA-256, the subject as Keychain Access makes it \
        (emailAddress, CN, C). The CSR goes to --out (PEM, not a secret); the private key stays in the keystore as \
        a pending request (0600, audited) until `apnsctl cert join` pairs it with the certificate Apple returns. \
        --list shows the pending requests, --discard ID removes one (its key is overwritten and unlinked).
        """)

    @OptionGroup var outOption: OutOption
    var out: String? { outOption.out }
    @OptionGroup var forceOption: ForceOption
    var force: Bool { forceOption.force }
    @Option(help: ArgumentHelp("Subject emailAddress (default: $USER@hostname).", valueName: "ADDRESS"))
    var email: String?
    @Option(name: .customLong("common-name"),
            help: ArgumentHelp("Subject CN (default: the bundle id, else \"apnsctl push certificate\").",
                               valueName: "NAME"))
    var commonName: String?
    @Option(help: ArgumentHelp("Subject C, two letters.", valueName: "CODE")) var country = "US"
    @Option(name: .customLong("bundle-id"), help: ArgumentHelp("Note: the app the certificate is for.", valueName: "ID"))
    var bundleID: String?
    @Option(help: ArgumentHelp("Note: development (Sandbox certificate) or production (Sandbox & Production).",
                               valueName: "ENV"))
    var env: APNsEnvironment?
    @OptionGroup var teamOption: TeamOption
    var team: String? { teamOption.team }
    @Flag(help: "List the pending requests instead.") var list = false
    @Option(help: ArgumentHelp("Remove the pending request ID and its key.", valueName: "ID")) var discard: String?
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func validate() throws {
        let modes = [out != nil, list, discard != nil].filter { $0 }.count
        if modes == 0 { throw ValidationError("name the CSR file with --out FILE (or use --list / --discard ID)") }
        if modes > 1 { throw ValidationError("--out, --list and --discard cannot be used together") }
        if let bundleID, let problem = BundleIdentifier.problem(bundleID) {
            throw ValidationError("--bundle-id '\(bundleID)' is not a bundle id: \(problem) (e.g. com.example.app)")
        }
    }

    /// JSON (docs/json/cert-request.schema.json): `id`, `csr` (path), `subject`, `public_key_sha256`, `bundle_id`,
    /// `environment`, `team_id` (null when not noted), `portal_certificate_type` (what to choose in the portal), `portal_url`,
    /// `join_command`, `next_steps` (in order).
    struct Output: Encodable {
        var id: String
        var csr: String
        var subject: String
        var publicKeySHA256: String
        @Nullable var bundleID: String?
        @Nullable var environment: String?
        @Nullable var teamID: String?
        var certificateType: String
        var portalURL: String
        var joinCommand: String
        var nextSteps: [String]
        enum CodingKeys: String, CodingKey {
            case id, csr, subject, publicKeySHA256 = "public_key_sha256", bundleID = "bundle_id", environment
            case teamID = "team_id"
            case certificateType = "portal_certificate_type", portalURL = "portal_url", joinCommand = "join_command"
            case nextSteps = "next_steps"
        }
    }

    func run() async throws {
        let store = try keystore.open()
        if list { return try printList(store) }
        if let discard {
            let record = try store.discardPendingRequest(discard)
            try output.print(PendingRequestStatus(record: record, now: store.clock.now()),
                             text: "discarded request \(record.id) (\(record.subject)); its key was overwritten and removed")
            return
        }
        guard let out else { return }
        var input = CertificateRequestCreation.Input(
            csrFile: out, subject: CertificateRequestSubject(email: email ?? Self.defaultEmail, commonName: commonName
                                                                 ?? bundleID ?? "apnsctl push certificate",
                                                             country: country), keystore: store)
        let env = env?.rawValue
        (input.overwrite, input.bundleID, input.environment, input.teamID) = (force, bundleID, env, team)
        let record = try CertificateRequestCreation.run(input)
        let steps = CertificateRequestSteps(csrPath: out, environment: env, bundleID: bundleID,
                                            joinCommand: { "apnsctl cert join \($0)" + (keystore.keystore.map { " --keystore \($0)" } ?? "") })
        if output.isJSON {
            try Console.printJSON(Output(id: record.id, csr: out, subject: record.subject,
                                         publicKeySHA256: record.fingerprint, bundleID: bundleID, environment: env, teamID: team,
                                         certificateType: steps.certificateType,
                                         portalURL: CertificateRequestSteps.portalURL,
                                         joinCommand: steps.joinCommand, nextSteps: steps.steps))
            return
        }
        print("wrote \(out): certificate signing request for an RSA 2048 key (\(record.subject))")
        print("the private key stays in the keystore as pending request \(record.id)")
        print("\nNext steps:")
        for (index, step) in steps.steps.enumerated() { print("  \(index + 1). \(step)") }
    }

    private func printList(_ store: Keystore) throws {
        let now = store.clock.now()
        let pending = try store.pendingRequests().map { PendingRequestStatus(record: $0, now: now) }
        if output.isJSON { return try Console.printJSON(pending) }
        guard !pending.isEmpty else { return print("no pending certificate requests") }
        print(PendingRequestText.table(pending))
    }

    static var defaultEmail: String {
        CertificateRequestCreation.defaultEmail(user: ProcessInfo.processInfo.environment["USER"],
                                                host: ProcessInfo.processInfo.hostName)
    }
}

/// The pending-request table of `cert request --list` and `keystore status`.
enum PendingRequestText {
    static func table(_ pending: [PendingRequestStatus]) -> String {
        var rows = [["REQUEST", "AGE", "BUNDLE ID", "ENV", "SUBJECT"]]
        for request in pending {
            rows.append([request.id, "\(request.ageDays)d", request.bundleID ?? "-", request.environment ?? "-",
                         request.subject])
        }
        return KeystoreText.table(rows)
    }
}
