import APNsModel
import APNsCore
import APNsKeystore
import APNsMock
import APNsTokens
import Crypto
import Foundation
import TestSupport

/// A mock APNs on 127.0.0.1 for the use cases: it trusts the keystore's keys (as `mock serve` hands them over)
/// and serves the channel management API on a second port.
struct LoopbackMock {
    var server: MockAPNsServer
    var port: Int
    var channelsPort: Int
    var caFile: String

    static func start(environment: APNsEnvironment = .development, keys: [TrustedKey],
                      scopes: [String: KeyScope] = [:]) async throws -> LoopbackMock {
        let policy = ValidationPolicy(environment: environment, trustedKeys: keys, keyScopes: scopes)
        var configuration = MockServerConfiguration(policy: policy)
        configuration.channelsPort = 0
        let server = try MockAPNsServer(configuration: configuration)
        let port = try await server.start()
        let directory = TestPaths.temporaryDirectory("operations-mock")
        let caFile = directory.appendingPathComponent("ca.pem").path
        guard let pem = server.certificateAuthorityPEM, let channels = server.channelsPort else {
            await server.stop()
            throw APNsError.output("the mock made no CA or no channel port")
        }
        try SecureFile.write(Array(pem.utf8), to: caFile, mode: 0o644, overwrite: true)
        return LoopbackMock(server: server, port: port, channelsPort: channels, caFile: caFile)
    }

    func stop() async { await server.stop() }
}

/// Keystores and files for the use cases, in fresh temporary directories.
enum Scratch {
    static let team = "DEF123GHIJ"

    /// A new keystore with one generated key, `keyID`, active with `scope`.
    static func keystore(keyID: String? = "KEYOPS0001", scope: KeyScope = .legacy) throws -> Keystore {
        let root = TestPaths.temporaryDirectory("operations-ks").appendingPathComponent("keystore").path
        let store = try Keystore.create(at: root, lockTimeout: 2)
        if let keyID { _ = try store.generateKey(team: team, keyID: keyID, scope: scope) }
        return store
    }

    /// `text` in a new file; its path.
    static func file(_ name: String, _ text: String) throws -> String {
        let path = TestPaths.temporaryDirectory("operations-file").appendingPathComponent(name).path
        try SecureFile.write(Array(text.utf8), to: path, mode: 0o600, overwrite: true)
        return path
    }

    /// A fixture under Tests/Fixtures/certs.
    static func certificate(_ name: String) -> String {
        TestPaths.fixtures.appendingPathComponent("certs/\(name)").path
    }
}
