import APNsCore
import ArgumentParser

struct KeyInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inspect", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`key inspect` is not built yet")
    }
}
