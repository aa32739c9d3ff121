import APNsAppStoreConnect
import APNsOperations
import ArgumentParser

/// `apnsctl profile list [--bundle-id ID] [--type TYPE]`: the team's provisioning profiles on App Store Connect.
struct ProfileListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the team's provisioning profiles on App Store Connect, with their aps-environment.",
        discussion: "Each profile's content is read for its bundle id and aps-environment (none: made before the "
            + "App ID had Push Notifications). Exit 3 for an unknown --bundle-id. See docs/provisioning.md.")

    @Option(name: .customLong("bundle-id"), help: ArgumentHelp("Only this App ID's profiles (exact bundle id).",
                                                              valueName: "ID"))
    var bundleID: String?
    @Option(name: .customLong("type"), help: ArgumentHelp(
        "Only profiles of this type, e.g. IOS_APP_DEVELOPMENT, IOS_APP_STORE.", valueName: "TYPE"))
    var profileType: String?
    @OptionGroup var asc: AppStoreConnectOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func validate() throws {
        if let profileType, !AppStoreConnect.profileTypes.contains(profileType) {
            throw ValidationError("--type \(profileType) is not a profile type: "
                                  + AppStoreConnect.profileTypes.joined(separator: ", "))
        }
    }

    func run() async throws {
        let input = ProfileListing.Input(bundleID: bundleID, profileType: profileType)
        let entries = try asc.call(keystore: keystore) { client in try ProfileListing.run(input, client: client) }
        if output.isJSON {
            try Console.printJSON(entries.map(ApplesProfileJSON.init))
        } else if entries.isEmpty {
            print("no profiles")
        } else {
            print(ApplesProfileText.table(entries, bundleIDs: true))
        }
    }
}
