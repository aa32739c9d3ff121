import APNsCore
import ArgumentParser

struct KeyPurge: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "purge", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`key purge` is not built yet")
    }
}
