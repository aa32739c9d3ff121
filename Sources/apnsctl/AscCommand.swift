import ArgumentParser

/// `apnsctl asc`: the App Store Connect API's keys and tokens.
struct AscCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "asc",
        abstract: "App Store Connect API keys and tokens: import, list, token.",
        discussion: "App Store Connect API keys are kept in the keystore beside the APNs keys, sealed and revoked "
            + "the same way (`apnsctl key revoke KEYID`, `apnsctl key purge KEYID`), but they never sign an APNs "
            + "provider token, and an APNs key never signs an App Store Connect token.",
        subcommands: [AscKeyCommand.self, AscToken.self])
}

/// `apnsctl asc key`.
struct AscKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Import and list App Store Connect API keys (revoke and purge: apnsctl key revoke|purge).",
        subcommands: [AscKeyImport.self, AscKeyList.self])
}
