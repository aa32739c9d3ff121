import ArgumentParser

/// `apnsctl device`: what APNs says about device tokens.
struct DeviceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device",
        abstract: "Check device tokens: which environment each belongs to, and what it means.",
        subcommands: [DeviceCheck.self]
    )
}
