import APNsCore
import ArgumentParser

struct KeyRevoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`key revoke` is not built yet")
    }
}
