import APNsCore
import APNsKeystore
import APNsModel
import APNsOperations
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl app check BUNDLE_ID`: the readiness matrix (``AppReadiness``), offline or confirmed with canaries.
struct AppCheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Is this app ready to receive pushes in each environment, and with which credential?",
        discussion: "One row per environment (development, production) and push type the app uses: alert, the "
            + "push types its certificates' topics name (1.2.840.113635.100.6.3.6), and --push-type. Each row "
            + "names the keystore key that would sign (its recorded environments and topics) or the --cert "
            + "certificate that covers the topic, the --profile whose aps-environment grants the environment, the "
            + "--device-token values (offline: syntax only, so the row is unverified), and a verdict with the "
            + "reason a row fails. Each part is judged as the verb that judges it alone: each certificate (--cert, "
            + "and the keystore's certificates for the app) as cert verify does, each profile as profile verify "
            + "does (chains and signatures to Apple's CAs or a --ca), and the team of the key or certificate must be "
            + "the profiles'. --team names the team whose keystore keys may sign (without it: the certificates' or "
            + "profiles' team, else the keystore's only team); a certificate or profile with fewer than --min-days "
            + "days left (30 unless given) fails its row. --probe confirms each row with a silent canary (made-up device token) through its "
            + "credential, and classifies each --device-token as device check does (development, production, "
            + "unregistered, other_app, invalid, inconclusive). Exit 0 when every row is ready, 1 when one is not "
            + "(or unverified), 4 when --probe cannot reach a server. --apple asks App Store Connect too (the App "
            + "ID, its Push Notifications capability, Apple's profiles): a row fails while Apple's side is wrong for "
            + "it (docs/provisioning.md). See docs/app.md.")

    @Argument(help: ArgumentHelp("The app's bundle id.", valueName: "BUNDLE_ID"))
    var bundleID: String
    /// The team whose keystore keys may sign (default: the certificates' or profiles' team, else the keystore's only team).
    @OptionGroup var team: TeamOption
    @Option(name: .customLong("profile"), help: ArgumentHelp(
        "A provisioning profile of the app; repeat for each (development, distribution).", valueName: "FILE"),
            completion: .file(extensions: ["mobileprovision", "provisionprofile"]))
    var profiles: [String] = []
    @Option(name: .customLong("cert"), help: ArgumentHelp(
        "A push certificate of the app (.p12, or PEM with its key for --probe); repeat for each.", valueName: "FILE"),
            completion: .file())
    var certificates: [String] = []
    @OptionGroup var trusted: TrustedCAOption
    @Option(name: .customLong("device-token"), help: ArgumentHelp(
        "A device token of the app (hex); repeat for each.", valueName: "HEX"))
    var deviceTokens: [String] = []
    @Option(name: .customLong("push-type"), help: ArgumentHelp(
        "A push type the app uses besides alert and those its certificates name; repeat for each.", valueName: "TYPE"))
    var pushTypes: [APNsPushType] = []
    /// A certificate or profile with fewer days left (default 30) fails its row.
    @OptionGroup var minDays: MinDaysOption
    @Flag(help: "Confirm each row with a silent canary through its credential (and classify each --device-token).")
    var probe = false
    @OptionGroup(title: "Where the canaries go with --probe (default: both of Apple's hosts)")
    var target: ProbeTargetOptions
    @OptionGroup(title: "Apple's side (App Store Connect)")
    var apple: AppCheckAppleOptions
    @OptionGroup var secrets: SecretOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func validate() throws {
        if !probe, target.host != nil || !target.targets.isEmpty || (target.cacert != nil && !apple.apple) {
            throw ValidationError("--host, --target and --cacert say where --probe (or --apple) sends: add --probe")
        }
        if target.host != nil && target.env == nil {
            throw ValidationError("--host needs --env development|production: the environment the server plays")
        }
    }

    func run() async throws {
        var input = AppReadiness.Input(bundleID: bundleID)
        input.team = team.team
        input.profileFiles = profiles
        input.certificateFiles = certificates
        input.caFiles = trusted.caFiles
        let password = secrets.sharedSource(prompt: "Password for the certificate: ")
        input.certificatePassword = password
        input.deviceTokens = deviceTokens
        input.pushTypes = pushTypes
        input.minDays = minDays.days(default: 30)
        input.environment = target.targets.isEmpty ? target.env : nil
        let open = openKeystore()
        input.keystore = open
        var result = try await AppReadiness.run(input)
        if probe {
            result = try AppReadiness.probe(result, servers: target.canaryServers, keystore: open,
                                            certificatePassword: password, wording: \.worded)
        }
        var appleFacts: AppleSide.Facts?
        if apple.apple {
            let facts = try apple.facts(bundleID: bundleID, keystore: keystore, secrets: secrets, caFile: target.cacert)
            result = AppleSide.join(result, facts, now: Date()) { [profiles, bundleID] in
                AppCheckAppleOptions.words($0, bundleID: bundleID, profileFiles: profiles)
            }
            appleFacts = facts
        }
        let report = AppCheckOutput(result, apple: appleFacts)
        try output.print(report, text: report.text)
        if !result.ready { throw ExitCode(result.exitStatus.rawValue) }
    }

    /// Opens the keystore when there is one: always when `--keystore`, `$APNSCTL_KEYSTORE` or `./keystore` names
    /// it, else only when the default directory holds a keystore; nil otherwise (the check knows certificates only).
    private func openKeystore() -> (() throws -> Keystore)? {
        let location = keystore.location
        if location.source == .xdgDataHome,
           !FileManager.default.fileExists(atPath: location.path + "/" + KeystoreLocation.manifestName) {
            return nil
        }
        return { [keystore, secrets] in try keystore.open(secrets: secrets) }
    }
}
