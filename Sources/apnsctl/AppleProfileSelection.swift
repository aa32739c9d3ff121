import ArgumentParser

/// `--bundle-id ID --type TYPE`: the App ID and the profile type whose profiles on App Store Connect `profile fetch`
/// and `profile renew` act on, defined once for both.
struct AppleProfileSelection: ParsableArguments {
    @Option(name: .customLong("bundle-id"), help: ArgumentHelp("The App ID's bundle identifier (exact).", valueName: "ID"))
    var bundleID: String
    @Option(name: .customLong("type"), help: ArgumentHelp("The profile type, e.g. IOS_APP_DEVELOPMENT, IOS_APP_STORE.",
                                                         valueName: "TYPE"))
    var profileType: String
}
