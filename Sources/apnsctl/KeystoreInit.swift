import APNsCore
import ArgumentParser

struct KeystoreInit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`keystore init` is not built yet")
    }
}
