import Foundation
import Testing

/// `apnsctl mock serve` enforcing Apple's 2025 key scopes, driven as a user would: keys made by openssl, tokens
/// signed by PyJWT, curl over HTTP/2 (several pushes on one connection with `--next`), and `apnsctl probe`.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
                    && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
                    && MockTool.hasPyJWT, "needs curl, openssl and PyJWT"))
struct MockKeyScopeTests {
    static let team = "TEAM123456"
    static let device = String(repeating: "ab", count: 32)
    static let unknownDevice = String(repeating: "01", count: 32)

    /// A scratch directory with P-256 keys made by openssl: `AuthKey_<ID>.p8` and `<ID>.pub.pem` for each id.
    struct Keys {
        let directory: URL
        init(_ label: String, ids: [String]) throws {
            directory = CLI.temporaryDirectory(label)
            for id in ids {
                try MockTool.run("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt",
                                                      "ec_paramgen_curve:P-256", "-out", p8(id)])
                try MockTool.run("/usr/bin/openssl", ["pkey", "-in", p8(id), "-pubout", "-out", publicPEM(id)])
            }
        }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        func p8(_ id: String) -> String { path("AuthKey_\(id).p8") }
        func publicPEM(_ id: String) -> String { path("\(id).pub.pem") }
        func remove() { try? FileManager.default.removeItem(at: directory) }

