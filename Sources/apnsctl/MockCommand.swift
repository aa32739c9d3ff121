import ArgumentParser

struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Run local stand-ins for APNs (serve) and App Store Connect (asc) that validate like the real ones.",
        subcommands: [MockServe.self, MockAsc.self]
    )
}
