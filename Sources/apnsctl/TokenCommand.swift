import ArgumentParser

struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Issue (cached) and inspect ES256 provider tokens; keep a fleet's token files fresh.",
        subcommands: [TokenIssue.self, TokenInspect.self, TokenAgentCommand.self],
        defaultSubcommand: TokenIssue.self
    )
}
