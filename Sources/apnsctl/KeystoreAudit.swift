import APNsCore
import ArgumentParser

struct KeystoreAudit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "audit", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`keystore audit` is not built yet")
    }
}
