import Foundation
import Testing

/// `apnsctl probe` against `apnsctl mock serve`: every answer the mock gives, read back by the prober.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs openssl"))
struct MockProbeTests {
    static let device = String(repeating: "ab", count: 32)
    static let otherApp = String(repeating: "cd", count: 32)
    static let gone = String(repeating: "ef", count: 32)

    /// What one probe printed as JSON, and its exit status.
    struct Probe {
        var status: Int32
        var json: [String: Any]
        var answer: Int? { json["status"] as? Int }
        var reason: String? { json["reason"] as? String }
    }

    private func probe(_ arguments: [String], port: Int, ca: String, in directory: URL) throws -> Probe {
        let result = try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(port), "--cacert", ca,
                                  "--format", "json", "--timeout", "20"] + arguments, in: directory)
        let json = (try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [String: Any] ?? [:]
        return Probe(status: result.status, json: json)
    }

    @Test func theProberReadsEveryTokenAnswer() throws {
        let directory = CLI.temporaryDirectory("mock-probe")
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = try CLI.keystoreWithToken(in: directory)
        let keystore = directory.appendingPathComponent("ks").path
        // The same token with its signature's first character changed: parses, but does not verify.
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let flipped = parts[2].first == "A" ? "B" : "A"
        let forged = parts[0] + "." + parts[1] + "." + flipped + parts[2].dropFirst()
        try Data((forged + "\n").utf8).write(to: directory.appendingPathComponent("forged.jwt"))

        let ca = directory.appendingPathComponent("ca.pem").path
        let server = try MockServeProcess([
            "mock", "serve", "--port", "0", "--keystore", keystore, "--ca-out", ca, "--format", "json",
            "--device", "\(Self.device)=com.example.app", "--device", "\(Self.otherApp)=com.example.other",
            "--unregistered", Self.gone,
        ])
        defer { server.kill() }
        let listening = try #require(try JSONSerialization.jsonObject(with: Data((server.firstLine() ?? "").utf8))
                                         as? [String: Any])
        let port = try #require(listening["port"] as? Int)
        let withToken = ["--token-file", "token.jwt", "--topic", "com.example.app"]

        let rows: [(String, [String], Int, String?, Int32)] = [
            ("registered device", withToken + ["--device-token", Self.device], 200, nil, 0),
            ("dummy device", withToken, 400, "BadDeviceToken", 0),
            ("unregistered device", withToken + ["--device-token", Self.gone], 410, "Unregistered", 1),
            ("another app's device", withToken + ["--device-token", Self.otherApp], 400, "DeviceTokenNotForTopic", 1),
            ("forged signature", ["--token-file", "forged.jwt", "--topic", "com.example.app",
                                  "--device-token", Self.device], 403, "InvalidProviderToken", 1),
            ("voip", ["--token-file", "token.jwt", "--topic", "com.example.app.voip", "--push-type", "voip",
                      "--payload", #"{"aps":{}}"#, "--device-token", Self.device], 200, nil, 0),
        ]
        for (label, arguments, status, reason, exit) in rows {
            let result = try probe(arguments, port: port, ca: ca, in: directory)
            #expect(result.answer == status, "\(label): \(result.json)")
            #expect(result.reason == reason, "\(label)")
            #expect(result.status == exit, "\(label)")
            #expect(result.json["http_version"] as? String == "2", "\(label)")
        }

        let many = try probe(withToken + ["--count", "20", "--device-token", Self.device], port: port, ca: ca, in: directory)
        #expect(many.status == 0)
        #expect(many.json["connections"] as? Int == 1)
        #expect(many.json["requests"] as? Int == 20)

        let stopped = server.terminate()
        #expect(stopped.status == 0)
        let logged = stopped.stdout.split(separator: "\n").dropFirst().dropLast()
        #expect(logged.count == rows.count + 20)
    }

    /// Certificate authentication: an openssl-made APNs-style client certificate, as PEM with its key.
    @Test func theProberReadsCertificateAnswers() throws {
        let directory = CLI.temporaryDirectory("mock-probe-cert")
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try """
        [apns]
        extendedKeyUsage = clientAuth
        1.2.840.113635.100.6.3.1 = DER:0500
        1.2.840.113635.100.6.3.6 = ASN1:SEQUENCE:topics
        [topics]
        t1 = UTF8:com.example.app
        l1 = SEQUENCE:app
        [app]
        l = UTF8:app
        """.write(toFile: path("ext.cnf"), atomically: true, encoding: .utf8)
        try MockTool.run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"),
                                              "-out", path("client-ca.pem"), "-days", "2", "-subj", "/CN=test CA"])
        try MockTool.run("/usr/bin/openssl", ["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", path("c.key"),
                                              "-out", path("c.csr"), "-subj",
                                              "/UID=com.example.app/CN=Apple Development IOS Push Services: com.example.app/OU=TEAM123456"])
        try MockTool.run("/usr/bin/openssl", ["x509", "-req", "-in", path("c.csr"), "-CA", path("client-ca.pem"),
                                              "-CAkey", path("ca.key"), "-CAcreateserial", "-days", "2",
                                              "-extfile", path("ext.cnf"), "-extensions", "apns", "-out", path("c.pem")])
        let combined = try String(contentsOfFile: path("c.pem"), encoding: .utf8)
            + String(contentsOfFile: path("c.key"), encoding: .utf8)
        try combined.write(toFile: path("client.pem"), atomically: true, encoding: .utf8)

        for environment in ["development", "production"] {
            let ca = path("ca-\(environment).pem")
            let server = try MockServeProcess(["mock", "serve", "--port", "0", "--ca-out", ca, "--env", environment,
                                               "--client-ca", path("client-ca.pem"),
                                               "--device", "\(Self.device)=com.example.app"])
            defer { server.kill() }
            let first = try #require(server.firstLine())
            let port = try #require(first.split(separator: " ").first { $0.hasPrefix("port=") }
                .flatMap { Int($0.dropFirst(5)) })
            let accepted = try probe(["--cert", "client.pem", "--device-token", Self.device], port: port, ca: ca,
                                     in: directory)
            if environment == "development" {
                #expect(accepted.answer == 200, "\(accepted.json)")
                #expect(accepted.status == 0)
                let other = try probe(["--cert", "client.pem", "--topic", "com.example.other",
                                       "--device-token", Self.device], port: port, ca: ca, in: directory)
                #expect(other.answer == 400)
                #expect(other.reason == "TopicDisallowed")
                #expect(other.status == 1)
            } else {
                #expect(accepted.answer == 403, "\(accepted.json)")
                #expect(accepted.reason == "BadCertificateEnvironment")
                #expect(accepted.status == 1)
            }
            #expect(server.terminate().status == 0)
        }
    }
}
