import APNsCore
import ArgumentParser

struct CertVerify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "verify", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`cert verify` is not built yet")
    }
}
