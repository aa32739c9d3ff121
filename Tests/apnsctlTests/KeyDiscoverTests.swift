import Foundation
import Testing

/// `key discover` end to end: canaries signed by a keystore key go over HTTP/2 to a real `apnsctl mock serve` on
/// 127.0.0.1 that plays one environment (`--env E --host 127.0.0.1 --port N --cacert F`), and the keystore records
/// what the answers say.
///
/// The mock trusts the key through `--trust-key ID=PEM` (its own idea of the key's scope), not through the keystore
/// under test (whose recorded scope is what discovery checks); the mock enforces that scope
/// (`--trust-key ID=PEM,env=…,topics=…`: `403 BadEnvironmentKeyInToken`, `400 TopicDisallowed`).
@Suite struct KeyDiscoverTests {
    static let team = "DISCTEAM01", key = "DISCKEY001", topic = "com.example.discover"

    /// A keystore holding `key` (`generate` flags `scope`), its public PEM, and a mock trusting it.
    final class Setup {
        let directory = CLI.temporaryDirectory("discover")
        let keystore: String, ca: String, publicKey: String
        var mock: MockServeProcess?
        var port = ""

        init(scope: [String] = []) throws {
            keystore = directory.appendingPathComponent("ks").path
            ca = directory.appendingPathComponent("ca.pem").path
            publicKey = directory.appendingPathComponent("pub.pem").path
            #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
            #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", team, "--key-id", key]
                                + scope).status == 0)
            #expect(try CLI.run(["key", "export-public", key, "--keystore", keystore, "--out", publicKey]).status == 0)
        }

        /// Starts `mock serve --environment environment` trusting the key as `trust` (`ID=PEM` plus `,env=…`).
        func serve(_ environment: String, trust: String = "") throws {
            let server = try MockServeProcess(["mock", "serve", "--port", "0", "--environment", environment,
                                               "--ca-out", ca, "--team", team,
                                               "--trust-key", "\(key)=\(publicKey)\(trust)"])
            mock = server
            port = String(try server.port())
        }

        /// `apnsctl key discover KEY --env environment --host 127.0.0.1 …` plus `extra`.
        func discover(_ environment: String, _ extra: [String] = [], topic: String? = KeyDiscoverTests.topic,
                      port: String? = nil, variables: [String: String] = [:]) throws -> CLI.Result {
            try CLI.run(["key", "discover", key, "--keystore", keystore, "--env", environment, "--host", "127.0.0.1",
                         "--port", port ?? self.port, "--cacert", ca, "--timeout", "5"]
                        + (topic.map { ["--topic", $0] } ?? []) + extra, environment: variables)
        }

        var manifest: Data? { FileManager.default.contents(atPath: keystore + "/keystore.json") }

        func inspect() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: CLI.run(["key", "inspect", key, "--keystore", keystore,
                                                                         "--format", "json"]).stdoutData) as? [String: Any])
        }

        func audit() throws -> String { try CLI.run(["keystore", "audit", "--keystore", keystore]).stdout }

        deinit {
            mock?.kill()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test func anEnvironmentThatAcceptsTheKeyIsAddedToItsRecord() throws {
        let setup = try Setup(scope: ["--env", "development"])
        try setup.serve("production")
        let result = try setup.discover("production")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("production: accepted (400 BadDeviceToken)"), "\(result.stdout)")
        #expect(result.stdout.contains("recorded: development+production, team-scoped (discovered); was development, "
                                       + "team-scoped (declared)"))
        #expect(result.stdout.contains("learnt from: production accepted it (400 BadDeviceToken)"))
        let key = try setup.inspect()
        #expect(key["environments"] as? [String] == ["development", "production"])
        #expect(key["scope_source"] as? String == "discovered")
        #expect(try setup.audit().contains("key.discover"))
        let log = try #require(setup.mock).terminate().stdout
        #expect(log.contains("auth=token:\(Self.key)/\(Self.team)"), "the mock saw no canary signed by the key: \(log)")
    }

    @Test func aMatchingRecordIsNotWrittenAgain() throws {
        let setup = try Setup(scope: ["--env", "production"])
        try setup.serve("production")
        let before = setup.manifest
        let result = try setup.discover("production", ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(json["outcome"] as? String == "matches")
        #expect(json["recorded"] as? Bool == false)
        #expect((json["scope"] as? [String: Any])?["scope_source"] as? String == "declared")
        let answers = try #require(json["answers"] as? [[String: Any]])
        #expect(answers.count == 1)
        #expect(answers.first?["outcome"] as? String == "accepted")
        #expect((answers.first?["probe"] as? [String: Any])?["status"] as? Int == 400)
        #expect(setup.manifest == before)
    }

    /// Killed (SIGKILL, debug builds' APNSCTL_DEBUG_CRASH_AT) just before or just after the manifest write: the
    /// keystore loads, the audit log says ok exactly when the change was committed, and a rerun finishes the job.
    @Test(arguments: ["before-manifest", "after-manifest"])
    func aDiscoveryKilledMidWayLeavesAWholeKeystore(point: String) throws {
        let setup = try Setup(scope: ["--env", "development"])
        try setup.serve("production")
        let before = setup.manifest
        let crashed = try setup.discover("production", variables: ["APNSCTL_DEBUG_CRASH_AT": "key.discover:\(point)"])
        #expect(crashed.status == 9, "key.discover:\(point) was not reached (exit \(crashed.status): \(crashed.stderr))")
        let committed = setup.manifest != before
        #expect(committed == (point == "after-manifest"))
        let audit = try JSONSerialization.jsonObject(with: CLI.run(["keystore", "audit", "--keystore", setup.keystore,
                                                                    "--format", "json"]).stdoutData) as? [[String: Any]]
        let ok = audit?.filter { $0["action"] as? String == "key.discover" && $0["outcome"] as? String == "ok" }.count
        #expect(ok == (committed ? 1 : 0), "committed=\(committed) but the audit log says otherwise: \(audit ?? [])")
        #expect(try setup.inspect()["environments"] as? [String]
                == (committed ? ["development", "production"] : ["development"]))
        let again = try setup.discover("production")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains(committed ? "nothing recorded: " : "recorded: development+production"),
                "\(again.stdout)")
        #expect(try setup.inspect()["scope_source"] as? String == "discovered")
    }

    @Test func aDryRunChangesNothing() throws {
        let setup = try Setup(scope: ["--env", "development"])
        try setup.serve("production")
        let before = setup.manifest
        let result = try setup.discover("production", ["--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("would record: development+production, team-scoped (discovered)"))
        #expect(setup.manifest == before)
        #expect(!(try setup.audit().contains("key.discover")))
    }

    @Test func anUnreachableServerIsExit4AndRecordsNothing() throws {
        let setup = try Setup()
        try setup.serve("production") // for its CA file; the canary goes to a closed port
        let closed = String(try SilentListener.freePort())
        let before = setup.manifest
        let result = try setup.discover("production", ["--format", "json"], port: closed)
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("apnsctl: error: nothing recorded for key \(Self.key): production was not reachable ("))
        #expect(result.stderr.contains("apnsctl: hint: "))
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any],
                                "no JSON on stdout: \(result.stdout)")
        #expect(json["outcome"] as? String == "unreachable")
        #expect(json["exit_code"] as? Int == 4)
        let probe = try #require((json["answers"] as? [[String: Any]])?.first?["probe"] as? [String: Any])
        #expect((probe["failure"] as? [String: Any])?["kind"] as? String == "connect")
        #expect(setup.manifest == before)
    }

    @Test func mistakesAreRefusedBeforeAnythingIsSent() throws {
        let setup = try Setup()
        let noEnv = try CLI.run(["key", "discover", Self.key, "--keystore", setup.keystore, "--host", "127.0.0.1",
                                 "--port", "9", "--topic", Self.topic])
        #expect(noEnv.status == 2)
        #expect(noEnv.stderr.contains("--host needs --env"))
        let noTopic = try setup.discover("production", topic: nil, port: "9")
        #expect(noTopic.status == 2)
        #expect(noTopic.stderr.contains("apnsctl: error: no --topic: the canaries need one of team \(Self.team)'s topics"))
        let unknown = try CLI.run(["key", "discover", "NOSUCHKEY1", "--keystore", setup.keystore, "--topic", Self.topic])
        #expect(unknown.status == 5)
        #expect(unknown.stderr.contains("key NOSUCHKEY1: not in the keystore"))
        #expect(try CLI.run(["key", "generate", "--keystore", setup.keystore, "--team", Self.team,
                             "--key-id", "REVOKED001"]).status == 0)
        #expect(try CLI.run(["key", "revoke", "REVOKED001", "--keystore", setup.keystore]).status == 0)
        let revoked = try CLI.run(["key", "discover", "REVOKED001", "--keystore", setup.keystore, "--topic", Self.topic])
        #expect(revoked.status == 5)
        #expect(revoked.stderr.contains("apnsctl: error: key REVOKED001 is revoked"))
    }

    // MARK: waiting for the mock's scope enforcement

    @Test func theOnlyRecordedEnvironmentRefusingIsAContradiction() throws {
        let setup = try Setup(scope: ["--env", "production"])
        try setup.serve("production", trust: ",env=development")
        let before = setup.manifest
        let result = try setup.discover("production")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("production: refused (403 BadEnvironmentKeyInToken)"))
        #expect(result.stderr.contains("the only environment its record names"))
        #expect(setup.manifest == before)
    }

    @Test func aTopicATeamScopedRecordCannotCoverIsReportedNotInvented() throws {
        let setup = try Setup()
        try setup.serve("production", trust: ",env=production,topics=com.example.app")
        let before = setup.manifest
        let result = try setup.discover("production", topic: "com.example.other")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("production: accepted, topic refused (400 TopicDisallowed)"), "\(result.stdout)")
        #expect(result.stderr.contains("it is topic-specific, and its topics are unknown"))
        #expect(result.stderr.contains("--topics a,b"))
        #expect(setup.manifest == before)
    }
}
