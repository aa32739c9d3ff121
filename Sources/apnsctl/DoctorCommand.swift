import APNsCore
import ArgumentParser

struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "doctor", abstract: "Check this machine and keystore for what apnsctl and APNs need.")

    func run() async throws {
        throw APNsError(.internalError, "`doctor` is not built yet")
    }
}
