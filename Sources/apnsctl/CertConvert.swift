import APNsCore
import ArgumentParser

struct CertConvert: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "convert", abstract: "(not yet built)")

    func run() async throws {
        throw APNsError(.internalError, "`cert convert` is not built yet")
    }
}
