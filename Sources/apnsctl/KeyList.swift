import APNsCore
import ArgumentParser

struct KeyList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`key list` is not built yet")
    }
}
