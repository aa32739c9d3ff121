import ArgumentParser

/// `apnsctl profile`: provisioning profiles (.mobileprovision, .provisionprofile).
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Inspect and verify provisioning profiles (.mobileprovision, .provisionprofile).",
        subcommands: [ProfileInspect.self, ProfileVerify.self]
    )
}
