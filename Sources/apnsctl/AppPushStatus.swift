import APNsCore
import APNsOperations
import ArgumentParser

/// `apnsctl app push status BUNDLE_ID`: the App ID on App Store Connect, whether Push Notifications is enabled,
/// and its profiles with whether their content carries `aps-environment`.
struct AppPushStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show an App ID's Push Notifications capability and its profiles on App Store Connect.",
        discussion: "Reads the App ID, its capabilities and its profiles (each profile's content is read for "
            + "aps-environment: a profile made before Push Notifications was enabled has none, and the app gets "
            + "\"no valid aps-environment entitlement\"). Exit 0 when the App ID exists, 1 when App Store Connect "
            + "has none of this bundle id (the report is printed too). See docs/provisioning.md.")

    @Argument(help: ArgumentHelp("The App ID's bundle identifier (exact).", valueName: "BUNDLE_ID"))
    var bundleID: String
    @OptionGroup var asc: AppStoreConnectOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        let result = try asc.call(keystore: keystore) { client in
            try AppPushStatus.run(bundleID: bundleID, client: client)
        }
        let report = AppPushStatusReport(result)
        try output.print(report, text: report.text(result))
        guard result.appIDFound else {
            Console.printError(AppPushError.unknownBundleID(bundleID).presented)
            throw ExitCode(ExitStatus.checkFailed.rawValue)
        }
    }
}

/// `app push status --format json` (docs/json/app-push-status.schema.json).
struct AppPushStatusReport: Encodable {
    var bundleID: String
    var appIDFound: Bool
    @Nullable var appIDName: String?
    @Nullable var platform: String?
    var pushEnabled: Bool
    var profiles: [ApplesProfileJSON]
    var exitCode: Int32

    enum CodingKeys: String, CodingKey {
        case bundleID = "bundle_id", appIDFound = "app_id_found", appIDName = "app_id_name", platform
        case pushEnabled = "push_enabled", profiles, exitCode = "exit_code"
    }

    init(_ result: AppPushStatus.Result) {
        bundleID = result.bundleID
        appIDFound = result.appIDFound
        appIDName = result.appID?.name
        platform = result.appID?.platform
        pushEnabled = result.pushEnabled
        profiles = result.profiles.map(ApplesProfileJSON.init)
        exitCode = result.appIDFound ? ExitStatus.ok.rawValue : ExitStatus.checkFailed.rawValue
    }

    func text(_ result: AppPushStatus.Result) -> String {
        guard let appID = result.appID else { return "\(bundleID): no App ID on App Store Connect" }
        var lines = ["\(bundleID): App ID \"\(appID.name)\" (\(appID.platform))",
                     "push notifications: \(pushEnabled ? "enabled" : "not enabled")"]
        if result.profiles.isEmpty {
            lines.append("profiles: none")
        } else {
            lines.append("profiles:")
            lines.append(ApplesProfileText.table(result.profiles))
            let lacking = result.profiles.filter { $0.apsEnvironment == nil }.count
            if lacking > 0 {
                lines.append("\(lacking) profile(s) without aps-environment: the app cannot register for pushes "
                             + "with them (\(NextStep("app", "push", "enable", bundleID, carries: [.keystore, .appStoreConnect])) "
                             + "says which to renew)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
