import APNsMock
import Foundation
import Testing

/// Stopping the server sends every HTTP/2 connection a GOAWAY whose data is `{"reason":"Shutdown"}`.
@Suite(.enabled(if: RawHTTP2Client.isAvailable, "needs /usr/bin/openssl"))
struct GoAwayTests {
    /// The GOAWAY names the last stream the mock processed (1, answered), not the highest one opened (3, whose
    /// request never completed): a client retries stream 3 elsewhere, and never stream 1.
    @Test func stopSendsGoAwayWithTheReasonAndTheLastStream() async throws {
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: Fixture.policy()))
        let port = try await server.start()
        let client = try RawHTTP2Client(port: port)
        defer { client.close() }
        client.send(RawHTTP2Client.preface + ConnectionTests.request(stream: 1, token: try Fixture.token(issuedAt: Date())))
        try await client.waitUntil { client.frames.contains { $0.type == 1 && $0.stream == 1 } }
        // Open stream 3 and leave it open (no END_STREAM), then PING: its ACK proves the HEADERS were read.
        client.send(RawHTTP2Client.headers(stream: 3, [(":method", "POST"), (":scheme", "https"),
                                                       (":authority", "127.0.0.1"),
                                                       (":path", "/3/device/\(Fixture.device)")])
            + RawHTTP2Client.frame(type: RawHTTP2Client.ping, flags: 0, stream: 0, Array("canary!!".utf8)))
        try await client.waitUntil { client.frames.contains { $0.type == RawHTTP2Client.ping && $0.flags == 1 } }
        #expect(client.frames.contains { $0.type == RawHTTP2Client.ping && $0.flags == 1 })
        #expect(server.receivedRequests.map(\.response.status) == [200])

        await server.stop()
        try await client.waitUntil { client.isFinished }
        #expect(client.frames.first { $0.type == RawHTTP2Client.goAway }?.stream == 0)
        let goAway = try #require(client.goAwayFrame)
        #expect(goAway.lastStream == 1)
        #expect(goAway.errorCode == 0)
        let debug = try JSONSerialization.jsonObject(with: Data(goAway.data)) as? [String: String]
        #expect(debug == ["reason": "Shutdown"])
        #expect(client.isFinished)
    }

    @Test func stopIsIdempotentAndClosesIdleConnectionsToo() async throws {
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: Fixture.policy()))
        let port = try await server.start()
        let client = try RawHTTP2Client(port: port)
        defer { client.close() }
        client.send(RawHTTP2Client.preface)
        try await client.waitUntil { client.frames.contains { $0.type == 4 } }
        await server.stop()
        await server.stop()
        try await client.waitUntil { client.isFinished }
        let goAway = try #require(client.goAwayFrame)
        #expect(goAway.lastStream == 0)
        #expect(client.isFinished)
    }
}
