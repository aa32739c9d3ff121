import APNsCore
import ArgumentParser

struct ProbeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "probe", abstract: "Send a canary push over HTTP/2 and explain the answer.")

    func run() async throws {
        throw APNsError(.internalError, "`probe` is not built yet")
    }
}
