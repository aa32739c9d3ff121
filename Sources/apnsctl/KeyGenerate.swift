import APNsCore
import ArgumentParser

struct KeyGenerate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "generate", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`key generate` is not built yet")
    }
}
