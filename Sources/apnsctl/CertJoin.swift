import APNsCore
import APNsCredentials
import APNsKeystore
import APNsOperations
import APNsProvisioning
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl cert join aps.cer`: pairs the certificate Apple returns with its pending request's key.
struct CertJoin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join the certificate Apple returns (.cer) with the key of its pending request, into the keystore.",
        discussion: """
        Finds the pending request (from `apnsctl cert request`) whose public key the certificate certifies, \
        checks that the certificate is an APNs certificate chaining to Apple (or to --ca FILE), and stores \
        certificate and key as `apnsctl cert import` does, removing the request in the same manifest write. \
        With --out the pair is also exported: a .p12 (AES-256; --legacy for older macOS Keychain) under the \
        --out-password-file/--out-password-env password, or --to pem (certificate, then the unencrypted key; 0600).
        """)

    @Argument(help: ArgumentHelp("The certificate from Apple's portal: DER (.cer) or PEM (- for stdin).",
                                 valueName: "FILE"), completion: KeystoreCompletion.credentialFiles)
    var file: String
    @OptionGroup var caOption: TrustedCAOption
    var ca: String? { caOption.caFiles.first }
    @OptionGroup var outOption: OutOption
    var out: String? { outOption.out }
    @Option(help: ArgumentHelp("Export encoding: p12 or pem.", valueName: "p12|pem")) var to = "p12"
    @Flag(help: "p12 export: RC2-40/3DES/SHA-1 for older macOS Keychain import.") var legacy = false
    @OptionGroup var forceOption: ForceOption
    var force: Bool { forceOption.force }
    @Flag(help: "Refuse (exit 3) a certificate whose bundle id, environment or team differs from the request's notes.")
    var strict = false
    @OptionGroup var outSecret: OutputSecretOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func validate() throws {
        guard caOption.caFiles.count <= 1 else { throw ValidationError("cert join takes one --ca FILE") }
        guard to == "p12" || to == "pem" else { throw ValidationError("--to must be p12 or pem") }
        if out == nil && (legacy || outSecret.isGiven || force) {
            throw ValidationError("--legacy, --force and --out-password-* apply to an export: add --out FILE")
        }
        if legacy && to != "p12" { throw ValidationError("--legacy applies to --to p12 only") }
    }

    /// JSON (docs/json/cert-join.schema.json): `id`, `request` (the joined request's id), `subject`,
    /// `certificate_type` (`push`, `pass_type_id`, `website_push_id`), `purpose` (`app_push`, `voip`, `pass_type_id`,
    /// `website_push`: the same word as cert inspect, verify and expiry), `topics`, `environments`, `team_id`,
    /// `not_after`, `days_left`, `trust` (`apple`, or `ca` when only --ca vouches for it), `chain` (the verified
    /// path: RFC 4514 subjects, the leaf's issuer first), `already_present`, `export` (`{"file", "format"}`, null
    /// without --out), `note_differences` (`[{"note", "requested", "certificate"}]`: where the certificate differs from
    /// the request's `--bundle-id`/`--env` notes; empty when it is what was asked for).
    struct Report: Encodable {
        struct Export: Encodable { var file: String; var format: String }
        struct Difference: Encodable { var note: String; var requested: String; var certificate: String }
        var id: String
        var request: String
        var subject: String
        var kind: CertificateJoin.Kind
        var purpose: CertificatePurpose
        var topics: [String]
        var environments: [String]
        @Nullable var teamID: String?
        var notAfter: Date
        var daysLeft: Int
        var trust: AppleChain.Trust
        var chain: [String]
        var alreadyPresent: Bool
        @Nullable var export: Export?
        var noteDifferences: [Difference]
        enum CodingKeys: String, CodingKey {
            case id, request, subject, kind = "certificate_type", purpose, topics, environments, teamID = "team_id"
            case notAfter = "not_after", daysLeft = "days_left", trust, chain, alreadyPresent = "already_present"
            case export, noteDifferences = "note_differences"
        }
    }

    /// A difference in words: "the request was noted for com.example.app; the certificate is for com.other.app".
    static func describe(_ difference: CertificateJoining.NoteDifference) -> String {
        let (requested, certificate) = difference.values
        switch difference {
        case .bundleID:
            return "the request was noted for bundle id \(requested); the certificate is for \(certificate)"
        case .environment:
            return "the request was noted for \(requested); the certificate serves \(certificate)"
        case .team:
            return "the request was noted for team \(requested); the certificate is team \(certificate)'s"
        }
    }

    func run() async throws {
        let store = try keystore.open()
        let export = out.map { file in
            CertificateJoining.Export(file: file, encoding: to == "pem" ? .pem : legacy ? .p12Legacy : .p12,
                                      overwrite: force, password: outputPassword)
        }
        let joined = try await CertificateJoining.run(
            CertificateJoining.Input(file: file, caFile: ca, export: export, strict: strict), store: store)
        let name = file == "-" ? "standard input" : file
        let record = joined.certificate, leaf = joined.leaf, now = joined.now, trust = joined.trust
        let exported = joined.export.map { Report.Export(file: $0.file, format: $0.encoding.rawValue) }
        if output.isJSON {
            try Console.printJSON(Report(
                id: record.id, request: joined.requestID, subject: record.subject, kind: joined.kind,
                purpose: leaf.purpose, topics: record.topics, environments: record.environments, teamID: record.teamID,
                notAfter: record.notAfter, daysLeft: leaf.daysLeft(at: now), trust: trust.trust, chain: trust.subjects,
                alreadyPresent: joined.alreadyPresent, export: exported,
                noteDifferences: joined.noteDifferences.map {
                    Report.Difference(note: $0.note, requested: $0.values.requested, certificate: $0.values.certificate)
                }))
        } else {
            print("joined request \(joined.requestID) with \(name): certificate \(record.id) \(record.subject)")
            print(trust.trust == .apple ? "issued by Apple: \(trust.path)"
                  : "NOT issued by Apple: accepted because it chains to --ca \(ca ?? ""): \(trust.path)")
            print("environments: \(leaf.environmentSummary); topics: \(record.topics.joined(separator: " "))")
            print(record.notAfter > now
                  ? "expires \(KeystoreText.date(record.notAfter)) (\(Wording.timeLeft(until: record.notAfter, now: now)))"
                  : Wording.timeLeft(until: record.notAfter, now: now, date: KeystoreText.date(record.notAfter)))
            if let exported { print("exported to \(exported.file) (\(exported.format))") }
        }
        if leaf.notAfter <= now {
            Console.warn("\(name): the certificate \(Wording.timeLeft(until: leaf.notAfter, now: now))")
        }
        for difference in joined.noteDifferences {
            Console.warn("\(name): \(Self.describe(difference)) (--strict refuses such a certificate)")
        }
    }

    private var outputPassword: @Sendable () throws -> String {
        let source = outSecret.source(orElse: .prompt("Password for \(out ?? "the .p12"): "))
        return { try OutputSecretOptions.resolve(source) }
    }
}
