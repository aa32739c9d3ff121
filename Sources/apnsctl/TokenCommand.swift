import ArgumentParser

struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Issue (cached) and inspect ES256 provider tokens.",
        subcommands: [TokenIssue.self, TokenInspect.self],
        defaultSubcommand: TokenIssue.self
    )
}
