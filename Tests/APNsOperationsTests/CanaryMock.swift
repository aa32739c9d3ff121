import APNsModel
import APNsCore
import APNsKeystore
import APNsMock
import APNsOperations
import APNsTokens
import Foundation
import Testing
import TestSupport

/// A keystore in a temporary directory and mocks of APNs on 127.0.0.1 that trust its keys: the setting of the
/// canary use cases' tests.
final class CanarySetting: Sendable {
    let directory: URL
    let store: Keystore

    init(_ name: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-ops-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try Keystore.create(at: directory.appendingPathComponent("ks").path)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A running mock that plays `environment` and trusts `keys` with the scopes given (absent: both environments).
    struct Mock: Sendable {
        let server: MockAPNsServer
        let port: Int
        let caFile: String

        /// The server for ``CanaryServers``.
        func server(_ environment: APNsEnvironment) -> CanaryServers.Server {
            CanaryServers.Server(environment: environment, host: "127.0.0.1", port: port)
        }
    }

    /// Starts a mock playing `environment` that trusts the keystore's keys `keyIDs`, each with the scope in `scopes`
    /// (the mock's own idea of the key's scope), with the registered `devices` (token → topic) and `unregistered`
    /// tokens of that environment.
    func mock(_ environment: APNsEnvironment, trusting keyIDs: [String],
              scopes: [String: KeyScope] = [:], devices: [String: String] = [:],
              unregistered: [String: Date] = [:]) async throws -> Mock {
        let trusted = try keyIDs.map { keyID in
            let record = try store.key(keyID)
            return TrustedKey(keyID: keyID, teamID: record.teamID, publicKey: try record.p256PublicKey())
        }
        let policy = ValidationPolicy(environment: environment, devices: devices, unregistered: unregistered,
                                      trustedKeys: trusted, keyScopes: scopes)
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: policy))
        let port = try await server.start()
        let caFile = directory.appendingPathComponent("ca-\(environment.rawValue)-\(port).pem")
        try Data(try #require(server.certificateAuthorityPEM).utf8).write(to: caFile)
        return Mock(server: server, port: port, caFile: caFile.path)
    }
}
