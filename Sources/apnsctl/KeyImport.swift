import APNsCore
import ArgumentParser

struct KeyImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`key import` is not built yet")
    }
}
