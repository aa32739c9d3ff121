import APNsCore
import APNsMock
import APNsTokens
import Foundation
import Testing

/// The broadcast channel management API on its own listener, over real TLS + HTTP/2, driven by the system curl.
@Suite(.enabled(if: Curl.isAvailable, "needs /usr/bin/curl"))
struct ChannelServerTests {
    static let requestID = "0b6e8f4c-5a1d-4c9e-9f3b-2d7a6e1c8b40"

    /// A server with the management API on a free port: runs `body` with the server, the push port, the channels
    /// port, the CA and a good token.
    static func withServer(limit: Int = 10_000, disabled: Set<String> = [], clientCAPEM: String? = nil,
                           _ body: (MockAPNsServer, Int, Int, String, String) async throws -> Void) async throws {
        let clock = ManualClock(Date())
        var configuration = MockServerConfiguration(policy: Fixture.policy(), clientCAPEM: clientCAPEM, clock: clock)
        configuration.channelsPort = 0
        configuration.channelLimit = limit
        configuration.broadcastDisabledBundleIDs = disabled
        try await MockAPNsServer.running(configuration) { server, port, ca in
            let channels = try #require(server.channelsPort)
            #expect(channels != port)
            try await body(server, port, channels, ca, try Fixture.token(issuedAt: clock.now()))
        }
    }

    static func auth(_ token: String, _ extra: [String: String] = [:]) -> [String: String] {
        extra.merging(["authorization": "bearer \(token)"]) { first, _ in first }
    }

    @Test func createListReadDeleteOverHTTP2() async throws {
        try await Self.withServer { server, _, port, ca, token in
            let created = try Curl.request(ChannelCurl.manage("POST", headers: Self.auth(token, ["apns-request-id": Self.requestID]),
                                                              body: ChannelCurl.createBody(storage: 0), port: port),
                                           port: port, caPEM: ca)
            #expect(created.exitCode == 0, "\(created.stderr)")
            #expect(created.httpVersion == "2")
            #expect(created.status == 201, "\(created.body)")
            #expect(created.body.isEmpty)
            #expect(created.headers["apns-request-id"] == Self.requestID)
            #expect(created.headers["apns-id"] == nil)
            let id = try #require(created.headers["apns-channel-id"])
            #expect(Data(base64Encoded: id)?.count == 16, "\(id)")

            let second = try Curl.request(ChannelCurl.manage("POST", headers: Self.auth(token), body: ChannelCurl.createBody(),
                                                             port: port), port: port, caPEM: ca)
            let secondID = try #require(second.headers["apns-channel-id"])
            #expect(secondID != id)
            #expect(UUID(uuidString: second.headers["apns-request-id"] ?? "") != nil, "a new request id when none was sent")

            let list = try Curl.request(ChannelCurl.manage("GET", resource: "all-channels", headers: Self.auth(token),
                                                           port: port), port: port, caPEM: ca)
            #expect(list.status == 200)
            #expect(list.headers["content-type"] == "application/json")
            #expect(list.json?["channels"] as? [String] == [id, secondID])

            let read = try Curl.request(ChannelCurl.manage("GET", headers: Self.auth(token, ["apns-channel-id": id]),
                                                           port: port), port: port, caPEM: ca)
            #expect(read.status == 200)
            #expect(read.json?["message-storage-policy"] as? Int == 0)
            #expect(read.json?["push-type"] as? String == "LiveActivity")

            let deleted = try Curl.request(ChannelCurl.manage("DELETE", headers: Self.auth(token, ["apns-channel-id": id]),
                                                              port: port), port: port, caPEM: ca)
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            let again = try Curl.request(ChannelCurl.manage("GET", headers: Self.auth(token, ["apns-channel-id": id]),
                                                            port: port), port: port, caPEM: ca)
            #expect(again.status == 400)
            #expect(again.json?["reason"] as? String == "ChannelNotRegistered")
            #expect(server.channels.map(\.id) == [secondID])
            #expect(server.channels.first?.environment == .development)
        }
    }

