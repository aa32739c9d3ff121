import APNsCore
import ArgumentParser

struct TokenInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inspect", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`token inspect` is not built yet")
    }
}
