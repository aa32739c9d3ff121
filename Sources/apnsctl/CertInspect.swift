import APNsCore
import ArgumentParser

struct CertInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inspect", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`cert inspect` is not built yet")
    }
}
