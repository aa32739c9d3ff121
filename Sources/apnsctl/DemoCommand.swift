import APNsCore
import ArgumentParser

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "demo", abstract: "Walk through the whole product offline against a local APNs.")

    func run() async throws {
        throw APNsError(.internalError, "`demo` is not built yet")
    }
}
