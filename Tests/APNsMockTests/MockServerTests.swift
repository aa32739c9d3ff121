import APNsTokens
import APNsCore
import APNsMock
import Crypto
import Foundation
import Testing

/// The server over real TLS + HTTP/2 on 127.0.0.1, driven by the system curl.
@Suite(.enabled(if: Curl.isAvailable, "needs /usr/bin/curl"))
struct MockServerTests {
    private func withServer(policy: ValidationPolicy = Fixture.policy(), clock: ManualClock? = nil,
                            streamsBeforeFirstSuccess: Int = 1,
                            _ body: (MockAPNsServer, Int, String) async throws -> Void) async throws {
        try await MockAPNsServer.running(MockServerConfiguration(policy: policy, clock: clock ?? ManualClock(Date()),
                                                                 streamsBeforeFirstSuccess: streamsBeforeFirstSuccess),
                                         body)
    }

    private func headers(token: String?, topic: String = Fixture.bundleID) -> [String: String] {
        var headers = ["apns-topic": topic, "apns-push-type": "background", "apns-priority": "5",
                       "apns-expiration": "0"]
        if let token { headers["authorization"] = "bearer \(token)" }
        return headers
    }

    @Test func answers200OverHTTP2WithApnsIDUniqueIDAndDate() async throws {
        let clock = ManualClock(Date())
        try await withServer(clock: clock) { server, port, ca in
            let token = try Fixture.token(issuedAt: clock.now())
            var fields = headers(token: token)
            fields["apns-id"] = "6f3b4b8a-0f0e-4b8e-9d1c-2a4b5c6d7e8f"
            let response = try Curl.request(Curl.post(device: Fixture.device, headers: fields, port: port),
                                            port: port, caPEM: ca)
            #expect(response.exitCode == 0, "\(response.stderr)")
            #expect(response.httpVersion == "2")
            #expect(response.status == 200)
            #expect(response.body.isEmpty)
            #expect(response.headers["apns-id"] == "6f3b4b8a-0f0e-4b8e-9d1c-2a4b5c6d7e8f")
            let unique = try #require(response.headers["apns-unique-id"])
            #expect(UUID(uuidString: unique) != nil)
            #expect(response.headers["date"]?.hasSuffix(" GMT") == true)
            let received = try #require(server.receivedRequests.last)
            #expect(received.request.header("apns-topic") == Fixture.bundleID)
            #expect(received.request.body == Array(#"{"aps":{"content-available":1}}"#.utf8))
            #expect(received.response.status == 200)
            #expect(server.logLines.count == 1)
        }
    }

    @Test func answersTheRealStatusesAndReasons() async throws {
        let clock = ManualClock(Date())
        try await withServer(clock: clock) { server, port, ca in
            let token = try Fixture.token(issuedAt: clock.now())
            let base = headers(token: token)
            var voip = base
            voip["apns-push-type"] = "voip"
            voip["apns-priority"] = "10"
            let cases: [(String, [String], Int, String)] = [
                ("no credential", Curl.post(device: Fixture.device, headers: headers(token: nil), port: port),
                 403, "MissingProviderToken"),
                ("stale token", Curl.post(device: Fixture.device,
                                          headers: headers(token: try Fixture.token(issuedAt: clock.now()
                                              .addingTimeInterval(-4000))), port: port),
                 403, "ExpiredProviderToken"),
                ("GET", ["-H", "authorization: bearer \(token)", "https://127.0.0.1:\(port)/3/device/\(Fixture.device)"],
                 405, "MethodNotAllowed"),
                ("bad path", ["-X", "POST", "--data-binary", "{}", "https://127.0.0.1:\(port)/2/device/x"],
                 404, "BadPath"),
                ("unknown device", Curl.post(device: Fixture.unknownDevice, headers: base, port: port),
                 400, "BadDeviceToken"),
                ("other app", Curl.post(device: Fixture.otherAppDevice, headers: base, port: port),
                 400, "DeviceTokenNotForTopic"),
                ("voip topic", Curl.post(device: Fixture.device, headers: voip, port: port), 400, "DeviceTokenNotForTopic"),
                ("too large", Curl.post(device: Fixture.device, headers: base,
                                        body: String(decoding: RequestValidatorTests.payload(4097), as: UTF8.self),
                                        port: port),
                 413, "PayloadTooLarge"),
                ("duplicate topic", ["-H", "apns-topic: \(Fixture.bundleID)"]
                    + Curl.post(device: Fixture.device, headers: base, port: port), 400, "DuplicateHeaders"),
            ]
            for (label, arguments, status, reason) in cases {
                let response = try Curl.request(arguments, port: port, caPEM: ca)
                #expect(response.httpVersion == "2", "\(label)")
                #expect(response.status == status, "\(label): \(response.body) \(response.stderr)")
                #expect(response.json?["reason"] as? String == reason, "\(label)")
                #expect(response.headers["apns-id"] != nil, "\(label)")
                #expect(response.headers["apns-unique-id"] == nil, "\(label)")
            }
            #expect(server.receivedRequests.map(\.response.reason?.rawValue) == cases.map(\.3))
        }
    }

