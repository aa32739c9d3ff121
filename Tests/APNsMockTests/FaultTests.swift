import APNsCore
import APNsMock
import APNsModel
import Foundation
import Testing

/// Deliberate misbehaviour, for clients' tests: forced reasons, stalls, GOAWAY in answer to a request.
@Suite(.enabled(if: Curl.isAvailable && RawHTTP2Client.isAvailable, "needs /usr/bin/curl and /usr/bin/openssl"))
struct FaultTests {
    private func server(_ faults: MockFaults) async throws -> (MockAPNsServer, Int, String) {
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: Fixture.policy(), faults: faults))
        let port = try await server.start()
        return (server, port, try #require(server.certificateAuthorityPEM))
    }

    private func canary(port: Int) throws -> [String] {
        Curl.post(device: Fixture.device, headers: [
            "apns-topic": Fixture.bundleID, "apns-push-type": "background", "apns-priority": "5",
            "authorization": "bearer \(try Fixture.token(issuedAt: Date()))",
        ], port: port)
    }

    @Test(arguments: [APNsReason.serviceUnavailable, .internalServerError, .tooManyRequests, .idleTimeout,
                      .forbidden, .badCertificate, .shutdown])
    func aForcedReasonIsAnsweredWithItsStatus(reason: APNsReason) async throws {
        let (server, port, ca) = try await server(MockFaults(forcedReason: reason))
        let response = try Curl.request(try canary(port: port), port: port, caPEM: ca)
        await server.stop()
        #expect(response.status == reason.status)
        #expect(response.json?["reason"] as? String == reason.rawValue)
        #expect(response.headers["apns-id"] != nil)
    }

    /// The server takes the request and never answers: curl waits until the server stops. (It used to give curl
    /// 2 s and then read the server's record, which a loaded machine could leave empty: the handshake alone may
    /// take longer. The test now waits for the record it asserts.)
    @Test func aStalledServerRecordsTheRequestButNeverAnswers() async throws {
        let (server, port, ca) = try await server(MockFaults(stall: true))
        let arguments = try canary(port: port)
        let client = Task.detached { try Curl.request(arguments, port: port, caPEM: ca, extra: ["--max-time", "60"]) }
        try await Fixture.waitUntil(limit: 60) { server.requestCount == 1 }
        #expect(server.requestCount == 1)
        await server.stop()
        let response = try await client.value
        #expect(response.exitCode != 0 && response.exitCode != 28, "curl gave up before the server stopped: \(response.stderr)")
        #expect(response.status == 0)
        #expect(server.receivedRequests.count == 1)
        #expect(server.receivedRequests.first?.response.detail.hasPrefix("stalled") == true)
    }

    @Test func aRequestCanBeAnsweredWithGoAway() async throws {
        let (server, port, _) = try await server(MockFaults(goAway: .idleTimeout))
        let client = try RawHTTP2Client(port: port)
        defer { client.close() }
        client.send(RawHTTP2Client.preface
            + RawHTTP2Client.headers(stream: 1, endStream: true,
                                     [(":method", "POST"), (":scheme", "https"), (":authority", "127.0.0.1"),
                                      (":path", "/3/device/\(Fixture.device)")]))
        try await client.waitUntil { client.isFinished }
        await server.stop()
        let goAway = try #require(client.goAwayFrame)
        #expect(goAway.lastStream == 1)
        #expect(goAway.errorCode == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(goAway.data)) as? [String: String] == ["reason": "IdleTimeout"])
        #expect(!client.frames.contains { $0.type == 1 && $0.stream == 1 })
        #expect(server.receivedRequests.count == 1)
    }

    @Test func aServerStartsOnlyOnce() async throws {
        let (server, _, _) = try await server(.none)
        await #expect(throws: APNsError.self) { try await server.start() }
        await server.stop()
        await #expect(throws: APNsError.self) { try await server.start() }
    }
}