    @Test func everyManagementErrorForItsCause() async throws {
        try await Self.withServer(disabled: ["com.example.off"]) { server, _, port, ca, token in
            let good = Self.auth(token)
            let unknown = Data(repeating: 7, count: 16).base64EncodedString()
            let cases: [(String, [String], Int, String)] = [
                ("no credential", ChannelCurl.manage("GET", resource: "all-channels", headers: [:], port: port),
                 403, "MissingProviderToken"),
                ("bad token", ChannelCurl.manage("GET", resource: "all-channels", headers: ["authorization": "bearer x.y.z"],
                                                 port: port), 403, "InvalidProviderToken"),
                ("read without id", ChannelCurl.manage("GET", headers: good, port: port), 400, "MissingChannelId"),
                ("delete without id", ChannelCurl.manage("DELETE", headers: good, port: port), 400, "MissingChannelId"),
                ("not base64", ChannelCurl.manage("GET", headers: Self.auth(token, ["apns-channel-id": "not base64!"]),
                                                  port: port), 400, "BadChannelId"),
                ("too long", ChannelCurl.manage("GET", headers: Self.auth(token, ["apns-channel-id":
                    Data(repeating: 1, count: 60).base64EncodedString()]), port: port), 400, "BadChannelId"),
                ("unknown id", ChannelCurl.manage("DELETE", headers: Self.auth(token, ["apns-channel-id": unknown]),
                                                  port: port), 400, "ChannelNotRegistered"),
                ("not JSON", ChannelCurl.manage("POST", headers: good, body: "storage=1", port: port),
                 400, "BadRequestPayload"),
                ("empty body", ChannelCurl.manage("POST", headers: good, port: port), 400, "BadRequestPayload"),
                ("no push-type", ChannelCurl.manage("POST", headers: good, body: #"{"message-storage-policy":1}"#,
                                                    port: port), 400, "MissingPushType"),
                ("wrong push-type", ChannelCurl.manage("POST", headers: good,
                                                       body: #"{"message-storage-policy":1,"push-type":"alert"}"#,
                                                       port: port), 400, "InvalidPushType"),
                ("no storage policy", ChannelCurl.manage("POST", headers: good, body: #"{"push-type":"LiveActivity"}"#,
                                                         port: port), 400, "BadRequestParams"),
                ("storage policy 2", ChannelCurl.manage("POST", headers: good, body: ChannelCurl.createBody(storage: 2),
                                                        port: port), 400, "BadRequestParams"),
                ("storage policy true", ChannelCurl.manage("POST", headers: good,
                    body: #"{"message-storage-policy":true,"push-type":"LiveActivity"}"#, port: port),
                 400, "BadRequestParams"),
                ("PUT", ChannelCurl.manage("PUT", headers: good, body: "{}", port: port), 405, "MethodNotAllowed"),
                ("POST all-channels", ChannelCurl.manage("POST", resource: "all-channels", headers: good, body: "{}",
                                                         port: port), 405, "MethodNotAllowed"),
                ("unknown resource", ChannelCurl.manage("GET", resource: "channel", headers: good, port: port),
                 404, "BadPath"),
                ("push path", ["-X", "POST", "--data-binary", "{}", "-H", "authorization: bearer \(token)",
                               "https://127.0.0.1:\(port)/3/device/\(Fixture.device)"], 404, "BadPath"),
                ("capability off", ChannelCurl.manage("GET", bundleID: "com.example.off", resource: "all-channels",
                                                      headers: good, port: port), 400, "FeatureNotEnabled"),
                ("apns-topic of another app", ChannelCurl.manage("GET", resource: "all-channels",
                    headers: Self.auth(token, ["apns-topic": "com.example.other"]), port: port), 403, "TopicMismatch"),
            ]
            for (label, arguments, status, reason) in cases {
                let response = try Curl.request(arguments + ["-H", "apns-request-id: \(Self.requestID)"], port: port,
                                                caPEM: ca)
                #expect(response.status == status, "\(label): \(response.status) \(response.body) \(response.stderr)")
                #expect(response.json?["reason"] as? String == reason, "\(label): \(response.body)")
                #expect(response.headers["apns-request-id"] == Self.requestID, "\(label)")
            }
            #expect(server.channels.isEmpty)
        }
    }

    @Test func theChannelLimitIsCannotCreateChannelConfigPerApp() async throws {
        try await Self.withServer(limit: 2) { server, _, port, ca, token in
            let create = { (bundleID: String) in
                try Curl.request(ChannelCurl.manage("POST", bundleID: bundleID, headers: Self.auth(token),
                                                    body: ChannelCurl.createBody(), port: port), port: port, caPEM: ca)
            }
            #expect(try create(Fixture.bundleID).status == 201)
            #expect(try create(Fixture.bundleID).status == 201)
            let third = try create(Fixture.bundleID)
            #expect(third.status == 400)
            #expect(third.json?["reason"] as? String == "CannotCreateChannelConfig")
            #expect(third.headers["apns-channel-id"] == nil)
            #expect(try create("com.example.other").status == 201, "the limit is per app")
            #expect(server.channels.count == 3)
        }
    }

    @Test func logLinesNameTheAppAndTheChannel() async throws {
        try await Self.withServer { server, _, port, ca, token in
            let created = try Curl.request(ChannelCurl.manage("POST", headers: Self.auth(token, ["apns-request-id": Self.requestID]),
                                                              body: ChannelCurl.createBody(), port: port),
                                           port: port, caPEM: ca)
            let id = try #require(created.headers["apns-channel-id"])
            let entry = try #require(server.receivedRequests.last?.log)
            #expect(entry.topic == Fixture.bundleID)
            #expect(entry.channelID == id)
            #expect(entry.apnsID == Self.requestID)
            #expect(entry.status == 201)
            #expect(entry.auth == "token")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(entry.json.utf8)) as? [String: Any])
            #expect(json["channel_id"] as? String == id)
            #expect(server.logLines.last?.contains("channel=\(id)") == true)
        }
    }

    @Test func certificatesActOnlyForTheirOwnApp() async throws {
        let clientCA = try MockCertificateAuthority(commonName: "client CA")
        let identity = try clientCA.issueClientCertificate(bundleID: Fixture.bundleID, teamID: Fixture.teamID,
                                                           topics: [], development: true, production: false)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("channel-cert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cert = directory.appendingPathComponent("client.pem"), key = directory.appendingPathComponent("client.key")
        try Data(identity.certificatePEM.utf8).write(to: cert)
        try Data(identity.privateKeyPEM.utf8).write(to: key)
        let flags = ["--cert", cert.path, "--key", key.path]
        try await Self.withServer(clientCAPEM: try clientCA.certificatePEM) { _, _, port, ca, _ in
            let own = try Curl.request(ChannelCurl.manage("POST", headers: [:], body: ChannelCurl.createBody(), port: port),
                                       port: port, caPEM: ca, extra: flags)
            #expect(own.status == 201, "\(own.body) \(own.stderr)")
            let other = try Curl.request(ChannelCurl.manage("GET", bundleID: "com.example.other", resource: "all-channels",
                                                            headers: [:], port: port), port: port, caPEM: ca, extra: flags)
            #expect(other.status == 403)
            #expect(other.json?["reason"] as? String == "TopicMismatch")
        }
    }
}
