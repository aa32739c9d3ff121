import APNsCore
import APNsKeystore
import APNsMock
import APNsModel
import APNsTokens
import Crypto
import Foundation
import Testing
import TestSupport

/// Which keys may share a connection (issue 29 §2), over HTTP/2 with curl: the mock applies the keystore's one rule
/// (`KeyRelation`), and a refusal says it. A topic-specific key that names a team-scoped key as related (a pair
/// `key import` refuses) gets no connection-sharing from it.
@Suite(.enabled(if: Curl.isAvailable && PythonTokens.isAvailable, "needs curl and python3-cryptography"))
struct RelatedKeyServerTests {
    static let keys = ["TEAMKEY001", "TOPICKEY01", "RELATEDK01", "BADRELKEY1"]
    static let privateKeys = Dictionary(uniqueKeysWithValues: keys.map { ($0, P256.Signing.PrivateKey()) })

    static func configuration() throws -> MockServerConfiguration {
        let app = KeyScope.Restriction.topics([Fixture.bundleID])
        let scopes: [String: KeyScope] = [
            "TEAMKEY001": try KeyScope(environments: [.development], restriction: .team, source: .declared),
            "TOPICKEY01": try KeyScope(environments: [.development], restriction: app, source: .declared),
            "RELATEDK01": try KeyScope(environments: [.development], restriction: app, relatedKeyID: "TOPICKEY01",
                                       source: .declared),
            // Declared on the mock's command line only: `key import` refuses this pair.
            "BADRELKEY1": try KeyScope(environments: [.development], restriction: app, relatedKeyID: "TEAMKEY001",
                                       source: .declared),
        ]
        return MockServerConfiguration(policy: ValidationPolicy(
            environment: .development, devices: [Fixture.device: Fixture.bundleID],
            trustedKeys: keys.compactMap { id in
                privateKeys[id].map { TrustedKey(keyID: id, teamID: Fixture.teamID, publicKey: $0.publicKey) }
            },
            keyScopes: scopes, tokenUpdateInterval: 0))
    }

    static func push(_ keyID: String, port: Int) throws -> [String] {
        let pem = try #require(privateKeys[keyID]).pemRepresentation
        let token = try PythonTokens.token(.jose, privateKeyPEM: pem, keyID: keyID, teamID: Fixture.teamID,
                                           issuedAt: Int(Date().timeIntervalSince1970) - 5)
        return Curl.post(device: Fixture.device, headers: [
            "authorization": "bearer \(token)", "apns-topic": Fixture.bundleID, "apns-push-type": "background",
            "apns-priority": "5",
        ], port: port)
    }

    @Test(arguments: [
        (["BADRELKEY1", "TEAMKEY001"], [200, 403]),
        (["TEAMKEY001", "BADRELKEY1"], [200, 403]),
        (["TOPICKEY01", "RELATEDK01"], [200, 200]),
    ])
    func aTeamScopedKeyNamedAsRelatedDoesNotShareTheConnection(keys: [String], statuses: [Int]) async throws {
        try await MockAPNsServer.running(try Self.configuration()) { server, port, ca in
            let answers = try Curl.requests(try keys.map { try Self.push($0, port: port) }, port: port, caPEM: ca)
            #expect(answers.map(\.status) == statuses, "\(keys): \(answers.map(\.body))")
            #expect(answers.map(\.newConnections) == [1, 0], "both pushes must share one connection")
            guard statuses.last == 403 else { return }
            #expect(answers.last?.json?["reason"] as? String == "UnrelatedKeyIdInToken")
            let detail = server.receivedRequests.last?.log.detail ?? ""
            #expect(detail.contains("a related key is another topic-specific key of the same team and environment"),
                    "\(detail)")
        }
    }
}
