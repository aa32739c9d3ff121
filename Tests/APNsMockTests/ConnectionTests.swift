import APNsMock
import Foundation
import Testing

/// Connection-level behaviour seen with raw frames through `openssl s_client`: prior knowledge without ALPN, the
/// one-stream-until-success rule, PING/PRIORITY floods below the guard, and GOAWAY log lines.
@Suite(.enabled(if: RawHTTP2Client.isAvailable, "needs /usr/bin/openssl"))
struct ConnectionTests {
    static let maxConcurrentStreams: UInt16 = 0x3
    static let maxHeaderListSize: UInt16 = 0x6

    static func request(stream: UInt32, token: String) -> [UInt8] {
        RawHTTP2Client.headers(stream: stream, [
            (":method", "POST"), (":scheme", "https"), (":authority", "api.sandbox.push.apple.com"),
            (":path", "/3/device/\(Fixture.device)"), ("authorization", "bearer \(token)"),
            ("apns-topic", Fixture.bundleID), ("apns-push-type", "alert"),
        ]) + RawHTTP2Client.frame(type: 0, flags: 1, stream: stream, Array(#"{"aps":{"alert":"hi"}}"#.utf8))
    }

    /// The values of the SETTINGS frames the server sent (not the ACKs), in order.
    static func serverSettings(_ client: RawHTTP2Client) -> [[UInt16: UInt32]] {
        client.frames.filter { $0.type == 4 && $0.flags & 1 == 0 }.map(RawHTTP2Client.settings)
    }

    @Test func withoutALPNThePrefaceGetsHTTP2() async throws {
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: Fixture.policy()))
        let port = try await server.start()
        let client = try RawHTTP2Client(port: port, alpn: nil)
        defer { client.close() }
        client.send(RawHTTP2Client.preface
            + RawHTTP2Client.frame(type: RawHTTP2Client.ping, flags: 0, stream: 0, Array("no-alpn!".utf8)))
        try await client.waitUntil { client.frames.contains { $0.type == RawHTTP2Client.ping && $0.flags == 1 } }
        let ack = client.frames.first { $0.type == RawHTTP2Client.ping && $0.flags == 1 }
        #expect(ack?.payload == Array("no-alpn!".utf8))
        #expect(Self.serverSettings(client).first?[Self.maxConcurrentStreams] == 1)
        #expect(server.logLines.isEmpty)
        await server.stop()
    }

