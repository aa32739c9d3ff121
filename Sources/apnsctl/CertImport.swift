import APNsCore
import APNsCredentials
import APNsKeystore
import APNsModel
import APNsProvisioning
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct CertImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Store a client certificate and its private key (.p12, or PEM with the key) in the keystore.",
        discussion: "The key is stored 0600; topics, environments and the expiry are indexed for "
            + "`apnsctl keystore status`. The export password comes from the prompt, --password-file or --password-env.")

    @Argument(help: ArgumentHelp("The .p12 or PEM file holding the certificate and its key (- for stdin).",
                                 valueName: "FILE"), completion: KeystoreCompletion.credentialFiles)
    var file: String
    @OptionGroup var secrets: SecretOptions
    @OptionGroup var identity: IdentityOptions
    @OptionGroup var keystore: KeystoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

    /// JSON (docs/json/cert-import.schema.json): `id`, `subject`, `topics` (strings), `environments`, `team_id`
    /// (null without an OU), `not_after`, `days_left`, `already_present`.
    struct Output: Encodable {
        var id: String
        var subject: String
        var topics: [String]
        var environments: [String]
        var teamID: String?
        var notAfter: Date
        var daysLeft: Int
        var alreadyPresent: Bool
        enum CodingKeys: String, CodingKey {
            case id, subject, topics, environments, teamID = "team_id", notAfter = "not_after"
            case daysLeft = "days_left", alreadyPresent = "already_present"
        }

        /// Every field always present: `team_id` is null when the subject has no OU.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(subject, forKey: .subject)
            try c.encode(topics, forKey: .topics)
            try c.encode(environments, forKey: .environments)
            try c.encode(teamID, forKey: .teamID)
            try c.encode(notAfter, forKey: .notAfter)
            try c.encode(daysLeft, forKey: .daysLeft)
            try c.encode(alreadyPresent, forKey: .alreadyPresent)
        }
    }

    func run() async throws {
        try secrets.checkStandardInput(inputs: [file])
        let store = try keystore.open()
        let source = secrets.source(prompt: "Password for \(file): ")
        var reader = CredentialReader(password: { try source.resolve() }, passwordAtHand: secrets.isGiven)
        reader.identity = identity.chosen
        let bundle = try reader.read(path: file)
        let name = file == "-" ? "standard input" : file
        if bundle.leaf == nil, let key = bundle.privateKey, key.isP256 || AppleIdentifier.keyID(fromFileName: file) != nil {
            throw APNsError.badInput("\(name): a .p8 signing key (\(key.kind), for token authentication), not a certificate",
                                     hint: "import it with `apnsctl key import \(file) --team TEAMID`")
        }
        guard let leaf = bundle.leaf else {
            throw APNsError.badInput("\(name): holds a private key but no certificate",
                                     hint: "import the .p12 exported from Keychain, or a PEM with certificate and key")
        }
        guard let key = bundle.privateKey else {
            if let problem = bundle.keyAmbiguity {
                throw APNsError.badInput("\(name): \(problem)", hint: IdentityOptions.ambiguityHint)
            }
            if let ignored = bundle.ignoredBlocks.first {
                throw APNsError.badInput("\(name): holds a certificate but no usable private key: \(ignored.replacing(": ignored", with: ""))",
                                         hint: "export the certificate with its key again (a .p12 from Keychain)")
            }
            throw APNsError.badInput("\(name): holds a certificate but no private key",
                                     hint: "use the .p12 from Keychain, or: cat cert.pem key.pem > bundle.pem")
        }
        guard bundle.keyMatchesLeaf == true else {
            throw APNsError.badInput("\(name): the private key does not belong to the certificate \(leaf.subject)",
                                     hint: "pair the certificate with the key it was issued for")
        }
        let now = store.clock.now()
        let result = try store.addCertificate(try CertificateImport(leaf: leaf, chain: bundle.chain, key: key))
        let record = result.certificate
        let daysLeft = leaf.daysLeft(at: now)
        if format == .json {
            try Console.printJSON(Output(id: record.id, subject: record.subject, topics: record.topics,
                                         environments: record.environments, teamID: record.teamID,
                                         notAfter: record.notAfter, daysLeft: daysLeft,
                                         alreadyPresent: result.alreadyPresent))
        } else {
            let verb = result.alreadyPresent ? "already in the keystore" : "stored"
            print("\(verb): certificate \(record.id) \(record.subject)")
            print("environments: \(leaf.environmentSummary); topics: \(record.topics.joined(separator: " "))")
            print(record.notAfter > now
                  ? "expires \(KeystoreText.date(record.notAfter)) (\(Wording.timeLeft(until: record.notAfter, now: now)))"
                  : Wording.timeLeft(until: record.notAfter, now: now, date: KeystoreText.date(record.notAfter)))
        }
        if record.notAfter <= now {
            Console.warn("\(name): the certificate \(Wording.timeLeft(until: record.notAfter, now: now))")
        }
    }
}
