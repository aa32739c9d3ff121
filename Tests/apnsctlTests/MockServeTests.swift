import Foundation
import Testing

/// `apnsctl mock serve` as a user runs it: the built binary on port 0, curl as the client, SIGTERM to stop.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
                    && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs curl and openssl"))
struct MockServeTests {
    static let device = String(repeating: "ab", count: 32)
    static let gone = String(repeating: "ef", count: 32)

    @Test func servesCurlOverHTTP2AndStopsOnSIGTERM() async throws {
        let directory = CLI.temporaryDirectory("mock-serve")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("AuthKey_KEY1234567.p8").path
        let publicKey = directory.appendingPathComponent("public.pem").path
        try MockTool.run("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                                              "-out", key])
        try MockTool.run("/usr/bin/openssl", ["pkey", "-in", key, "-pubout", "-out", publicKey])
        let caFile = directory.appendingPathComponent("ca.pem").path

        let server = try MockServeProcess([
            "mock", "serve", "--port", "0", "--ca-out", caFile, "--format", "json",
            "--device", "\(Self.device)=com.example.app", "--unregistered", Self.gone,
            "--trust-key", "KEY1234567=\(publicKey)", "--team", "TEAM123456", "--token-update-interval", "1",
        ])
        defer { server.kill() }
        let first = try #require(server.firstLine())
        let listening = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(listening["event"] as? String == "listening")
        #expect(listening["host"] as? String == "127.0.0.1")
        #expect(listening["environment"] as? String == "development")
        #expect(listening["ca_file"] as? String == caFile)
        let port = try #require(listening["port"] as? Int)
        #expect(port > 0)
        let caAttributes = try FileManager.default.attributesOfItem(atPath: caFile)
        #expect((caAttributes[.posixPermissions] as? Int) == 0o644)

        let canary = ["-X", "POST", "--data-binary", #"{"aps":{"content-available":1}}"#,
                      "-H", "apns-topic: com.example.app", "-H", "apns-push-type: background", "-H", "apns-priority: 5"]
        let anonymous = try MockTool.curl(canary + ["https://127.0.0.1:\(port)/3/device/\(Self.device)"], ca: caFile)
        #expect(anonymous.status == 403)
        #expect(anonymous.version == "2")
        #expect(anonymous.body == #"{"reason":"MissingProviderToken"}"#)

        var expectedLines = 1
        if let token = try MockTool.pyJWT(key: key, keyID: "KEY1234567", teamID: "TEAM123456") {
            let good = try MockTool.curl(canary + ["-H", "authorization: bearer \(token)",
                                                   "https://127.0.0.1:\(port)/3/device/\(Self.device)"], ca: caFile)
            #expect(good.status == 200, "\(good.body)")
            #expect(good.headers["apns-id"]?.count == 36)
            #expect(good.headers["apns-unique-id"]?.count == 36)
            let gone = try MockTool.curl(canary + ["-H", "authorization: bearer \(token)",
                                                   "https://127.0.0.1:\(port)/3/device/\(Self.gone)"], ca: caFile)
            #expect(gone.status == 410)
            #expect(gone.body.contains(#""reason":"Unregistered""#))
            #expect(gone.body.contains(#""timestamp":"#))
            expectedLines += 2
        } else {
            print("MockServeTests: PyJWT not installed; skipping the PyJWT-signed token requests")
        }

        let result = server.terminate()
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == expectedLines + 2)
        let requestLog = try lines.dropFirst().dropLast().map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(requestLog.first?["reason"] as? String == "MissingProviderToken")
        #expect(requestLog.first?["protocol"] as? String == "h2")
        let stopped = try #require(try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any])
        #expect(stopped["event"] as? String == "stopped")
        #expect(stopped["reason"] as? String == "Shutdown")
        #expect(stopped["requests"] as? Int == expectedLines)
    }

