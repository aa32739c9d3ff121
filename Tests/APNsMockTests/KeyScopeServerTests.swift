import APNsCore
import APNsKeystore
import APNsMock
import APNsModel
import APNsTokens
import Crypto
import Foundation
import Testing
import TestSupport

/// Key scopes over the wire: curl on one HTTP/2 connection (`--next`, checked with `%{num_connects}`), tokens signed
/// by Python's `cryptography`, the in-process server.
@Suite(.enabled(if: Curl.isAvailable && PythonTokens.isAvailable, "needs curl and python3-cryptography"))
struct KeyScopeServerTests {
    static let keys = ["TEAMKEY001", "TOPICKEY01", "RELATEDK01", "UNRELATED1", "PRODKEY001"]
    static let privateKeys = Dictionary(uniqueKeysWithValues: keys.map { ($0, P256.Signing.PrivateKey()) })

    static func scopes() throws -> [String: KeyScope] {
        let app = KeyScope.Restriction.topics([Fixture.bundleID])
        return [
            "TEAMKEY001": .legacy,
            "TOPICKEY01": try KeyScope(environments: [.development], restriction: app, source: .declared),
            "RELATEDK01": try KeyScope(environments: [.development], restriction: app, relatedKeyID: "TOPICKEY01",
                                       source: .declared),
            "UNRELATED1": try KeyScope(environments: [.development], restriction: app, source: .declared),
            "PRODKEY001": try KeyScope(environments: [.production], restriction: .team, source: .declared),
        ]
    }

    static func configuration() throws -> MockServerConfiguration {
        MockServerConfiguration(policy: ValidationPolicy(
            environment: .development, devices: [Fixture.device: Fixture.bundleID],
            trustedKeys: keys.compactMap { id in
                privateKeys[id].map { TrustedKey(keyID: id, teamID: Fixture.teamID, publicKey: $0.publicKey) }
            },
            keyScopes: try scopes(), tokenUpdateInterval: 0))
    }

    /// A canary to the registered device signed by `keyID`, for `topic`.
    static func push(_ keyID: String, topic: String = Fixture.bundleID, port: Int) throws -> [String] {
        let pem = try #require(privateKeys[keyID]).pemRepresentation
        let token = try PythonTokens.token(.jose, privateKeyPEM: pem, keyID: keyID, teamID: Fixture.teamID,
                                           issuedAt: Int(Date().timeIntervalSince1970) - 5)
        return Curl.post(device: Fixture.device, headers: [
            "authorization": "bearer \(token)", "apns-topic": topic, "apns-push-type": "background",
            "apns-priority": "5",
        ], port: port)
    }

    @Test(arguments: [
        (["TEAMKEY001", "TOPICKEY01"], [200, 403], "UnrelatedKeyIdInToken"),
        (["TOPICKEY01", "RELATEDK01"], [200, 200], nil as String?),
        (["RELATEDK01", "TOPICKEY01"], [200, 200], nil),
        (["TOPICKEY01", "UNRELATED1"], [200, 403], "UnrelatedKeyIdInToken"),
        (["TOPICKEY01", "TEAMKEY001"], [200, 403], "UnrelatedKeyIdInToken"),
    ])
    func oneConnectionIsBoundToItsFirstKey(keys: [String], statuses: [Int], reason: String?) async throws {
        try await MockAPNsServer.running(try Self.configuration()) { server, port, ca in
            let answers = try Curl.requests(try keys.map { try Self.push($0, port: port) }, port: port, caPEM: ca)
            #expect(answers.map(\.status) == statuses, "\(keys): \(answers.map(\.body))")
            #expect(answers.map(\.newConnections) == [1, 0], "both pushes must share one connection")
            #expect(answers.last?.json?["reason"] as? String == reason)
            let logged = server.receivedRequests.map(\.log)
            #expect(Set(logged.map(\.connection)).count == 1)
            if reason != nil {
                #expect(logged.last?.detail.hasPrefix("this connection is bound to ") == true,
                        "\(logged.last?.detail ?? "")")
            }
        }
    }

    @Test func environmentAndTopicRefusalsAreLoggedWithWhy() async throws {
        try await MockAPNsServer.running(try Self.configuration()) { server, port, ca in
            let answers = try Curl.requests([
                try Self.push("PRODKEY001", port: port),
                try Self.push("TOPICKEY01", topic: "com.example.other", port: port),
                try Self.push("TOPICKEY01", port: port),
            ], port: port, caPEM: ca)
            #expect(answers.map(\.status) == [403, 400, 200], "\(answers.map(\.body))")
            #expect(answers[0].body == #"{"reason":"BadEnvironmentKeyInToken"}"#)
            #expect(answers[1].body == #"{"reason":"TopicDisallowed"}"#)
            let lines = server.logLines
            #expect(lines.count == 3)
            #expect(lines.first?.contains("-> 403 BadEnvironmentKeyInToken") == true)
            #expect(lines.first?.contains("(key PRODKEY001 is production-only; this mock plays development)") == true,
                    "\(lines.first ?? "")")
            #expect(lines.dropFirst().first?.contains("does not cover com.example.other") == true)
        }
    }
}
