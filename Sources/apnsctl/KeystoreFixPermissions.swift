import APNsCore
import ArgumentParser

struct KeystoreFixPermissions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fix-permissions", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`keystore fix-permissions` is not built yet")
    }
}
