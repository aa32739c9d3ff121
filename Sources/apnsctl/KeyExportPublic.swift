import APNsCore
import ArgumentParser

struct KeyExportPublic: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export-public", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`key export-public` is not built yet")
    }
}
