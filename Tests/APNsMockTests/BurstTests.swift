import APNsMock
import Foundation
import Testing
import TestSupport

/// Bursts from clients the project did not write: every push answered exactly once, excess streams refused one by
/// one (RST_STREAM REFUSED_STREAM) rather than by ending the connection.
@Suite(.serialized, .enabled(if: Curl.isAvailable, "needs /usr/bin/curl"))
struct BurstTests {
    /// curl resets every stream it has read (RST_STREAM STREAM_CLOSED): 1000 of them used to trip NIO's reset guard
    /// (200 per 30 s), whose GOAWAY ENHANCE_YOUR_CALM named stream 0, so curl retried pushes already answered.
    @Test func curlParallelBurstIsAnsweredExactlyOncePerApnsID() async throws {
        try await MockAPNsServer.running(MockServerConfiguration(policy: Fixture.policy())) { server, port, ca in
            let directory = TestPaths.temporaryDirectory("mock-burst")
            defer { try? FileManager.default.removeItem(at: directory) }
            let caFile = directory.appendingPathComponent("ca.pem")
            try Data(ca.utf8).write(to: caFile)
            let token = try Fixture.token(issuedAt: Date())
            let ids = (0..<1000).map { _ in UUID().uuidString.lowercased() }
            var config = ""
            for (index, id) in ids.enumerated() {
                if index > 0 { config += "next\n" }
                config += """
                url = "https://127.0.0.1:\(port)/3/device/\(Fixture.device)"
                http2
                silent
                show-error
                max-time = 60
                cacert = "\(caFile.path)"
                request = "POST"
                header = "authorization: bearer \(token)"
                header = "apns-topic: \(Fixture.bundleID)"
                header = "apns-push-type: alert"
                header = "apns-id: \(id)"
                data-binary = "{\\"aps\\":{\\"alert\\":\\"\(index)\\"}}"
                output = "/dev/null"
                write-out = "%{http_code} %header{apns-id}\\n"

                """
            }
            let configFile = directory.appendingPathComponent("burst.curlrc")
            try Data(config.utf8).write(to: configFile)
            let (code, out, err) = try Curl.run(["--parallel", "--parallel-max", "1000", "-K", configFile.path],
                                                port: port)
            #expect(code == 0, "\(err)")
            let answers = out.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            #expect(answers.count == 1000)
            #expect(answers.allSatisfy { $0.first == "200" }, "\(answers.filter { $0.first != "200" }.prefix(5))")
            #expect(Set(answers.compactMap { $0.count > 1 ? $0[1] : nil }) == Set(ids))
            // The server's view: 1000 requests, each apns-id once, and no GOAWAY.
            #expect(server.requestCount == 1000)
            let received = server.receivedRequests.compactMap { $0.request.header("apns-id") }
            #expect(received.count == 1000)
            #expect(Set(received) == Set(ids))
            #expect(!server.logLines.contains { $0.contains("GOAWAY") }, "\(server.logLines.filter { $0.contains("GOAWAY") })")
        }
    }

    /// python-h2 opens streams before it has read the server's SETTINGS (their limit applies from then on): the
    /// mock answers the first and refuses the others with RST_STREAM REFUSED_STREAM, logged; no GOAWAY
    /// PROTOCOL_ERROR, and no answer after one.
    @Test(.enabled(if: Self.pythonH2Available, "needs python3 with h2"))
    func streamsBeyondTheLimitBeforeSettingsAreRefusedOneByOne() async throws {
        try await MockAPNsServer.running(MockServerConfiguration(policy: Fixture.policy(), logFormat: .json)) {
            server, port, ca in
            let directory = TestPaths.temporaryDirectory("mock-h2")
            defer { try? FileManager.default.removeItem(at: directory) }
            let caFile = directory.appendingPathComponent("ca.pem")
            try Data(ca.utf8).write(to: caFile)
            let token = try Fixture.token(issuedAt: Date())
            let result = try ExternalProcess.run(Self.python, ["-c", Self.h2Script, String(port), caFile.path, token,
                                                                 Fixture.device, Fixture.bundleID, "150"])
            #expect(result.status == 0, "\(result.stderr)")
            let outcome = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
                                           as? [String: Any], "\(result.stdout) \(result.stderr)")
            #expect(outcome["goaway"] is NSNull, "\(outcome)")
            let streams = try #require(outcome["streams"] as? [String: String])
            #expect(streams.count == 150)
            #expect(streams["1"] == "200")
            let refused = streams.filter { $0.value == "reset 7" }
            let answered = streams.filter { $0.value == "200" }
            #expect(refused.count + answered.count == 150, "\(streams.filter { $0.value != "200" && $0.value != "reset 7" })")
            // Every HEADERS came before any body, so stream 1 was still open when each other stream arrived.
            #expect(answered.count == 1 && refused.count == 149)
            #expect(server.requestCount == answered.count)
            let logged = server.logLines.filter { $0.contains(#""reason":"REFUSED_STREAM""#) }
            #expect(logged.count == refused.count)
            #expect(logged.first?.contains("SETTINGS_MAX_CONCURRENT_STREAMS") == true, "\(logged.first ?? "")")
            #expect(!server.logLines.contains { $0.contains("GOAWAY") })
        }
    }

    static let python = "/usr/bin/python3"

    static var pythonH2Available: Bool {
        FileManager.default.isExecutableFile(atPath: python)
            && ((try? ExternalProcess.run(python, ["-c", "import h2"]).status) ?? 1) == 0
    }

    /// Opens N streams (headers first, then every body) right after the preface, before reading anything; prints
    /// each stream's status or reset code and any GOAWAY, as JSON.
    static let h2Script = #"""
    import json, socket, ssl, sys
    import h2.config, h2.connection, h2.events
    port, cafile, token, device, topic, count = sys.argv[1:7]
    context = ssl.create_default_context(cafile=cafile)
    context.set_alpn_protocols(["h2"])
    sock = context.wrap_socket(socket.create_connection(("127.0.0.1", int(port))), server_hostname="127.0.0.1")
    conn = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=True))
    conn.initiate_connection()
    ids = []
    for _ in range(int(count)):
        stream = conn.get_next_available_stream_id()
        ids.append(stream)
        conn.send_headers(stream, [(":method", "POST"), (":scheme", "https"), (":authority", "127.0.0.1"),
                                   (":path", "/3/device/" + device), ("authorization", "bearer " + token),
                                   ("apns-topic", topic), ("apns-push-type", "alert")])
    for stream in ids:
        conn.send_data(stream, b'{"aps":{"alert":"hi"}}', end_stream=True)
    sock.sendall(conn.data_to_send())
    streams, goaway = {}, None
    sock.settimeout(30)
    while len(streams) < len(ids) and goaway is None:
        data = sock.recv(65536)
        if not data:
            break
        for event in conn.receive_data(data):
            if isinstance(event, h2.events.ResponseReceived):
                streams[str(event.stream_id)] = dict(event.headers)[b":status"].decode()
            elif isinstance(event, h2.events.StreamReset):
                streams[str(event.stream_id)] = "reset %d" % event.error_code
            elif isinstance(event, h2.events.ConnectionTerminated):
                goaway = {"error": int(event.error_code), "last": event.last_stream_id}
        sock.sendall(conn.data_to_send())
    print(json.dumps({"streams": streams, "goaway": goaway}))
    """#
}
