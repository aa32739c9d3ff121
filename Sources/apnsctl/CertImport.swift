import APNsCore
import ArgumentParser

struct CertImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`cert import` is not built yet")
    }
}
