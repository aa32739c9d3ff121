import APNsCore
import ArgumentParser

struct KeyRotate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rotate", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`key rotate` is not built yet")
    }
}