    @Test func answers410WithATimestamp() async throws {
        let clock = ManualClock(Date())
        try await withServer(clock: clock) { _, port, ca in
            let response = try Curl.request(
                Curl.post(device: Fixture.goneDevice, headers: headers(token: try Fixture.token(issuedAt: clock.now())),
                          port: port), port: port, caPEM: ca)
            #expect(response.status == 410)
            #expect(response.json?["reason"] as? String == "Unregistered")
            #expect((response.json?["timestamp"] as? NSNumber)?.int64Value == 1_700_000_000_123)
        }
    }

    @Test func aTokenChangeOnOneConnectionIs429ButNotAcrossConnections() async throws {
        let clock = ManualClock(Date())
        try await withServer(policy: Fixture.policy(interval: 600), clock: clock) { server, port, ca in
            let first = try Fixture.token(issuedAt: clock.now().addingTimeInterval(-10))
            let second = try Fixture.token(keyID: Fixture.otherKeyID, issuedAt: clock.now(), key: Fixture.otherKey)
            let sameConnection = try Curl.requests([
                Curl.post(device: Fixture.device, headers: headers(token: first), port: port),
                Curl.post(device: Fixture.device, headers: headers(token: second), port: port),
            ], port: port, caPEM: ca)
            #expect(sameConnection.map(\.status) == [200, 429])
            #expect(sameConnection[1].json?["reason"] as? String == "TooManyProviderTokenUpdates")
            let connections = Set(server.receivedRequests.map(\.log.connection))
            #expect(connections.count == 1)
            let separate = try Curl.request(Curl.post(device: Fixture.device, headers: headers(token: second),
                                                      port: port), port: port, caPEM: ca)
            #expect(separate.status == 200)
            #expect(Set(server.receivedRequests.map(\.log.connection)).count == 2)
        }
    }

    /// Apple: APNs does not support tokens from more than one developer account on a single connection. The second
    /// team's push is refused (403 InvalidProviderToken, the mock's choice), whatever the token update interval
    /// says; the first team's tokens still work on the connection, and the second team's on a connection of its
    /// own.
    @Test(arguments: [0, 1200] as [TimeInterval])
    func tokensOfASecondTeamOnOneConnectionAreRefused(interval: TimeInterval) async throws {
        let clock = ManualClock(Date())
        let otherTeamKey = P256.Signing.PrivateKey()
        var policy = Fixture.policy(interval: interval)
        policy.trustedKeys["OTHERKEY01"] = TrustedKey(keyID: "OTHERKEY01", teamID: "OTHERTEAM1",
                                                      publicKey: otherTeamKey.publicKey)
        try await withServer(policy: policy, clock: clock) { server, port, ca in
            let first = try Fixture.token(issuedAt: clock.now())
            let second = try Fixture.token(keyID: "OTHERKEY01", teamID: "OTHERTEAM1", issuedAt: clock.now(),
                                           key: otherTeamKey)
            let sameConnection = try Curl.requests([
                Curl.post(device: Fixture.device, headers: headers(token: first), port: port),
                Curl.post(device: Fixture.device, headers: headers(token: second), port: port),
                Curl.post(device: Fixture.device, headers: headers(token: first), port: port),
            ], port: port, caPEM: ca)
            #expect(sameConnection.map(\.status) == [200, 403, 200], "\(sameConnection.map(\.body))")
            #expect(sameConnection.map(\.newConnections) == [1, 0, 0], "the pushes must share one connection")
            #expect(sameConnection[1].json?["reason"] as? String == "InvalidProviderToken")
            let refused = try #require(server.receivedRequests.dropFirst().first)
            #expect(refused.log.teamID == "OTHERTEAM1")
            #expect(refused.response.detail.contains("team TEAM123456"), "\(refused.response.detail)")
            let own = try Curl.request(Curl.post(device: Fixture.device, headers: headers(token: second), port: port),
                                       port: port, caPEM: ca)
            #expect(own.status == 200, "\(own.body)")
        }
    }

