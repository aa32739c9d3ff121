import APNsCore
import ArgumentParser

struct TokenIssue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "issue", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`token issue` is not built yet")
    }
}
