import APNsModel
import APNsCore
import APNsKeystore
import APNsMock
@testable import APNsOperations
import APNsProbe
import APNsTokens
import Foundation
import TestSupport
import Testing

/// The keystore's keys handed to the mock carry their recorded scope (moved in process from the CLI suite
/// MockKeyScopeTests): a production-only key is refused by the development mock, a legacy key is accepted.
@Suite(.serialized) struct MockKeystoreTrustTests {
    @Test func keystoreKeysCarryTheirRecordedScope() async throws {
        let store = try Scratch.keystore(keyID: nil)
        let production = try KeyScope(environments: [.production], restriction: .team, source: .declared)
        _ = try store.generateKey(team: Scratch.team, keyID: "PRODKEY001", scope: production)
        _ = try store.generateKey(team: Scratch.team, keyID: "LEGACYKEY1")
        let trust = try MockTrustCollection.collect(MockTrustRequest(
            location: KeystoreLocation(path: store.path, source: .flag), open: { store }))
        #expect(Set(trust.keys.map(\.keyID)) == ["PRODKEY001", "LEGACYKEY1"])
        #expect(trust.scopes["PRODKEY001"] == production)
        #expect(trust.scopes["LEGACYKEY1"]?.source == .legacy)

        let mock = try await LoopbackMock.start(environment: .development, keys: trust.keys, scopes: trust.scopes)
        defer { Task { await mock.stop() } }
        // The startup line lists each key with its scope, as `mock serve --format json` prints it.
        let line = MockStartup.listeningLine(host: "127.0.0.1", port: mock.port, policy: mock.server.configuration.policy,
                                             caFile: mock.caFile, format: .json)
        let listening = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let scopes = Dictionary(uniqueKeysWithValues: (listening["keys"] as? [[String: Any]] ?? []).map {
            ($0["key_id"] as? String ?? "?", $0)
        })
        #expect(scopes["PRODKEY001"]?["environments"] as? [String] == ["production"])
        #expect(scopes["PRODKEY001"]?["scope_source"] as? String == "declared")
        #expect(scopes["LEGACYKEY1"]?["environments"] as? [String] == ["development", "production"])
        #expect(scopes["LEGACYKEY1"]?["scope_source"] as? String == "legacy")

        func probe(_ keyID: String) throws -> ProbeReport {
            let key = try store.privateKey(of: try store.key(keyID))
            let token = try ProviderToken.sign(keyID: keyID, teamID: Scratch.team, issuedAt: Date(), key: key)
            return try Prober(ProbeConfiguration(
                target: ProbeTarget(host: "127.0.0.1", port: mock.port, environment: .development),
                credential: .token(token.compact, issuedAt: token.issuedAtDate), caFile: mock.caFile,
                canary: .canary(topic: "com.example.app"))).probe()
        }
        let refused = try probe("PRODKEY001")
        #expect(refused.status == 403 && refused.reason == "BadEnvironmentKeyInToken", "\(refused.verdict.summary)")
        let accepted = try probe("LEGACYKEY1")
        #expect(accepted.status == 400 && accepted.reason == "BadDeviceToken", "\(accepted.verdict.summary)")
    }
}
