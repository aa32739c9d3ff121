import APNsCore
import ArgumentParser

struct MockServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`mock serve` is not built yet")
    }
}
