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
    @Option(help: ArgumentHelp("Also accept a certificate issued by this CA (PEM/DER), not Apple.", valueName: "FILE"),
            completion: .file())
    var ca: String?
    @Option(help: ArgumentHelp("Also export certificate and key to FILE.", valueName: "FILE"), completion: .file())
    var out: String?
    @Option(help: ArgumentHelp("Export encoding: p12 or pem.", valueName: "p12|pem")) var to = "p12"
    @Flag(help: "p12 export: RC2-40/3DES/SHA-1 for older macOS Keychain import.") var legacy = false
    @Flag(help: "Replace an existing --out file.") var force = false
    @OptionGroup var outSecret: OutputSecretOptions
    @OptionGroup var keystore: KeystoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

    func validate() throws {
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
    /// without --out).
    struct Output: Encodable {
        struct Export: Encodable { var file: String; var format: String }
        var id: String
        var request: String
        var subject: String
        var kind: CertificateJoin.Kind
        var purpose: CertificatePurpose
        var topics: [String]
        var environments: [String]
        var teamID: String?
        var notAfter: Date
        var daysLeft: Int
        var trust: AppleChain.Trust
        var chain: [String]
        var alreadyPresent: Bool
        var export: Export?
        enum CodingKeys: String, CodingKey {
            case id, request, subject, kind = "certificate_type", purpose, topics, environments, teamID = "team_id"
            case notAfter = "not_after", daysLeft = "days_left", trust, chain, alreadyPresent = "already_present"
            case export
        }

        /// Every field always present: `team_id` and `export` are null when absent.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(request, forKey: .request)
            try c.encode(subject, forKey: .subject)
            try c.encode(kind, forKey: .kind)
            try c.encode(purpose, forKey: .purpose)
            try c.encode(topics, forKey: .topics)
            try c.encode(environments, forKey: .environments)
            try c.encode(teamID, forKey: .teamID)
            try c.encode(notAfter, forKey: .notAfter)
            try c.encode(daysLeft, forKey: .daysLeft)
            try c.encode(trust, forKey: .trust)
            try c.encode(chain, forKey: .chain)
            try c.encode(alreadyPresent, forKey: .alreadyPresent)
            try c.encode(export, forKey: .export)
        }
    }

    func run() async throws {
        let store = try keystore.open()
        let name = file == "-" ? "standard input" : file
        let bundle = try CredentialReader().read(path: file)
        guard let leaf = bundle.leaf else {
            throw APNsError.badInput("\(name): holds a private key but no certificate",
                                     hint: "give the certificate downloaded from Apple's portal (aps.cer)")
        }
        let kind = try CertificateJoin.requireAPNsKind(leaf, file: name)
        guard let request = try CertificateJoin.matchingRequest(for: leaf, in: store.pendingRequests()) else {
            throw try CertificateJoin.noMatchingRequest(leaf, file: name, keystore: store.path)
        }
        let anchors = try ca.map { try CredentialReader().read(path: $0).certificates } ?? []
        let trust = try await AppleChain().verify(leaf, chain: bundle.chain, extraAnchors: anchors, file: name,
                                                  caFile: ca)
        let key: PrivateKey
        do {
            key = try PrivateKey(pemEncoded: try store.privateKeyPEM(of: request))
        } catch let error as CredentialError {
            // The keystore's own file, damaged (a changed byte fails the pairwise check): name it, exit 3.
            let file = store.objectLocation(request.keyFile)
            throw APNsError.badInput("\(file) (the key of request \(request.id)): \(error.message)",
                                     hint: "the keystore's request file was changed; restore it from a backup, or "
                                         + "discard the request (`apnsctl cert request --discard \(request.id)`) and make a new one")
        }
        guard key.matches(leaf) else {
            throw APNsError.keystore("request \(request.id): its stored key does not match \(name)",
                                     hint: "the keystore's request file was changed; restore it from a backup")
        }
        // Everything an export needs is settled before the keystore changes: no half-done join.
        if let out, !force, FileManager.default.fileExists(atPath: out) {
            throw APNsError.output("\(out): already exists", hint: "choose another --out, or add --force to replace it")
        }
        let password = out != nil && to == "p12" ? try outputPassword() : nil
        let result = try store.joinCertificate(try CertificateImport(leaf: leaf, chain: bundle.chain, key: key),
                                               request: request.id)
        var export: Output.Export?
        if let out {
            let certificates = [leaf] + bundle.chain
            let bytes = try password.map {
                try CredentialWriter.pkcs12(certificates: certificates, key: key, password: $0,
                                            profile: legacy ? .legacy : .modern)
            } ?? CredentialWriter.pem(certificates: certificates, key: key)
            try SecureFile.write(bytes, to: out, mode: 0o600, overwrite: force)
            export = Output.Export(file: out, format: legacy ? "p12-legacy" : to)
        }
        let record = result.certificate
        let daysLeft = leaf.daysLeft(at: store.clock.now())
        if format == .json {
            try Console.printJSON(Output(
                id: record.id, request: request.id, subject: record.subject, kind: kind, purpose: leaf.purpose,
                topics: record.topics,
                environments: record.environments, teamID: record.teamID, notAfter: record.notAfter,
                daysLeft: daysLeft, trust: trust.trust, chain: trust.subjects, alreadyPresent: result.alreadyPresent,
                export: export))
        } else {
            print("joined request \(request.id) with \(name): certificate \(record.id) \(record.subject)")
            print(trust.trust == .apple ? "issued by Apple: \(trust.path)"
                  : "NOT issued by Apple: accepted because it chains to --ca \(ca ?? ""): \(trust.path)")
            print("environments: \(leaf.environmentSummary); topics: \(record.topics.joined(separator: " "))")
            let now = store.clock.now()
            print(record.notAfter > now
                  ? "expires \(KeystoreText.date(record.notAfter)) (\(Wording.timeLeft(until: record.notAfter, now: now)))"
                  : Wording.timeLeft(until: record.notAfter, now: now, date: KeystoreText.date(record.notAfter)))
            if let export { print("exported to \(export.file) (\(export.format))") }
        }
        if leaf.notAfter <= store.clock.now() {
            Console.warn("\(name): the certificate \(Wording.timeLeft(until: leaf.notAfter, now: store.clock.now()))")
        }
    }

    private func outputPassword() throws -> String {
        try OutputSecretOptions.resolve(outSecret.source(orElse: .prompt("Password for \(out ?? "the .p12"): ")))
    }
}
