import ArgumentParser

struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Run a local APNs stand-in that validates like the real one.",
        subcommands: [MockServe.self]
    )
}