    /// The keystore's key (made by `apnsctl key generate`) is trusted; `apnsctl token` signs what curl sends.
    @Test func trustsTheKeystoresKeys() throws {
        let directory = CLI.temporaryDirectory("mock-keystore")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", "TEAM123456",
                             "--key-id", "KEY1234567"]).status == 0)
        let issued = try CLI.run(["token", "--keystore", keystore, "--team", "TEAM123456"])
        #expect(issued.status == 0, "\(issued.stderr)")
        let token = issued.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let caFile = directory.appendingPathComponent("ca.pem").path

        let server = try MockServeProcess(["mock", "serve", "--port", "0", "--keystore", keystore, "--ca-out", caFile,
                                           "--device", "\(Self.device)=com.example.app"])
        defer { server.kill() }
        let first = try #require(server.firstLine())
        #expect(first.contains(" keys=1 "), "\(first)")
        let port = try #require(first.split(separator: " ").first { $0.hasPrefix("port=") }.flatMap { Int($0.dropFirst(5)) })
        let response = try MockTool.curl([
            "-X", "POST", "--data-binary", #"{"aps":{"alert":"hi"}}"#, "-H", "apns-topic: com.example.app",
            "-H", "authorization: bearer \(token)", "https://127.0.0.1:\(port)/3/device/\(Self.device)",
        ], ca: caFile)
        #expect(response.status == 200, "\(response.body)")
        let result = server.terminate()
        #expect(result.status == 0)
        #expect(result.stdout.contains("auth=token:KEY1234567/TEAM123456 -> 200"), "\(result.stdout)")
    }

    /// APNs's stream throttle (docs/mock.md) is on by default: after a 400 the SETTINGS say 1 concurrent stream,
    /// after the next 200 1000 (python-h2, Tests/Interop/h2_throttle.py). `--no-stream-throttle` keeps 1000.
    @Test(.enabled(if: MockTool.hasPyJWT && ((try? CLI.tool("/usr/bin/python3", ["-c", "import h2"]).status) == 0),
                   "needs python3 with PyJWT and h2"))
    func theStreamThrottleIsOnByDefaultAndOffWithNoStreamThrottle() throws {
        let directory = CLI.temporaryDirectory("mock-throttle")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("AuthKey_KEY1234567.p8").path
        let publicKey = directory.appendingPathComponent("public.pem").path
        try MockTool.run("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                                              "-out", key])
        try MockTool.run("/usr/bin/openssl", ["pkey", "-in", key, "-pubout", "-out", publicKey])
        let token = try #require(try MockTool.pyJWT(key: key, keyID: "KEY1234567", teamID: "TEAM123456"))
        let script = CLI.repositoryRoot.appendingPathComponent("Tests/Interop/h2_throttle.py").path
        for (flags, afterRejection, burst) in [([String](), ["3:400", "settings 1"], "11:reset 7"),
                                               (["--no-stream-throttle"], ["3:400"], "11:200")] {
            let ca = directory.appendingPathComponent("ca\(flags.count).pem").path
            let server = try MockServeProcess([
                "mock", "serve", "--port", "0", "--ca-out", ca, "--device", "\(Self.device)=com.example.app",
                "--trust-key", "KEY1234567=\(publicKey)", "--team", "TEAM123456",
            ] + flags)
            defer { server.kill() }
            let port = try server.port()
            server.keepReading()
            let result = try CLI.tool("/usr/bin/python3", [script, String(port), ca, token, Self.device,
                                                           "com.example.app", Self.gone, "3"])
            #expect(result.status == 0, "\(flags): \(result.output)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
                                      "\(result.output)")
            let steps = try #require(object["steps"] as? [[String]], "\(object)")
            try #require(steps.count == 6, "\(steps)")
            #expect(steps[0] == ["settings 1", "1:200", "settings 1000"], "\(flags)")
            #expect(steps[1] == afterRejection, "\(flags): \(steps)")
            #expect(steps[4].contains(burst), "\(flags): \(steps[4])")
            #expect(server.terminate().status == 0)
        }
    }

    /// Two `mock serve` processes write CAs with different subjects (openssl's reading), so a client given the
    /// wrong one can be told which mock it trusts.
    @Test func twoMocksWriteCAsWithDifferentSubjects() throws {
        let directory = CLI.temporaryDirectory("mock-two-cas")
        defer { try? FileManager.default.removeItem(at: directory) }
        var subjects: [String] = []
        for name in ["one.pem", "two.pem"] {
            let ca = directory.appendingPathComponent(name).path
            let server = try MockServeProcess(["mock", "serve", "--port", "0", "--ca-out", ca])
            defer { server.kill() }
            _ = try server.port()
            subjects.append(try MockTool.run("/usr/bin/openssl", ["x509", "-in", ca, "-noout", "-subject"])
                .trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(server.terminate().status == 0)
        }
        #expect(subjects.count == 2 && subjects[0] != subjects[1], "\(subjects)")
        #expect(subjects.allSatisfy { $0.contains("CN=apnsctl mock APNs CA ") || $0.contains("CN = apnsctl mock APNs CA ") },
                "\(subjects)")
        // Each file ends in a newline, so the two concatenated are one bundle that holds both CAs.
        let pems = try ["one.pem", "two.pem"].map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
        #expect(pems.allSatisfy { $0.hasSuffix("-----END CERTIFICATE-----\n") })
        let bundle = directory.appendingPathComponent("both.pem")
        try pems.joined().write(to: bundle, atomically: true, encoding: .utf8)
        let listed = try MockTool.run("/usr/bin/openssl", ["storeutl", "-noout", "-certs", bundle.path])
        #expect(listed.contains("Total found: 2"), "\(listed)")
    }

    @Test func aKeystoreFlagThatNamesNothingIsRefused() throws {
        let directory = CLI.temporaryDirectory("mock-nokeystore")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["mock", "serve", "--port", "0", "--keystore", directory.appendingPathComponent("none").path])
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("no keystore here"))
    }

    @Test func aPortInUseFailsWithoutLeavingACAFile() throws {
        let directory = CLI.temporaryDirectory("mock-busy")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try MockServeProcess(["mock", "serve", "--port", "0", "--ca-out",
                                          directory.appendingPathComponent("first.pem").path])
        defer { first.kill() }
        let line = try #require(first.firstLine())
        let port = try #require(line.split(separator: " ").first { $0.hasPrefix("port=") }.map { String($0.dropFirst(5)) })
        let second = directory.appendingPathComponent("second.pem").path
        let result = try CLI.run(["mock", "serve", "--port", port, "--ca-out", second], timeout: 30)
        #expect(result.status == 4, "\(result.stderr)")
        // One clean line naming the address (not NIO's "bind(descriptor:ptr:bytes:): … (errno: 98)"), and a hint.
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "apnsctl: error: cannot listen on 127.0.0.1:\(port): the address is already in use",
                "\(result.stderr)")
        #expect(lines.dropFirst().first?.hasPrefix("apnsctl: hint: another process listens on port \(port)") == true)
        #expect(!result.stderr.contains("errno") && !result.stderr.contains("descriptor"))
        #expect(!FileManager.default.fileExists(atPath: second))
        #expect(first.terminate().status == 0)
    }

    @Test func anExistingCAFileIsNotReplacedWithoutForce() throws {
        let directory = CLI.temporaryDirectory("mock-exists")
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent("ca.pem")
        try Data("keep me\n".utf8).write(to: existing)
        let result = try CLI.run(["mock", "serve", "--port", "0", "--ca-out", existing.path], timeout: 30)
        #expect(result.status == 6, "\(result.stderr)")
        #expect(result.stderr.contains("already exists"))
        #expect(try String(contentsOf: existing, encoding: .utf8) == "keep me\n")
    }

    @Test func textFormatPrintsAParseableFirstLineAndWritesTheCAToATemporaryFile() throws {
        let server = try MockServeProcess(["mock", "serve", "--port", "0", "--environment", "production"])
        defer { server.kill() }
        let first = try #require(server.firstLine())
        #expect(first.hasPrefix("listening host=127.0.0.1 port="))
        #expect(first.contains(" environment=production "))
        let caPath = try #require(first.split(separator: " ").first { $0.hasPrefix("ca=") }).dropFirst(3)
        let pem = try String(contentsOfFile: String(caPath), encoding: .utf8)
        #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
        let result = server.terminate()
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("stopped reason=Shutdown requests=0\n"))
        try? FileManager.default.removeItem(atPath: String(caPath))
    }

    /// `--env` (the one environment option) and its long spelling `--environment` both choose the APNs to play;
    /// without either the mock plays the sandbox.
    @Test(arguments: [(["--env", "production"], "production"), (["--environment", "production", "--env", "production"],
                                                                  "production"), ([], "development")])
    func envAndEnvironmentChooseTheEnvironment(arguments: [String], played: String) throws {
        let server = try MockServeProcess(["mock", "serve", "--port", "0"] + arguments)
        defer { server.kill() }
        let first = try #require(server.firstLine())
        #expect(first.contains(" environment=\(played) "), "\(first)")
        let caPath = first.split(separator: " ").first { $0.hasPrefix("ca=") }.map { String($0.dropFirst(3)) }
        #expect(server.terminate().status == 0)
        if let caPath { try? FileManager.default.removeItem(atPath: caPath) }
    }

    /// `--help` says where a client CA comes from: the openssl lines that make one.
    @Test func helpGivesTheOpensslLinesForAClientCA() throws {
        let result = try CLI.run(["mock", "serve", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("openssl req -x509 -newkey ec"))
        #expect(result.stdout.contains("1.2.840.113635.100.6.3.1=ASN1:NULL"))
        #expect(result.stdout.contains("--client-ca client-ca.pem"))
        #expect(result.stdout.contains("--max-streams-before-success"))
    }

    @Test(arguments: [
        (["--tls-cert", "/nonexistent/cert.pem"], Int32(2), "--tls-cert and --tls-key go together"),
        (["--trust-key", "KEY1234567=/nonexistent/k.pem"], Int32(2), "--team"),
        (["--device", "zz=com.example.app"], Int32(2), "hex"),
        (["--device", "abab"], Int32(2), "TOKEN=TOPIC"),
        (["--tls-cert", "/nonexistent/cert.pem", "--tls-key", "/nonexistent/key.pem"], Int32(3), "no such file"),
        (["--port", "70000"], Int32(2), "port"),
        (["--max-streams-before-success", "0"], Int32(2), "between 1 and 1000"),
        (["--threads", "0"], Int32(2), "between 1 and 256"),
        (["--env", "production", "--environment", "development"], Int32(2),
         "--env production and --environment development disagree"),
    ])
    func refusesBadFlags(arguments: [String], status: Int32, message: String) throws {
        let result = try CLI.run(["mock", "serve", "--port", "0"] + arguments, timeout: 30)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains("apnsctl: error:"))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
