import Foundation
import Testing

/// Real APNs clients (aioapns, httpx) and a bare TLS socket against `apnsctl mock serve`, checked against the
/// statuses and reasons Apple documents. The clients are the small scripts in Tests/Interop; `make test` installs
/// their modules (Makefile TEST_TOOLS).
@Suite(.serialized)
struct InteropClientTests {
    static let device = String(repeating: "cd", count: 32)
    static let topic = "com.example.app"
    static let keyID = "KEY1234567"
    static let team = "TEAM123456"

    /// A served mock with a token key, a client CA and a client certificate (made with the openssl lines of
    /// `mock serve --help`).
    final class Served {
        let directory: URL
        let key: String, ca: String, clientPEM: String
        let server: MockServeProcess
        let port: Int

        init(extra: [String] = []) throws {
            let directory = CLI.temporaryDirectory("interop")
            self.directory = directory
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            key = path("AuthKey.p8")
            ca = path("ca.pem")
            clientPEM = path("client-and-key.pem")
            let openssl = "/usr/bin/openssl"
            try MockTool.run(openssl, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key])
            try MockTool.run(openssl, ["pkey", "-in", key, "-pubout", "-out", path("public.pem")])
            try MockTool.run(openssl, ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                       "-days", "30", "-subj", "/CN=Mock client CA", "-keyout", path("client-ca.key"),
                                       "-out", path("client-ca.pem")])
            try MockTool.run(openssl, ["req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                       "-subj", "/UID=\(InteropClientTests.topic)/CN=\(InteropClientTests.topic)",
                                       "-keyout", path("client.key"), "-out", path("client.csr")])
            try Data("1.2.840.113635.100.6.3.1=ASN1:NULL\n".utf8).write(to: URL(fileURLWithPath: path("client.ext")))
            try MockTool.run(openssl, ["x509", "-req", "-in", path("client.csr"), "-CA", path("client-ca.pem"),
                                       "-CAkey", path("client-ca.key"), "-days", "30", "-extfile", path("client.ext"),
                                       "-out", path("client.pem")])
            let combined = try String(contentsOfFile: path("client.pem"), encoding: .utf8)
                + String(contentsOfFile: path("client.key"), encoding: .utf8)
            try Data(combined.utf8).write(to: URL(fileURLWithPath: clientPEM))
            server = try MockServeProcess([
                "mock", "serve", "--port", "0", "--ca-out", ca, "--device", "\(InteropClientTests.device)=\(InteropClientTests.topic)",
                "--trust-key", "\(InteropClientTests.keyID)=\(path("public.pem"))", "--team", InteropClientTests.team,
                "--client-ca", path("client-ca.pem"), "--format", "json",
            ] + extra)
            let first = server.firstLine() ?? ""
            let listening = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
            port = try #require(listening?["port"] as? Int, "mock serve printed \(first)")
            server.keepReading()
        }

        deinit {
            server.kill()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// `/usr/bin/python3`, the interpreter `make test-deps` installs the TEST_TOOLS modules into, when it can
    /// import `module`; nil otherwise (the tests then fail: `make test` installs every module they need).
    static func python(with module: String) -> String? {
        let python = "/usr/bin/python3"
        return (try? CLI.tool(python, ["-c", "import \(module)"]).status) == 0 ? python : nil
    }

    static let script = CLI.repositoryRoot.appendingPathComponent("Tests/Interop")

    /// Runs a client script; one JSON object per output line, by scenario name.
    static func run(_ python: String, _ script: String, _ arguments: [String]) throws -> [String: [String: Any]] {
        let result = try CLI.tool(python, [Self.script.appendingPathComponent(script).path] + arguments)
        var byName: [String: [String: Any]] = [:]
        for line in result.output.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            byName[object["name"] as? String ?? "?"] = object
        }
        #expect(result.status == 0, "\(script) exited \(result.status) after \(byName.keys.sorted())")
        return byName
    }

    static func expect(_ results: [String: [String: Any]], _ name: String, _ status: Int, _ reason: String?,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let result = results[name]
        #expect(result?["status"] as? Int == status, "\(name): \(result ?? [:])", sourceLocation: sourceLocation)
        #expect(result?["reason"] as? String == reason, "\(name): \(result ?? [:])", sourceLocation: sourceLocation)
    }

    @Test func aioapnsWithItsDefaultsGetsAppleAnswers() throws {
        let python = try #require(Self.python(with: "aioapns"), "python3 module aioapns missing: run make test-deps")
        let served = try Served()
        let token = try Self.run(python, "aioapns_client.py", [String(served.port), served.ca, "token", served.key,
                                                                Self.keyID, Self.team, Self.topic, Self.device])
        Self.expect(token, "valid", 200, nil)
        Self.expect(token, "unknown-device", 400, "BadDeviceToken")
        Self.expect(token, "wrong-topic", 400, "DeviceTokenNotForTopic")
        Self.expect(token, "payload-too-large", 413, "PayloadTooLarge")
        Self.expect(token, "bad-priority", 400, "BadPriority")
        Self.expect(token, "voip-bare-topic", 400, "DeviceTokenNotForTopic")
        Self.expect(token, "voip-suffixed-topic", 200, nil)
        Self.expect(token, "expired-token", 403, "ExpiredProviderToken")
        Self.expect(token, "wrong-alg", 403, "InvalidProviderToken")
        // Uppercase apns-id: BadMessageId, answered with the id as sent (aioapns matches answers by it).
        Self.expect(token, "uppercase-apns-id", 400, "BadMessageId")
        let upper = try #require(token["uppercase-apns-id"])
        #expect(upper["apns_id"] as? String == upper["sent_id"] as? String)
        let concurrent = try #require(token["concurrent"])
        #expect((concurrent["statuses"] as? [String: Int]) == ["200": 1000], "\(concurrent)")

        let cert = try Self.run(python, "aioapns_client.py", [String(served.port), served.ca, "cert", served.clientPEM,
                                                               Self.topic, Self.device])
        Self.expect(cert, "cert-valid", 200, nil)
        Self.expect(cert, "cert-topic-not-in-certificate", 400, "TopicDisallowed")

        let log = served.server.terminate().stdout
        #expect(!log.contains(#""protocol":"http/1.1""#), "no aioapns connection may be refused:\n\(log)")
    }

    @Test func httpxOverALPNGetsAppleAnswers() throws {
        let python = try #require(Self.python(with: "httpx, h2, jwt"),
                                  "python3 modules httpx[http2]/h2/PyJWT missing: run make test-deps")
        let served = try Served()
        let results = try Self.run(python, "httpx_client.py", [String(served.port), served.ca, served.key, Self.keyID,
                                                                Self.team, Self.topic, Self.device])
        Self.expect(results, "missing-token", 403, "MissingProviderToken")
        Self.expect(results, "valid-sandbox-authority", 200, nil)
        Self.expect(results, "valid-development-authority", 200, nil)
        Self.expect(results, "mixed-case-header-names", 200, nil)
        Self.expect(results, "uppercase-apns-id", 400, "BadMessageId")
        #expect(results["uppercase-apns-id"]?["apns_id"] as? String == "123E4567-E89B-12D3-A456-4266554400A0")
        #expect(results.values.allSatisfy { $0["http_version"] as? String == "HTTP/2" })
    }

    /// A connection the mock must refuse: the client's ALPN offer (`none` or `http1`), what it sends, and the
    /// method the log line names.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var alpn: String, bytes: String, method: String
        var testDescription: String { "ALPN \(alpn), sends \(bytes.isEmpty ? "nothing" : bytes)" }
    }

    /// Every connection that is not HTTP/2 gets a logged 505 and is closed by the mock.
    @Test(arguments: [
        Refusal(alpn: "none", bytes: #"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"#, method: "GET"),
        Refusal(alpn: "none", bytes: #"hello\r\n"#, method: "-"),
        Refusal(alpn: "http1", bytes: #"POST /3/device/ab HTTP/1.1\r\nHost: localhost\r\n\r\n"#, method: "POST"),
        Refusal(alpn: "none", bytes: "", method: "-"),
    ])
    func refusalsAreLoggedAndClosed(_ refusal: Refusal) throws {
        let (alpn, bytes, method) = (refusal.alpn, refusal.bytes, refusal.method)
        let python = try #require(Self.python(with: "ssl"))
        let served = try Served()
        let result = try CLI.tool(python, [Self.script.appendingPathComponent("raw_tls.py").path, String(served.port),
                                           served.ca, alpn, bytes])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(answer["closed"] as? Bool == true, "\(answer)")
        #expect(answer["answer"] as? String == "HTTP/1.1 505 HTTP Version Not Supported")
        let lines = served.server.terminate().stdout.split(separator: "\n").dropFirst().dropLast()
        let refusals = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["protocol"] as? String == "http/1.1" }
        #expect(refusals.count == 1, "\(lines)")
        #expect(refusals.first?["status"] as? Int == 505)
        #expect(refusals.first?["method"] as? String == method)
    }
}