    @Test func oneStreamUntilTheFirstSuccessThen1000() async throws {
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: Fixture.policy()))
        let port = try await server.start()
        let client = try RawHTTP2Client(port: port)
        defer { client.close() }
        client.send(RawHTTP2Client.preface + Self.request(stream: 1, token: try Fixture.token(issuedAt: Date())))
        try await client.waitUntil { Self.serverSettings(client).count >= 2 }
        let settings = Self.serverSettings(client)
        #expect(settings.first?[Self.maxConcurrentStreams] == 1)
        #expect(settings.dropFirst().first?[Self.maxConcurrentStreams] == 1000)
        #expect(server.receivedRequests.map(\.response.status) == [200])
        await server.stop()
    }

    /// APNs advertises SETTINGS_MAX_HEADER_LIST_SIZE 8000 (pushy #476 and #732 frame logs); so does the mock.
    @Test func theSettingsAdvertiseAPNsHeaderListSize() async throws {
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: Fixture.policy()))
        let port = try await server.start()
        let client = try RawHTTP2Client(port: port)
        defer { client.close() }
        client.send(RawHTTP2Client.preface)
        try await client.waitUntil { !Self.serverSettings(client).isEmpty }
        let first = try #require(Self.serverSettings(client).first)
        #expect(first[Self.maxHeaderListSize] == 8000, "\(first)")
        #expect(first[Self.maxConcurrentStreams] == 1, "\(first)")
        await server.stop()
    }

    /// NIO enforces the advertised header list size once the client acknowledged the SETTINGS: 7000 bytes of
    /// headers are answered, 9000 end the connection (literal, so the HEADERS frame itself is over 8000 bytes:
    /// GOAWAY PROTOCOL_ERROR; a Huffman-coded block that decodes to more gets COMPRESSION_ERROR; docs/mock.md).
    @Test(arguments: [(7000, false), (9000, true)])
    func aHeaderListBeyond8000BytesEndsTheConnection(padding: Int, refused: Bool) async throws {
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: Fixture.policy()))
        let port = try await server.start()
        let client = try RawHTTP2Client(port: port)
        defer { client.close() }
        // SETTINGS ACK, then a PING: its ACK proves the server has read the acknowledgement.
        client.send(RawHTTP2Client.preface + RawHTTP2Client.frame(type: 4, flags: 1, stream: 0, [])
            + RawHTTP2Client.frame(type: RawHTTP2Client.ping, flags: 0, stream: 0, Array("settled!".utf8)))
        try await client.waitUntil { client.frames.contains { $0.type == RawHTTP2Client.ping && $0.flags == 1 } }
        client.send(RawHTTP2Client.headers(stream: 1, endStream: true, [
            (":method", "POST"), (":scheme", "https"), (":authority", "127.0.0.1"),
            (":path", "/3/device/\(Fixture.device)"), ("x-padding", String(repeating: "a", count: padding)),
        ]))
        try await client.waitUntil { client.goAwayFrame != nil || client.frames.contains { $0.type == 1 && $0.stream == 1 } }
        if refused {
            #expect(client.goAwayFrame?.errorCode == 1, "\(client.frames.map(\.type))")
            #expect(server.requestCount == 0)
        } else {
            #expect(client.goAwayFrame == nil)
            #expect(client.frames.contains { $0.type == 1 && $0.stream == 1 })
        }
        await server.stop()
    }

    @Test func theLimitIsAConfigurationValue() async throws {
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: Fixture.policy(),
                                                                               streamsBeforeFirstSuccess: 1000))
        let port = try await server.start()
        let client = try RawHTTP2Client(port: port)
        defer { client.close() }
        client.send(RawHTTP2Client.preface)
        try await client.waitUntil { !Self.serverSettings(client).isEmpty }
        #expect(Self.serverSettings(client).first?[Self.maxConcurrentStreams] == 1000)
        await server.stop()
    }

    /// 1000 PINGs and 1000 PRIORITY frames (five times NIO's default guard) are answered, not cut off.
    @Test func pingAndPriorityBurstsStayBelowTheFloodGuard() async throws {
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: Fixture.policy()))
        let port = try await server.start()
        let client = try RawHTTP2Client(port: port)
        defer { client.close() }
        var burst = RawHTTP2Client.preface
        for index in 0..<1000 {
            burst += RawHTTP2Client.frame(type: 2, flags: 0, stream: UInt32(2 * index + 1), [0, 0, 0, 0, 15])
            burst += RawHTTP2Client.frame(type: RawHTTP2Client.ping, flags: 0, stream: 0,
                                          Array(String(format: "%08d", index).utf8))
        }
        client.send(burst)
        let acks = { client.frames.filter { $0.type == RawHTTP2Client.ping && $0.flags == 1 }.count }
        try await client.waitUntil { acks() == 1000 || client.isFinished }
        #expect(acks() == 1000)
        #expect(client.goAwayFrame == nil)
        await server.stop()
    }

    @Test func everyGoAwayIsLogged() async throws {
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: Fixture.policy(),
                                                                               logFormat: .json))
        let port = try await server.start()
        let client = try RawHTTP2Client(port: port)
        defer { client.close() }
        client.send(RawHTTP2Client.preface)
        try await client.waitUntil { !Self.serverSettings(client).isEmpty }
        await server.stop()
        try await client.waitUntil { client.isFinished }
        #expect(client.goAwayFrame != nil)
        let entries = server.logLines.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let goAway = try #require(entries.first { $0["method"] as? String == "GOAWAY" }, "\(server.logLines)")
        #expect(goAway["reason"] as? String == #"{"reason":"Shutdown"}"#)
        #expect(goAway["stream"] as? Int == 0)
        #expect((goAway["detail"] as? String)?.contains("NO_ERROR") == true)
    }

    /// A protocol error (a DATA frame on stream 0) gets NIO's GOAWAY PROTOCOL_ERROR, and the log says so. The GOAWAY
    /// names the last stream processed (1), not NIO's 2^31-1 ("every stream may have been processed").
    @Test func aGoAwayFromTheHTTP2StackIsLoggedToo() async throws {
        let server = try MockAPNsServer(configuration: MockServerConfiguration(policy: Fixture.policy()))
        let port = try await server.start()
        let client = try RawHTTP2Client(port: port)
        defer { client.close() }
        client.send(RawHTTP2Client.preface + Self.request(stream: 1, token: try Fixture.token(issuedAt: Date())))
        try await client.waitUntil { client.frames.contains { $0.type == 1 && $0.stream == 1 } }
        client.send(RawHTTP2Client.frame(type: 0, flags: 0, stream: 0, [1, 2, 3]))
        try await client.waitUntil { client.goAwayFrame != nil }
        #expect(client.goAwayFrame?.errorCode == 1)
        #expect(client.goAwayFrame?.lastStream == 1)
        #expect(server.logLines.contains { $0.contains("GOAWAY") && $0.contains("PROTOCOL_ERROR") },
                "\(server.logLines)")
        await server.stop()
    }
}
