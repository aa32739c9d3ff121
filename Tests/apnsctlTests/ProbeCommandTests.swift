import Foundation
import Testing

/// `apnsctl probe` end to end, against nghttpd, `openssl s_server` and a listener that never answers, all on
/// 127.0.0.1; and `curl --http2` against the same server for an independent opinion.
@Suite(.serialized) struct ProbeCommandTests {
    /// A syntactically valid provider token (header, claims, 64-byte signature); nghttpd does not check it.
    static let token: String = {
        func b64url(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let iat = Int(Date().timeIntervalSince1970)
        return b64url(Data(#"{"alg":"ES256","kid":"ABCDE12345"}"#.utf8)) + "."
            + b64url(Data(#"{"iss":"TEAM123456","iat":\#(iat)}"#.utf8)) + "." + b64url(Data(count: 64))
    }()

    static func arguments(_ server: ProbeLocalServer, _ extra: [String] = []) -> [String] {
        ["probe", "--host", "127.0.0.1", "--port", String(server.port), "--cacert", server.caFile,
         "--token-env", "PROBE_TEST_JWT", "--topic", "com.example.app"] + extra
    }

    static func probe(_ server: ProbeLocalServer, _ extra: [String] = []) throws -> CLI.Result {
        try CLI.run(arguments(server, extra), environment: ["PROBE_TEST_JWT": token])
    }

    static func json(_ result: CLI.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "stdout: \(result.stdout)")
    }

    @Test func aHealthyHTTP2ServerExitsZeroAndSaysWhatItSaw() throws {
        let server = try ProbeLocalServer.nghttpd()
        defer { server.stop() }
        let result = try Self.probe(server)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("127.0.0.1:\(server.port), HTTP/2, TLSv1.3"))
        #expect(result.stdout.contains("answer         200"))
        #expect(result.stdout.contains("✔ APNs accepted the push (200)"))
        #expect(result.stdout.contains("dns "))
    }

    /// An answer Apple does not document (nghttpd's 404, no reason) is said as such, in text and JSON.
    @Test func anAnswerAppleDoesNotDocumentIsSaidAsSuch() throws {
        let server = try ProbeLocalServer.nghttpd(echoUpload: false)
        defer { server.stop() }
        let text = try Self.probe(server)
        #expect(text.status == 1, "stderr: \(text.stderr)")
        #expect(text.stdout.contains("✘ 404: an answer apnsctl does not know (status 404)\n"
                                     + "  hint: see Apple's 'Handling notification responses from APNs' for this reason\n"),
                "\(text.stdout)")
        let verdict = try Self.json(try Self.probe(server, ["--format", "json"]))["verdict"] as? [String: Any]
        #expect(verdict?["summary"] as? String == "404: an answer apnsctl does not know (status 404)")
        #expect(verdict?["hint"] as? String == "see Apple's 'Handling notification responses from APNs' for this reason")
    }

    @Test func jsonReportHasTheDocumentedFields() throws {
        let server = try ProbeLocalServer.nghttpd()
        defer { server.stop() }
        let result = try Self.probe(server, ["--format", "json"])
        #expect(result.status == 0)
        let object = try Self.json(result)
        #expect(object["status"] as? Int == 200)
        #expect(object["http_version"] as? String == "2")
        #expect(object["credential"] as? String == "token")
        #expect(object["dummy_device_token"] as? Bool == true)
        #expect(object["push_type"] as? String == "background")
        #expect(object["priority"] as? Int == 5)
        #expect(object["exit_code"] as? Int == 0)
        #expect((object["verdict"] as? [String: Any])?["outcome"] as? String == "healthy")
        #expect(object["clock_offset_seconds"] is Double || object["clock_offset_seconds"] is Int)
    }

    @Test func prometheusOutputForTheTextfileCollector() throws {
        let server = try ProbeLocalServer.nghttpd()
        defer { server.stop() }
        let result = try Self.probe(server, ["--format", "prometheus"])
        #expect(result.status == 0)
        let labels = "host=\"127.0.0.1\",port=\"\(server.port)\",environment=\"custom\""
        #expect(result.stdout.contains("apnsctl_probe_success{\(labels)} 1\n"))
        #expect(result.stdout.contains("apnsctl_probe_status_code{\(labels)} 200\n"))
        #expect(result.stdout.contains("apnsctl_probe_phase_seconds{\(labels),phase=\"total\"} "))
    }

    @Test func countMultiplexesOnOneConnection() throws {
        let server = try ProbeLocalServer.nghttpd()
        defer { server.stop() }
        let result = try Self.probe(server, ["--count", "100", "--timeout", "30", "--format", "json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try Self.json(result)
        #expect(object["requests"] as? Int == 100)
        #expect(object["connections"] as? Int == 1)
        #expect((object["answers"] as? [String: Int]) == ["200": 100])
        let latency = try #require(object["latency"] as? [String: Any])
        #expect(latency["count"] as? Int == 100)
    }

    @Test func intervalIsABoundedWatchLoopInJSONLines() throws {
        let server = try ProbeLocalServer.nghttpd()
        defer { server.stop() }
        let result = try Self.probe(server, ["--count", "3", "--interval", "0.1", "--format", "json"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let connections = try lines.map { line -> Int in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["connections"] as? Int)
        }
        #expect(connections == [1, 0, 0], "rounds should reuse the first connection")
    }

    @Test func anHTTP1OnlyServerExitsFour() throws {
        let server = try ProbeLocalServer.opensslWWW()
        defer { server.stop() }
        let result = try Self.probe(server, ["--timeout", "5"])
        #expect(result.status == 4, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(result.stdout.contains("not HTTP/2"))
    }

    @Test func aServerThatNeverAnswersExitsFourAtTheTimeout() throws {
        let listener = try SilentListener()
        let result = try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(listener.port), "--timeout", "1",
                                  "--format", "json"])
        #expect(result.status == 4)
        let object = try Self.json(result)
        #expect((object["failure"] as? [String: Any])?["kind"] as? String == "timeout")
        #expect(object["exit_code"] as? Int == 4)
    }

    @Test func theRetiredGatewayIsRecognised() throws {
        let result = try CLI.run(["probe", "--host", "gateway.push.apple.com", "--port", "2195"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("retired"))
        #expect(result.stderr.contains("apnsctl: hint: use the HTTP/2 provider API: api.push.apple.com"))
    }

    @Test func aCanaryAPNsWouldRefuseIsNotSent() throws {
        let listener = try SilentListener()
        let result = try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(listener.port), "--priority", "10",
                                  "--topic", "com.example.app"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("background pushes must use priority 5"))
        #expect(listener.connectionsWaiting() == 0, "nothing may be sent")
        let voip = try CLI.run(["probe", "--push-type", "voip", "--topic", "com.example.app",
                                "--host", "127.0.0.1", "--port", String(listener.port)])
        #expect(voip.status == 2)
        #expect(voip.stderr.contains("ending in .voip"))
    }

    @Test func aMalformedTokenFileIsBadInput() throws {
        let directory = CLI.temporaryDirectory("probe")
        let file = directory.appendingPathComponent("token.jwt")
        try Data("not-a-jwt".utf8).write(to: file)
        let result = try CLI.run(["probe", "--token-file", file.path, "--topic", "com.example.app"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("apnsctl: error: \(file.path): token: not a JWT"))
    }

    @Test func curlOverHTTP2AgreesWithTheProber() throws {
        let server = try ProbeLocalServer.nghttpd()
        defer { server.stop() }
        let probe = try Self.json(try Self.probe(server, ["--format", "json"]))
        let curl = try ProbeLocalServer.curl(["--http2", "-s", "-o", "/dev/null", "-w", "%{http_code} %{http_version}",
                                              "--cacert", server.caFile, "-X", "POST",
                                              "-H", "apns-topic: com.example.app", "-H", "apns-push-type: background",
                                              "-H", "apns-priority: 5", "--data", #"{"aps":{"content-available":1}}"#,
                                              "https://127.0.0.1:\(server.port)/3/device/\(probe["device_token"] as? String ?? "")"])
        #expect(curl == "\(probe["status"] as? Int ?? -1) \(probe["http_version"] as? String ?? "?")")
    }
}
