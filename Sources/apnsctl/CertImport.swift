import APNsCore
import APNsCredentials
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

struct CertImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Store a client certificate and its private key (.p12, or PEM with the key) in the keystore.",
        discussion: "The certificate is judged as `apnsctl cert verify` judges it (purpose, key match, client auth, key "
            + "size, and a chain to Apple's CAs or to a --ca file) and refused, nothing stored, when APNs would refuse "
            + "it; an expired one is stored with a warning. The key is stored 0600; topics, environments and the "
            + "expiry are indexed for `apnsctl keystore status`. The export password comes from the prompt, "
            + "--password-file or --password-env.")

    @Argument(help: ArgumentHelp("The .p12 or PEM file holding the certificate and its key (- for stdin).",
                                 valueName: "FILE"), completion: KeystoreCompletion.credentialFiles)
    var file: String
    @OptionGroup var secrets: SecretOptions
    @OptionGroup var identity: IdentityOptions
    @OptionGroup var trusted: TrustedCAOption
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    /// JSON (docs/json/cert-import.schema.json): `id`, `subject`, `topics` (strings), `environments`, `team_id`
    /// (null without an OU), `not_after`, `days_left`, `already_present`.
    struct Output: Encodable {
        var id: String
        var subject: String
        var topics: [String]
        var environments: [String]
        @Nullable var teamID: String?
        var notAfter: Date
        var daysLeft: Int
        var alreadyPresent: Bool
        enum CodingKeys: String, CodingKey {
            case id, subject, topics, environments, teamID = "team_id", notAfter = "not_after"
            case daysLeft = "days_left", alreadyPresent = "already_present"
        }
    }

    func run() async throws {
        try secrets.checkStandardInput(inputs: [file])
        let store = try keystore.open()
        var reader = CredentialReader(password: secrets.sharedSource(prompt: "Password for \(file): "),
                                      passwordAtHand: secrets.isGiven)
        reader.identity = identity.chosen
        let bundle = try reader.read(path: file)
        let result = try await CertificateKeystoreImport.run(.init(file: file, credential: bundle, keystore: store,
                                                                   trustedCAFiles: trusted.caFiles))
        let (record, leaf, now) = (result.record, result.leaf, result.now)
        let daysLeft = result.daysLeft
        if output.isJSON {
            try Console.printJSON(Output(id: record.id, subject: record.subject, topics: record.topics,
                                         environments: record.environments, teamID: record.teamID,
                                         notAfter: record.notAfter, daysLeft: daysLeft,
                                         alreadyPresent: result.alreadyPresent))
        } else {
            let verb = result.alreadyPresent ? "already in the keystore" : "stored"
            print("\(verb): certificate \(record.id) \(record.subject)")
            print("environments: \(leaf.environmentSummary); topics: \(record.topics.joined(separator: " "))")
            print("chain: \(result.chain)")
            print(record.notAfter > now
                  ? "expires \(KeystoreText.date(record.notAfter)) (\(Wording.timeLeft(until: record.notAfter, now: now)))"
                  : Wording.timeLeft(until: record.notAfter, now: now, date: KeystoreText.date(record.notAfter)))
        }
        if result.expired {
            Console.warn("\(file == "-" ? "standard input" : file): the certificate \(Wording.timeLeft(until: record.notAfter, now: now))")
        }
    }
}
