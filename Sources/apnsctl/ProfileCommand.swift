import ArgumentParser

/// `apnsctl profile`: provisioning profiles (.mobileprovision, .provisionprofile).
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Inspect, verify, fetch and renew provisioning profiles (.mobileprovision, .provisionprofile).",
        subcommands: [ProfileInspect.self, ProfileVerify.self, ProfileFetchCommand.self, ProfileRenewCommand.self, ProfileListCommand.self]
    )
}
