import APNsCore
import APNsOperations
import ArgumentParser

/// `apnsctl app push enable BUNDLE_ID [--dry-run]`: Push Notifications on the App ID (idempotent), then the
/// profiles to renew so that they carry `aps-environment`.
struct AppPushEnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: "Enable Push Notifications on an App ID (App Store Connect) and name the profiles to renew.",
        discussion: "Enables the PUSH_NOTIFICATIONS capability when it is off; when it is on already nothing "
            + "changes (exit 0 either way, and the output says which). A profile made before the capability was "
            + "enabled carries no aps-environment: each such profile of the App ID is named with the command that "
            + "renews it. --dry-run changes nothing. Exit 3 for an unknown bundle id. See docs/provisioning.md.")

    @Argument(help: ArgumentHelp("The App ID's bundle identifier (exact).", valueName: "BUNDLE_ID"))
    var bundleID: String
    @Flag(name: .customLong("dry-run"), help: "Say what would be done; change nothing.")
    var dryRun = false
    @OptionGroup var asc: AppStoreConnectOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        let input = AppPushEnabling.Input(bundleID: bundleID, dryRun: dryRun)
        let result = try asc.call(keystore: keystore) { client in try AppPushEnabling.run(input, client: client) }
        let report = AppPushEnableReport(result)
        try output.print(report, text: report.text)
    }
}

/// `app push enable --format json` (docs/json/app-push-enable.schema.json).
struct AppPushEnableReport: Encodable {
    var bundleID: String
    /// `already_enabled`, `enabled` or `would_enable` (a dry run).
    var change: String
    var changed: Bool
    var dryRun: Bool
    var pushEnabled: Bool
    var profilesToRenew: [Renewal]

    struct Renewal: Encodable {
        var profile: ApplesProfileJSON
        var nextStep: String

        func encode(to encoder: any Encoder) throws {
            try profile.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(nextStep, forKey: .nextStep)
        }
        enum CodingKeys: String, CodingKey { case nextStep = "next_step" }
    }

    enum CodingKeys: String, CodingKey {
        case bundleID = "bundle_id", change, changed, dryRun = "dry_run", pushEnabled = "push_enabled"
        case profilesToRenew = "profiles_to_renew"
    }

    init(_ result: AppPushEnabling.Result) {
        bundleID = result.bundleID
        change = result.change.rawValue
        changed = result.change == .enabled
        dryRun = result.dryRun
        pushEnabled = result.pushEnabled
        profilesToRenew = result.profilesToRenew.map { entry in
            Renewal(profile: ApplesProfileJSON(entry), nextStep: Self.renewal(bundleID: result.bundleID, type: entry.type).command)
        }
    }

    /// The command that renews a profile of `type`: `apnsctl profile renew --bundle-id ID --type TYPE --out .`
    /// (the current directory, as `app check --apple`'s step without `--profile`), with the invocation's keystore
    /// and App Store Connect options: it runs as printed.
    static func renewal(bundleID: String, type: String) -> NextStep {
        NextStep("profile", "renew", "--bundle-id", bundleID, "--type", type, "--out", ".",
                 carries: [.keystore, .appStoreConnect])
    }

    var text: String {
        var lines: [String]
        switch change {
        case AppPushEnabling.Change.alreadyEnabled.rawValue:
            lines = ["\(bundleID): Push Notifications was already enabled: nothing changed"]
        case AppPushEnabling.Change.wouldEnable.rawValue:
            lines = ["\(bundleID): Push Notifications is not enabled: it would be enabled (dry run: nothing changed)"]
        default:
            lines = ["\(bundleID): Push Notifications enabled"]
        }
        if profilesToRenew.isEmpty {
            lines.append("no profile to renew: every profile of the App ID carries aps-environment")
        } else {
            lines.append("profiles without aps-environment, to renew (into the current directory; --out names another):")
            for renewal in profilesToRenew {
                lines.append("  \(renewal.profile.name) (\(renewal.profile.type), \(renewal.profile.state)): \(renewal.nextStep)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
