import ArgumentParser

/// `apnsctl payload`: push requests checked offline against APNs's rules and Apple's advice.
struct PayloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payload",
        abstract: "Check push requests offline: what APNs would answer, and what Apple advises against.",
        subcommands: [PayloadCheck.self]
    )
}
