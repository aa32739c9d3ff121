import ArgumentParser

/// `apnsctl app`: an app's readiness to receive pushes, every credential and profile together.
struct AppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Check that an app can receive pushes in each environment, and with which credential.",
        subcommands: [AppCheck.self, AppPushCommand.self]
    )
}
