import ArgumentParser

/// `apnsctl channel`: broadcast channels for Live Activities (iOS 18), managed at APNs.
struct ChannelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "channel",
        abstract: "Create, list, inspect and delete broadcast push channels (Live Activities).",
        subcommands: [ChannelCreate.self, ChannelList.self, ChannelInspect.self, ChannelDelete.self]
    )
}
