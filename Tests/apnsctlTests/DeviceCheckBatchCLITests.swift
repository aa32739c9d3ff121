import Foundation
import Testing

/// `apnsctl device check` as a batch that cannot lie: a file without a token is bad input, one environment alone
/// never calls a token invalid, a token read twice is sent once, a line longer than a token is malformed (and
/// shown escaped and short), what APNs would refuse is refused before sending, and the outputs carry the summary.
@Suite struct DeviceCheckBatchCLITests {
    typealias Base = DeviceCheckCLITests

    static func write(_ data: Data, _ name: String, in mocks: Base.Mocks) throws -> String {
        let file = mocks.directory.appendingPathComponent(name)
        try data.write(to: file)
        return file.path
    }

    @Test func aTokenFileWithoutATokenIsBadInput() throws {
        let mocks = try Base.Mocks("device-none")
        let utf16 = try #require("\(Base.dev)\n\(Base.prod)\n".data(using: .utf16))
        let cases: [(String, String)] = [
            (try Self.write(Data(), "empty.txt", in: mocks), "the file is empty"),
            (try Self.write(Data("# only a comment\n\n".utf8), "comments.txt", in: mocks), "only blank lines and comments"),
            (try Self.write(Data("xyz\nnot-a-token\nabc\n".utf8), "bad.txt", in: mocks), "3 malformed lines"),
            (try Self.write(utf16, "utf16.txt", in: mocks), "3 malformed lines"),
            (try Self.write(Data([0x00, 0xFF, 0x13, 0x37, 0x0A, 0x00, 0x01, 0x02]), "binary.bin", in: mocks),
             "2 malformed lines"),
        ]
        for (path, words) in cases {
            let result = try mocks.run(["--tokens", path, "--team", Base.team])
            #expect(result.status == 3, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("apnsctl: error: no device token in \(path): \(words)"), "\(result.stderr)")
        }
        let binary = try mocks.run(["--tokens", cases[4].0, "--team", Base.team])
        #expect(binary.stderr.contains("the file is not UTF-8 text"), "\(binary.stderr)")
        let directory = try mocks.run(["--tokens", mocks.directory.path, "--team", Base.team])
        #expect(directory.status == 3, "\(directory.stderr)")
        #expect(directory.stderr.contains("apnsctl: error: \(mocks.directory.path): is a directory, not a file"))
        let dry = try mocks.run(["--tokens", cases[2].0, "--team", Base.team, "--dry-run"])
        #expect(dry.status == 3, "\(dry.stderr)")
        let logs = mocks.logs()
        #expect(!(logs.development + logs.production).contains("/3/device/"), "nothing may be sent")
    }

    /// `--env` alone: BadDeviceToken from that environment says the token is not of it, never that it is invalid.
    @Test func oneEnvironmentAloneNeverCallsATokenInvalid() throws {
        let mocks = try Base.Mocks("device-env-alone")
        let sandbox = try mocks.run([Base.prod, Base.dev, "--team", Base.team, "--env", "development", "--format", "json"])
        #expect(sandbox.status == 1, "\(sandbox.stderr)")
        #expect(try Base.objects(sandbox).map { $0["verdict"] as? String } == ["not_in_development", "development"])
        let production = try mocks.run([Base.dev, "--team", Base.team, "--env", "production"])
        #expect(production.status == 1, "\(production.stderr)")
        #expect(production.stdout.contains("not_in_production"), "\(production.stdout)")
        #expect(!production.stdout.contains("invalid"), "\(production.stdout)")
    }