        /// A PyJWT token signed by `id`'s key.
        func token(_ id: String) throws -> String {
            try #require(try MockTool.pyJWT(key: p8(id), keyID: id, teamID: MockKeyScopeTests.team))
        }
    }

    /// Starts `mock serve` on a free port with `arguments`; returns it with its port and CA file.
    func serve(_ keys: Keys, _ arguments: [String], ca: String = "ca.pem") throws -> (MockServeProcess, Int, String) {
        let caFile = keys.path(ca)
        let server = try MockServeProcess(["mock", "serve", "--port", "0", "--ca-out", caFile, "--force",
                                           "--device", "\(Self.device)=com.example.app"] + arguments)
        guard arguments.contains("json") else { return (server, try server.port(), caFile) }
        let listening = try JSONSerialization.jsonObject(with: Data((server.firstLine() ?? "").utf8)) as? [String: Any]
        return (server, try #require(listening?["port"] as? Int), caFile)
    }

    /// curl arguments for a push signed by `token`.
    func push(_ token: String, topic: String = "com.example.app", pushType: String = "alert",
              device: String = device, port: Int) -> [String] {
        ["-X", "POST", "--data-binary", #"{"aps":{"alert":"hi"}}"#, "-H", "authorization: bearer \(token)",
         "-H", "apns-topic: \(topic)", "-H", "apns-push-type: \(pushType)",
         "https://127.0.0.1:\(port)/3/device/\(device)"]
    }

    @Test func aProductionOnlyKeyAgainstTheDevelopmentMockIsBadEnvironmentKeyInTokenInEitherSpelling() throws {
        let keys = try Keys("mock-scope-env", ids: ["PRODKEY001"])
        defer { keys.remove() }
        let trust = ["--trust-key", "PRODKEY001=\(keys.publicPEM("PRODKEY001")),env=production", "--team", Self.team]
        for (flag, reason) in [([String](), "BadEnvironmentKeyInToken"),
                               (["--bad-environment-reason", "BadEnvironmentKeyIdInToken"], "BadEnvironmentKeyIdInToken")] {
            let (server, port, ca) = try serve(keys, trust + flag)
            defer { server.kill() }
            let answer = try MockTool.curl(push(try keys.token("PRODKEY001"), port: port), ca: ca)
            #expect(answer.status == 403)
            #expect(answer.body == #"{"reason":"\#(reason)"}"#)
            let log = server.terminate()
            #expect(log.status == 0, "\(log.stderr)")
            #expect(log.stdout.contains("-> 403 \(reason)"), "\(log.stdout)")
            #expect(log.stdout.contains("(key PRODKEY001 is production-only; this mock plays development)"),
                    "\(log.stdout)")
        }
    }

    @Test func aBothEnvironmentKeyIsAcceptedInBothAndAProductionKeyInProduction() throws {
        let keys = try Keys("mock-scope-both", ids: ["BOTHKEY001", "PRODKEY001"])
        defer { keys.remove() }
        for environment in ["development", "production"] {
            let (server, port, ca) = try serve(keys, [
                "--env", environment, "--team", Self.team,
                "--trust-key", "BOTHKEY001=\(keys.publicPEM("BOTHKEY001")),env=both",
                "--trust-key", "PRODKEY001=\(keys.publicPEM("PRODKEY001")),env=production",
            ], ca: "ca-\(environment).pem")
            defer { server.kill() }
            let both = try MockTool.curl(push(try keys.token("BOTHKEY001"), port: port), ca: ca)
            #expect(both.status == 200, "\(environment): \(both.body)")
            let production = try MockTool.curl(push(try keys.token("PRODKEY001"), port: port), ca: ca)
            #expect(production.status == (environment == "production" ? 200 : 403), "\(environment): \(production.body)")
            #expect(server.terminate().status == 0)
        }
    }

    @Test func aTopicSpecificKeyIsRefusedAnUncoveredTopicAndCoversItsBundleIDsVoIPTopic() throws {
        let keys = try Keys("mock-scope-topics", ids: ["TOPICKEY01"])
        defer { keys.remove() }
        let (server, port, ca) = try serve(keys, [
            "--team", Self.team, "--format", "json",
            "--trust-key", "TOPICKEY01=\(keys.publicPEM("TOPICKEY01")),env=development,topics=com.example.app",
        ])
        defer { server.kill() }
        let listening = try #require(try JSONSerialization.jsonObject(with: Data((server.firstLine() ?? "").utf8))
                                         as? [String: Any])
        let trusted = try #require((listening["keys"] as? [[String: Any]])?.first)
        #expect(trusted["key_id"] as? String == "TOPICKEY01")
        #expect(trusted["topics"] as? [String] == ["com.example.app"])
        #expect(trusted["environments"] as? [String] == ["development"])
        #expect(listening["bad_environment_reason"] as? String == "BadEnvironmentKeyInToken")
        let token = try keys.token("TOPICKEY01")
        let other = try MockTool.curl(push(token, topic: "com.example.other", port: port), ca: ca)
        #expect(other.status == 400)
        #expect(other.body == #"{"reason":"TopicDisallowed"}"#)
        let covered = try MockTool.curl(push(token, port: port), ca: ca)
        #expect(covered.status == 200, "\(covered.body)")
        let voip = try MockTool.curl(push(token, topic: "com.example.app.voip", pushType: "voip", port: port), ca: ca)
        #expect(voip.status == 200, "\(voip.body)")
        let unknown = try MockTool.curl(push(token, device: Self.unknownDevice, port: port), ca: ca)
        #expect(unknown.status == 400)
        #expect(unknown.body == #"{"reason":"BadDeviceToken"}"#)
        let log = server.terminate()
        #expect(log.stdout.contains("does not cover com.example.other"), "\(log.stdout)")
    }

    /// Two pushes on one connection: the first binds it to its key.
    @Test(arguments: [
        ("team-scoped, then topic-specific", "TEAMKEY001", "TOPICKEY01", 403, "UnrelatedKeyIdInToken"),
        ("topic-specific, then its related key", "TOPICKEY01", "RELATEDK01", 200, nil as String?),
        ("topic-specific, then an unrelated topic-specific key", "TOPICKEY01", "UNRELATED1", 403, "UnrelatedKeyIdInToken"),
        ("topic-specific, then a team-scoped key", "TOPICKEY01", "TEAMKEY001", 403, "UnrelatedKeyIdInToken"),
    ])
    func theFirstPushBindsItsConnection(label: String, first: String, second: String, status: Int,
                                        reason: String?) throws {
        let ids = ["TEAMKEY001", "TOPICKEY01", "RELATEDK01", "UNRELATED1"]
        let keys = try Keys("mock-scope-bind", ids: ids)
        defer { keys.remove() }
        let topics = "env=development,topics=com.example.app"
        let (server, port, ca) = try serve(keys, [
            "--team", Self.team, "--token-update-interval", "0",
            "--trust-key", "TEAMKEY001=\(keys.publicPEM("TEAMKEY001"))",
            "--trust-key", "TOPICKEY01=\(keys.publicPEM("TOPICKEY01")),\(topics)",
            "--trust-key", "RELATEDK01=\(keys.publicPEM("RELATEDK01")),\(topics),related=TOPICKEY01",
            "--trust-key", "UNRELATED1=\(keys.publicPEM("UNRELATED1")),\(topics)",
        ])
        defer { server.kill() }
        let answers = try MockTool.curlOneConnection([push(try keys.token(first), port: port),
                                                      push(try keys.token(second), port: port)], ca: ca)
        #expect(answers.map(\.newConnections) == [1, 0], "\(label): curl must reuse its connection")
        #expect(answers.first?.status == 200, "\(label): \(answers.first?.body ?? "")")
        #expect(answers.last?.status == status, "\(label): \(answers.last?.body ?? "")")
        #expect(answers.last?.reason == reason, "\(label)")
        // The same second key on a connection of its own is accepted: the refusal is the binding's.
        let alone = try MockTool.curl(push(try keys.token(second), port: port), ca: ca)
        #expect(alone.status == 200, "\(label): \(alone.body)")
        let log = server.terminate()
        if reason != nil {
            #expect(log.stdout.contains("-> 403 UnrelatedKeyIdInToken"), "\(log.stdout)")
            #expect(log.stdout.contains("(this connection is bound to "), "\(log.stdout)")
        }
    }

    @Test(arguments: [
        ("PRODKEY001=k.pem,env=sandbox", "env=sandbox is not development, production or both"),
        ("PRODKEY001=k.pem,topics=com.example.app", "a topic-specific key has one environment, not both"),
        ("PRODKEY001=k.pem,env=production,related=TOPICKEY01", "only a topic-specific key has a related key"),
        ("PRODKEY001=k.pem,environment=production", "unknown option environment"),
        ("prod=k.pem", "prod is not a valid key id"),
        ("PRODKEY001", "expected KEYID=PEMFILE"),
    ])
    func badTrustKeyValuesAreUsageErrorsWithAHint(value: String, problem: String) throws {
        let result = try CLI.run(["mock", "serve", "--port", "0", "--team", Self.team, "--trust-key", value],
                                 timeout: 30)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("apnsctl: error: --trust-key \(value): \(problem)"), "\(result.stderr)")
        #expect(result.stderr.contains("apnsctl: hint: for example --trust-key "), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// `probe --env development --key-id K` with a production-only K: refused before sending when the keystore
    /// knows K's scope; explained from the mock's answer when it does not (a legacy record).
    @Test func theProbeExplainsAProductionOnlyKeyAgainstTheDevelopmentMock() throws {
        let keys = try Keys("mock-scope-probe", ids: ["PRODKEY001", "LEGACYKEY1"])
        defer { keys.remove() }
        let keystore = keys.path("ks")
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        #expect(try CLI.run(["key", "import", keys.p8("PRODKEY001"), "--keystore", keystore, "--team", Self.team,
                             "--env", "production"]).status == 0)
        #expect(try CLI.run(["key", "import", keys.p8("LEGACYKEY1"), "--keystore", keystore,
                             "--team", Self.team]).status == 0)
        // The mock knows the truth the keystore does not: LEGACYKEY1 is production-only too.
        let (server, port, ca) = try serve(keys, [
            "--keystore", keystore, "--team", Self.team,
            "--trust-key", "LEGACYKEY1=\(keys.publicPEM("LEGACYKEY1")),env=production",
        ])
        defer { server.kill() }
        func probe(_ key: String) throws -> (status: Int32, json: [String: Any], stderr: String) {
            let result = try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(port), "--cacert", ca,
                                      "--env", "development", "--key-id", key, "--keystore", keystore,
                                      "--topic", "com.example.app", "--device-token", Self.device,
                                      "--format", "json", "--timeout", "20"])
            let json = (try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [String: Any] ?? [:]
            return (result.status, json, result.stderr)
        }

        let recorded = try probe("PRODKEY001")
        #expect(recorded.status == 5, "\(recorded.stderr)")
        #expect(recorded.stderr.contains("PRODKEY001"), "\(recorded.stderr)")
        #expect(recorded.stderr.contains("production-only"), "\(recorded.stderr)")

        let discovered = try probe("LEGACYKEY1")
        #expect(discovered.status == 1, "\(discovered.stderr)")
        #expect(discovered.json["status"] as? Int == 403)
        #expect(discovered.json["reason"] as? String == "BadEnvironmentKeyInToken")
        let verdict = try #require(discovered.json["verdict"] as? [String: Any])
        #expect((verdict["summary"] as? String)?.contains("APNs's other spelling of BadEnvironmentKeyIdInToken") == true,
                "\(verdict)")
        let hint = try #require(verdict["hint"] as? String)
        #expect(hint.hasPrefix("key LEGACYKEY1's scope is not recorded"), "\(hint)")
        #expect(hint.contains("most likely a production-only key"), "\(hint)")

        let log = server.terminate()
        #expect(log.stdout.contains("auth=token:LEGACYKEY1/\(Self.team) -> 403 BadEnvironmentKeyInToken"), "\(log.stdout)")
        #expect(!log.stdout.contains("auth=token:PRODKEY001"), "the refused probe sent nothing: \(log.stdout)")
    }
}