    /// `curl --parallel` multiplexes 50 requests as concurrent streams on one connection once the connection allows
    /// them (`streamsBeforeFirstSuccess` 1000); with APNs's one stream until the first success curl spreads them
    /// over more connections, and every one still gets its 200.
    @Test(arguments: [1000, 1])
    func manyConcurrentStreamsAllSucceed(streamsBeforeFirstSuccess: Int) async throws {
        let clock = ManualClock(Date())
        try await withServer(clock: clock, streamsBeforeFirstSuccess: streamsBeforeFirstSuccess) { server, port, ca in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mock-par-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let caFile = directory.appendingPathComponent("ca.pem")
            try Data(ca.utf8).write(to: caFile)
            let url = "https://127.0.0.1:\(port)/3/device/\(Fixture.device)"
            var arguments = ["-sS", "--max-time", "20", "--http2", "--parallel", "--parallel-max", "50",
                             "--cacert", caFile.path, "-X", "POST", "--data-binary", #"{"aps":{"content-available":1}}"#,
                             "-w", "%{http_code} %{num_connects}\\n"]
            for (name, value) in headers(token: try Fixture.token(issuedAt: clock.now())) {
                arguments += ["-H", "\(name): \(value)"]
            }
            for _ in 0..<50 { arguments += [url, "-o", "/dev/null"] }
            let (code, out, err) = try Curl.run(arguments, port: port)
            #expect(code == 0, "\(err)")
            let statuses = out.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
            #expect(statuses.count == 50)
            #expect(statuses.allSatisfy { $0 == "200" })
            #expect(server.receivedRequests.count == 50)
            if streamsBeforeFirstSuccess == 1000 {
                #expect(Set(server.receivedRequests.map(\.log.connection)).count == 1)
                #expect(Set(server.receivedRequests.map(\.log.stream)).count == 50)
            }
        }
    }

    @Test func anHTTP1ClientIsRefused() async throws {
        try await withServer { server, port, ca in
            let response = try Curl.request(Curl.post(device: Fixture.device, headers: headers(token: nil), port: port),
                                            port: port, caPEM: ca, http2: false)
            #expect(response.httpVersion == "1.1")
            #expect(response.status == 505)
            #expect(response.headers["connection"] == "close")
            #expect(server.receivedRequests.isEmpty)
            #expect(server.logLines.count == 1)
            #expect(server.logLines.first?.contains(" http/1.1 POST /3/device/") == true)
            #expect(server.logLines.first?.contains(" -> 505") == true)
        }
    }

    @Test func logsJSONLinesWithTheDocumentedFields() async throws {
        let clock = ManualClock(Date())
        let lines = LinesBox()
        let server = try MockAPNsServer(configuration: MockServerConfiguration(
            policy: Fixture.policy(), clock: clock, logFormat: .json, logSink: { lines.append($0) }))
        let port = try await server.start()
        let ca = try #require(server.certificateAuthorityPEM)
        let response = try Curl.request(Curl.post(device: Fixture.goneDevice,
                                                  headers: headers(token: try Fixture.token(issuedAt: clock.now())),
                                                  port: port), port: port, caPEM: ca)
        await server.stop()
        #expect(response.status == 410)
        let line = try #require(lines.all.first)
        #expect(lines.all == server.logLines)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["time", "connection", "stream", "remote", "protocol", "method", "path",
                                     "device_token", "topic", "channel_id", "push_type", "priority", "apns_id",
                                     "auth", "key_id", "team_id", "certificate_bundle_id", "status", "reason",
                                     "timestamp",
                                     "payload_bytes", "detail"])
        #expect(object["status"] as? Int == 410)
        #expect(object["reason"] as? String == "Unregistered")
        #expect(object["auth"] as? String == "token")
        #expect(object["key_id"] as? String == Fixture.keyID)
        #expect(object["device_token"] as? String == Fixture.goneDevice)
        #expect(object["protocol"] as? String == "h2")
        #expect(object["stream"] as? Int == 1)
        #expect((object["remote"] as? String)?.hasPrefix("127.0.0.1:") == true)
    }

    @Test func usesAGivenTLSIdentity() async throws {
        let authority = try MockCertificateAuthority(commonName: "test-given CA")
        let identity = try authority.issueServerIdentity()
        let server = try MockAPNsServer(configuration: MockServerConfiguration(tls: .identity(identity),
                                                                               policy: Fixture.policy()))
        #expect(server.certificateAuthorityPEM == nil)
        let port = try await server.start()
        let response = try Curl.request(Curl.post(device: Fixture.device, headers: headers(token: nil), port: port),
                                        port: port, caPEM: try authority.certificatePEM)
        await server.stop()
        #expect(response.status == 403)
        #expect(response.json?["reason"] as? String == "MissingProviderToken")
    }

    /// Each generated CA has a subject of its own, so two mocks' CAs (and the certificates they sign) can be told
    /// apart.
    @Test func twoMocksHaveCAsWithDifferentSubjects() throws {
        let one = try #require(try MockAPNsServer(configuration: MockServerConfiguration()).certificateAuthority)
        let two = try #require(try MockAPNsServer(configuration: MockServerConfiguration()).certificateAuthority)
        #expect(one.certificate.subject != two.certificate.subject)
        #expect(one.certificate.subject.description.contains("CN=apnsctl mock APNs CA "), "\(one.certificate.subject)")
    }

    @Test func refusesToBindAPortInUse() async throws {
        try await withServer { _, port, _ in
            let second = try MockAPNsServer(configuration: MockServerConfiguration(port: port))
            await #expect(throws: APNsError.self) { try await second.start() }
        }
    }
}

/// Lines collected from the log sink, across threads.
final class LinesBox: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
