import APNsCore
import APNsKeystore
import APNsMock
import APNsModel
import APNsOperations
import APNsProbe
import APNsTokens
import Foundation
import Testing
import TestSupport

/// The mock configured as `mock serve` configures it, in process: the keystore's and the declared keys trusted
/// with their scopes, registered and unregistered devices answered as such over HTTP/2 on 127.0.0.1; a default
/// keystore that cannot be read is noticed and left out; a client CA file that cannot be read is an error.
@Suite(.serialized) struct MockSetupTests {
    static let registered = String(repeating: "ab", count: 32)
    static let gone = String(repeating: "cd", count: 32)

    @Test func theMockTrustsTheKeystoresAndTheDeclaredKeysAndKnowsItsDevices() async throws {
        let store = try Scratch.keystore()
        let production = try KeyScope(environments: [.production], restriction: .team, source: .declared)
        let declared = MockTrustRequest.DeclaredKey(keyID: "ABC123DEFG", path: CertFixture.key("AuthKey_ABC123DEFG.p8"),
                                                    scope: production)
        let started = Date()
        let configuration = try MockSetup.configuration(MockSetup.Input(
            server: MockServerConfiguration(host: "127.0.0.1", port: 0), environment: .development,
            devices: [Self.registered: "com.example.app"], unregistered: [Self.gone],
            trust: MockTrustRequest(location: KeystoreLocation(path: store.path, source: .flag), declared: [declared],
                                    teamID: Scratch.team, open: { store }),
            now: started)) { path, reason in Issue.record("nothing to skip: \(path): \(reason)") }
        let policy = configuration.policy
        #expect(Set(policy.trustedKeys.keys) == ["KEYOPS0001", "ABC123DEFG"])
        #expect(policy.keyScopes["ABC123DEFG"] == production)
        #expect(policy.keyScopes["KEYOPS0001"]?.source == .legacy)
        #expect(policy.devices == [Self.registered: "com.example.app"])
        #expect(policy.unregistered == [Self.gone: started])
        #expect(configuration.clientCAPEM == nil)

        let server = try MockAPNsServer(configuration: configuration)
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let directory = TestPaths.temporaryDirectory("mock-setup")
        defer { try? FileManager.default.removeItem(at: directory) }
        let caFile = try MockCertificateAuthorityFile.write(try #require(server.certificateAuthorityPEM),
                                                            to: directory.appendingPathComponent("ca.pem").path,
                                                            overwrite: false)
        let key = try store.privateKey(of: try store.key("KEYOPS0001"))
        func push(to device: String) throws -> ProbeReport {
            let token = try ProviderToken.sign(keyID: "KEYOPS0001", teamID: Scratch.team, issuedAt: Date(), key: key)
            return try Prober(ProbeConfiguration(
                target: ProbeTarget(host: "127.0.0.1", port: port, environment: .development),
                credential: .token(token.compact, issuedAt: token.issuedAtDate), caFile: caFile,
                canary: .canary(deviceToken: try DeviceToken(parsing: device), topic: "com.example.app"))).probe()
        }
        let delivered = try push(to: Self.registered)
        #expect(delivered.status == 200, "\(delivered.verdict.summary)")
        let unregistered = try push(to: Self.gone)
        #expect(unregistered.status == 410 && unregistered.reason == "Unregistered", "\(unregistered.verdict.summary)")
    }

    @Test func aDefaultKeystoreThatCannotBeReadIsNoticedAndAClientCAThatCannotBeReadIsAnError() throws {
        let directory = TestPaths.temporaryDirectory("mock-setup-default")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{".utf8).write(to: directory.appendingPathComponent(KeystoreLocation.manifestName))
        let input = MockSetup.Input(
            server: MockServerConfiguration(), environment: .production,
            trust: MockTrustRequest(location: KeystoreLocation(path: directory.path, source: .xdgDataHome),
                                    open: { throw APNsError.keystore("the manifest is not JSON") }))
        var noticed: [String] = []
        let configuration = try MockSetup.configuration(input) { noticed.append("\($0): \($1)") }
        #expect(noticed == ["\(directory.path): the manifest is not JSON"])
        #expect(configuration.policy.trustedKeys.isEmpty && configuration.policy.environment == .production)

        var withCA = input
        withCA.clientCAFile = directory.appendingPathComponent("no-such-ca.pem").path
        noticed = []
        #expect(throws: APNsError.self) { try MockSetup.configuration(withCA) { noticed.append("\($0): \($1)") } }
        #expect(noticed.count == 1, "the skipped keystore is said before the CA file fails")
    }
}