    /// A token read twice gets one canary; a 16,000-digit line and a line of terminal escapes are malformed lines,
    /// shown escaped and cut short; the good tokens are classified on every run.
    @Test func aFileWithDuplicatesAndAbsurdLinesIsClassifiedRight() throws {
        let mocks = try Base.Mocks("device-absurd")
        let lines = [Base.dev, String(repeating: "a", count: 16_000), Base.prod, Base.dev, "\u{1B}]0;pwned\u{07}\u{1B}[2J",
                     String(repeating: "b", count: 1_000_000)]
        let path = try Self.write(Data(lines.joined(separator: "\n").utf8), "tokens.txt", in: mocks)
        for _ in 0..<2 {
            let result = try mocks.run(["--tokens", path, "--team", Base.team])
            #expect(result.status == 0, "\(result.stderr)")
            let objects = try Base.lines(result)
            #expect(Set(objects.compactMap { $0["verdict"] as? String }) == ["development", "production"])
            #expect(objects.count == 2)
            #expect(result.stderr.contains("\(path):4: the token of line 1 again; not sent twice"), "\(result.stderr)")
            #expect(result.stderr.contains("\(path):2: '\(String(repeating: "a", count: 80))'…: 16000 bytes is longer "
                                           + "than a device token can be"), "\(result.stderr)")
            #expect(result.stderr.contains("\(path):5: " + #"'\u{1b}]0;pwned\u{7}\u{1b}[2J': not hexadecimal"#),
                    "\(result.stderr)")
            #expect(!result.stderr.contains("\u{1B}") && result.stderr.utf8.count < 4_000)
        }
        let logs = mocks.logs()
        #expect(logs.development.components(separatedBy: "/3/device/\(Base.dev)").count - 1 == 2, "once per run")
    }

    /// An expired or mismatched client certificate, and a topic the background canary cannot take, are refused
    /// before anything connects.
    @Test func whatAPNsWouldRefuseIsRefusedBeforeSending() throws {
        let listener = try SilentListener()
        let directory = CLI.temporaryDirectory("device-refuse")
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try Data("extendedKeyUsage=clientAuth\n1.2.840.113635.100.6.3.1=DER:0500\n".utf8).write(to: URL(fileURLWithPath: path("ext.cnf")))
        for step in [
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", path("ca.key"),
             "-out", path("ca.pem"), "-days", "2", "-subj", "/CN=device check test CA"],
            ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", path("client.key"),
             "-out", path("client.csr"), "-subj", "/UID=com.example.app/CN=Apple Push Services: com.example.app"],
            ["x509", "-req", "-in", path("client.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
             "-days", "-1", "-extfile", path("ext.cnf"), "-out", path("expired.pem")],
            ["x509", "-req", "-in", path("client.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
             "-days", "2", "-extfile", path("ext.cnf"), "-out", path("client.pem")],
        ] {
            #expect(try CLI.tool("/usr/bin/openssl", step).status == 0, "\(step)")
        }
        let expired = path("expired-with-key.pem"), mismatched = path("mismatched.pem")
        try (Data(contentsOf: URL(fileURLWithPath: path("expired.pem"))) + Data(contentsOf: URL(fileURLWithPath: path("client.key"))))
            .write(to: URL(fileURLWithPath: expired))
        try (Data(contentsOf: URL(fileURLWithPath: path("client.pem"))) + Data(contentsOf: URL(fileURLWithPath: path("ca.key"))))
            .write(to: URL(fileURLWithPath: mismatched))
        let server = ["--host", "127.0.0.1", "--port", String(listener.port), "--env", "production",
                      "--cacert", path("ca.pem")]
        let old = try CLI.run(["device", "check", Base.dev, "--cert", expired, "--topic", Base.topic] + server)
        #expect(old.status == 3, "\(old.stdout) \(old.stderr)")
        #expect(old.stderr.contains("apnsctl: error: \(expired): the certificate expired on "), "\(old.stderr)")
        #expect(old.stderr.contains("APNs will refuse it; nothing sent"), "\(old.stderr)")
        let pair = try CLI.run(["device", "check", Base.dev, "--cert", mismatched, "--topic", Base.topic] + server)
        #expect(pair.status == 3, "\(pair.stderr)")
        #expect(pair.stderr.contains(mismatched), "\(pair.stderr)")
        let voip = try CLI.run(["device", "check", Base.dev, "--cert", path("client.pem"), "--topic", "com.example.app.voip"]
                               + server)
        #expect(voip.status == 2, "\(voip.stderr)")
        #expect(voip.stderr.contains("nothing sent") && voip.stderr.contains("--topic com.example.app\n"), "\(voip.stderr)")
        #expect(listener.connectionsWaiting() == 0, "nothing may connect")
    }

    @Test func theOutputsCarryTheSummaryAndFollowFormat() throws {
        let mocks = try Base.Mocks("device-outputs")
        let json = try mocks.run([Base.dev, Base.prod, Base.dev, "--team", Base.team, "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(document["exit_code"] as? Int == 0 && document["passed"] as? Bool == true)
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["tokens"] as? Int == 2 && summary["canaries"] as? Int == 3)
        #expect((summary["counts"] as? [String: Int])?["development"] == 1)
        let duplicate = try #require((summary["duplicates"] as? [[String: Any]])?.first)
        #expect(duplicate["position"] as? Int == 3 && duplicate["first"] as? Int == 1)
        let canaries = try #require((document["results"] as? [[String: Any]])?.first?["canaries"] as? [[String: Any]])
        #expect(canaries.map { $0["status"] as? Int } == [400, 200])
        #expect(canaries.allSatisfy { $0["apns_id"] is String && $0["key_id"] as? String == "BOTHKEY001" })
        let path = try Self.write(Data("\(Base.dev)\n\(Base.prod)\n".utf8), "tokens.txt", in: mocks)
        let text = try mocks.run(["--tokens", path, "--team", Base.team, "--format", "text"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("\(path):1: dededede…dede development: a sandbox token"), "\(text.stdout)")
        #expect(!text.stdout.contains("{"), "\(text.stdout)")
        let lines = try mocks.run(["--tokens", path, "--team", Base.team])
        #expect(try Base.lines(lines).count == 2, "JSON Lines stay the default for a file")
        let help = try CLI.run(["device", "check", "--help"])
        for code in ["0", "1", "2", "3", "4"] {
            #expect(help.stdout.contains("\n  \(code)  "), "exit \(code) missing from the help")
        }
    }
}
