import APNsCore
import ArgumentParser

struct KeystoreStatus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`keystore status` is not built yet")
    }
}
