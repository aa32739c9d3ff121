import Foundation
import Testing

/// `key rotate --probe`: a canary signed by the new key goes to a real `apnsctl mock serve` over HTTP/2 first;
/// the rotation happens only when the mock accepts it.
@Suite struct KeyRotateProbeTests {
    let team = "ROTATE0001"

    /// A keystore with an active key, a staged one, and a mock that trusts both.
    func setUp() throws -> (directory: URL, keystore: String, server: MockServeProcess, port: String, ca: String) {
        let directory = CLI.temporaryDirectory("rotate-probe")
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        for key in ["OLDKEY0001", "NEWKEY0001"] {
            #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", team, "--key-id", key]).status == 0)
        }
        let ca = directory.appendingPathComponent("ca.pem").path
        let server = try MockServeProcess(["mock", "serve", "--keystore", keystore, "--port", "0", "--ca-out", ca])
        let port = try server.port()
        return (directory, keystore, server, String(port), ca)
    }

    func activeKey(_ keystore: String) throws -> String? {
        let result = try CLI.run(["key", "list", "--keystore", keystore, "--format", "json"])
        let keys = try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]]
        return keys?.first { $0["state"] as? String == "active" }?["key_id"] as? String
    }

    @Test func rotatesWhenTheCanaryIsAccepted() throws {
        let (directory, keystore, server, port, ca) = try setUp()
        defer { server.kill(); try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "NEWKEY0001",
                                  "--probe", "--host", "127.0.0.1", "--port", port, "--cacert", ca,
                                  "--topic", "com.example.rotate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("canary probe to 127.0.0.1:\(port) signed by NEWKEY0001, team \(team), recorded as "
                                       + "development+production, team-scoped: accepted"), "\(result.stdout)")
        let json = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "OLDKEY0001",
                                "--probe", "--host", "127.0.0.1", "--port", port, "--cacert", ca,
                                "--topic", "com.example.rotate", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any]
        #expect(object?["rotated"] as? Bool == true)
        #expect((object?["probe"] as? [String: Any])?["status"] as? Int == 400)
        #expect(try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "NEWKEY0001"]).status == 0)
        #expect(try activeKey(keystore) == "NEWKEY0001")
        let audit = try CLI.run(["keystore", "audit", "--keystore", keystore])
        #expect(audit.stdout.contains("canary passed"))
        let log = server.terminate().stdout
        #expect(log.contains("auth=token:NEWKEY0001/\(team)"), "the mock saw no canary signed by the new key: \(log)")
    }

    @Test func changesNothingWhenTheCanaryIsRefused() throws {
        let (directory, keystore, server, port, ca) = try setUp()
        defer { server.kill(); try? FileManager.default.removeItem(at: directory) }
        // A key made after the mock started is not one it trusts: 403 InvalidProviderToken.
        #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", team, "--key-id", "LATEKEY001"]).status == 0)
        let manifest = URL(fileURLWithPath: keystore).appendingPathComponent("keystore.json")
        let before = try Data(contentsOf: manifest)
        let result = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "LATEKEY001",
                                  "--probe", "--host", "127.0.0.1", "--port", port, "--cacert", ca,
                                  "--topic", "com.example.rotate"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("apnsctl: error: rotation to LATEKEY001 refused: the canary probe failed"))
        #expect(result.stderr.contains("InvalidProviderToken"))
        #expect(result.stderr.contains("apnsctl: hint: "))
        #expect(result.stderr.contains("nothing changed: \(team)'s active keys are unchanged"))
        #expect(try Data(contentsOf: manifest) == before)
        #expect(try activeKey(keystore) == "OLDKEY0001")
        let audit = try CLI.run(["keystore", "audit", "--keystore", keystore])
        #expect(audit.stdout.contains("refused"))
    }

    /// APNs not reachable is exit 4 (not 1, "refused"), and `--format json` still prints the canary's report.
    @Test func anUnreachableCanaryIsExit4WithItsJSONReport() throws {
        let (directory, keystore, server, port, ca) = try setUp()
        defer { try? FileManager.default.removeItem(at: directory) }
        server.kill()
        let result = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "NEWKEY0001",
                                  "--probe", "--host", "127.0.0.1", "--port", port, "--cacert", ca,
                                  "--topic", "com.example.rotate", "--timeout", "3", "--format", "json"])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("apnsctl: error: rotation to NEWKEY0001 refused: the canary probe failed"))
        #expect(result.stderr.contains("nothing changed"))
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any],
                                "no JSON on stdout: \(result.stdout)")
        #expect(json["rotated"] as? Bool == false)
        #expect(json["active_key_id"] is NSNull)
        let probe = try #require(json["probe"] as? [String: Any])
        #expect((probe["failure"] as? [String: Any])?["kind"] as? String == "connect")
        #expect(probe["exit_code"] as? Int == 4)
        #expect(try activeKey(keystore) == "OLDKEY0001")
    }

    /// The canary's environment must be one the new key covers: refused before anything is signed or sent.
    @Test func aCanaryForAnEnvironmentTheKeyDoesNotCoverIsRefusedBeforeSigning() throws {
        let (directory, keystore, server, port, ca) = try setUp()
        defer { server.kill(); try? FileManager.default.removeItem(at: directory) }
        #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", team, "--key-id", "SBXKEY0001",
                             "--env", "development"]).status == 0)
        let result = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "SBXKEY0001",
                                  "--allow-gap", "--probe", "--env", "production", "--host", "127.0.0.1",
                                  "--port", port, "--cacert", ca, "--topic", "com.example.rotate"])
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("key SBXKEY0001 (staged, sandbox-only) does not cover production"))
        let log = server.terminate().stdout
        #expect(!log.contains("SBXKEY0001"), "a canary was sent: \(log)")
    }

    /// The migration from one legacy key: a sandbox key and a production key made active together; rotating to
    /// one of them alone is refused, because it would leave the other environment without a key. A canary goes
    /// from each new key to the environment the mock plays, so keys of another environment cannot be probed there.
    @Test func aLegacyKeyIsReplacedBySandboxAndProductionKeysInOneRotation() throws {
        let directory = CLI.temporaryDirectory("rotate-slots")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        let keys: [(String, [String])] = [
            ("LEGACY0001", []), ("SANDBOX001", ["--env", "development"]), ("PRODKEY001", ["--env", "production"]),
            ("SANDBOX002", ["--env", "development"]),
            ("TOPICDEV01", ["--env", "development", "--topics", "com.example.rotate"]),
            ("TOPICDEV02", ["--env", "development", "--topics", "com.example.rotate"]),
        ]
        for (key, scope) in keys {
            let made = try CLI.run(["key", "generate", "--keystore", keystore, "--team", team, "--key-id", key] + scope)
            #expect(made.status == 0, "\(made.stderr)")
        }
        #expect(try states(keystore) == ["LEGACY0001": "active", "SANDBOX001": "staged", "PRODKEY001": "staged",
                                         "SANDBOX002": "staged", "TOPICDEV01": "active", "TOPICDEV02": "staged"])
        let ca = directory.appendingPathComponent("ca.pem").path
        let server = try MockServeProcess(["mock", "serve", "--keystore", keystore, "--port", "0", "--ca-out", ca])
        defer { server.kill() }
        let target = ["--probe", "--env", "development", "--host", "127.0.0.1", "--port", String(try server.port()),
                      "--cacert", ca, "--topic", "com.example.rotate"]
        let rotate = ["key", "rotate", "--keystore", keystore, "--team", team]
        let alone = try CLI.run(rotate + ["--to", "SANDBOX001"] + target)
        #expect(alone.status == 5)
        #expect(alone.stderr.contains("retires LEGACY0001, which leaves production with no active key"), "\(alone.stderr)")
        #expect(alone.stderr.contains("repeat --to-key KEYID"))
        let production = try CLI.run(rotate + ["--to", "SANDBOX001", "--to", "PRODKEY001"] + target)
        #expect(production.status == 5)
        #expect(production.stderr.contains("key PRODKEY001 (staged, production-only) does not cover the sandbox"),
                "\(production.stderr)")
        let result = try CLI.run(rotate + ["--to", "SANDBOX001", "--to", "PRODKEY001", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(json["active_key_ids"] as? [String] == ["SANDBOX001", "PRODKEY001"])
        #expect(json["retired_key_ids"] as? [String] == ["LEGACY0001"])
        #expect(json["slots"] as? [String] == ["\(team)/development", "\(team)/production"])
        // Two sandbox slots at once, each new key probed first.
        let probed = try CLI.run(rotate + ["--to", "SANDBOX002", "--to", "TOPICDEV02", "--format", "json"] + target)
        #expect(probed.status == 0, "\(probed.stderr)")
        let probes = try #require(try JSONSerialization.jsonObject(with: probed.stdoutData) as? [String: Any])
        #expect((probes["probes"] as? [[String: Any]])?.compactMap { $0["status"] as? Int } == [400, 400])
        #expect(probes["retired_key_ids"] as? [String] == ["SANDBOX001", "TOPICDEV01"])
        #expect(try states(keystore) == ["LEGACY0001": "retired", "SANDBOX001": "retired", "PRODKEY001": "active",
                                         "SANDBOX002": "active", "TOPICDEV01": "retired", "TOPICDEV02": "active"])
        let log = server.terminate().stdout
        for key in ["SANDBOX002", "TOPICDEV02"] {
            #expect(log.contains("auth=token:\(key)/\(team)"), "no canary signed by \(key): \(log)")
        }
        #expect(!log.contains("PRODKEY001"), "a production key's canary went to the sandbox mock")
    }

    /// The README's migration, offline: a legacy key replaced by a sandbox key and a production key in one
    /// rotation, each canary going to the mock that plays its environment (`--target ENV=HOST:PORT`).
    @Test func theReadmesTwoKeyRotationRunsAgainstTwoMocks() throws {
        let directory = CLI.temporaryDirectory("rotate-readme")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        for (key, env) in [("ABC123DEFG", "both"), ("SBX456HIJK", "development"), ("PRD789HIJK", "production")] {
            let made = try CLI.run(["key", "generate", "--keystore", keystore, "--team", "DEF123GHIJ", "--key-id", key,
                                    "--env", env])
            #expect(made.status == 0, "\(made.stderr)")
        }
        // One certificate for both mocks (made by openssl for 127.0.0.1), so one --cacert trusts both.
        let (cas, serverKey) = try LoopbackCertificate.make(in: directory)
        var mocks = [String: (server: MockServeProcess, port: Int)]()
        for env in ["development", "production"] {
            let server = try MockServeProcess(["mock", "serve", "--keystore", keystore, "--env", env, "--port", "0",
                                               "--tls-cert", cas, "--tls-key", serverKey])
            mocks[env] = (server, try server.port())
        }
        defer { mocks.values.forEach { $0.server.kill() } }
        let development = try #require(mocks["development"]), production = try #require(mocks["production"])
        let result = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", "DEF123GHIJ", "--to", "SBX456HIJK",
                                  "--to", "PRD789HIJK", "--probe", "--topic", "com.example.app",
                                  "--target", "development=127.0.0.1:\(development.port)",
                                  "--target", "production=127.0.0.1:\(production.port)", "--cacert", cas,
                                  "--format", "json"])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(json["rotated"] as? Bool == true)
        #expect(json["active_key_ids"] as? [String] == ["SBX456HIJK", "PRD789HIJK"])
        let probes = try #require(json["probes"] as? [[String: Any]])
        #expect(probes.map { $0["key_id"] as? String } == ["SBX456HIJK", "PRD789HIJK"])
        #expect(probes.map { $0["environment"] as? String } == ["development", "production"])
        #expect(probes.map { $0["port"] as? Int } == [development.port, production.port])
        #expect(probes.map { $0["environments"] as? [String] } == [["development"], ["production"]])
        #expect(probes.allSatisfy { $0["team_id"] as? String == "DEF123GHIJ" })
        #expect(try states(keystore) == ["ABC123DEFG": "retired", "SBX456HIJK": "active", "PRD789HIJK": "active"])
        let developmentLog = development.server.terminate().stdout
        let productionLog = production.server.terminate().stdout
        #expect(developmentLog.contains("auth=token:SBX456HIJK/DEF123GHIJ"), "\(developmentLog)")
        #expect(!developmentLog.contains("PRD789HIJK"), "\(developmentLog)")
        #expect(productionLog.contains("auth=token:PRD789HIJK/DEF123GHIJ"), "\(productionLog)")
        #expect(!productionLog.contains("SBX456HIJK"), "\(productionLog)")
    }

    /// A key covering an environment no `--target` names is refused before anything is signed.
    @Test func aKeyWhoseEnvironmentHasNoTargetIsRefusedBeforeSigning() throws {
        let (directory, keystore, server, port, ca) = try setUp()
        defer { server.kill(); try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "NEWKEY0001",
                                  "--probe", "--target", "development=127.0.0.1:\(port)", "--cacert", ca,
                                  "--topic", "com.example.rotate"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("no --target for production"), "\(result.stderr)")
        #expect(!server.terminate().stdout.contains("NEWKEY0001"))
    }

    func states(_ keystore: String) throws -> [String: String] {
        let list = try CLI.run(["key", "list", "--keystore", keystore, "--format", "json"])
        return (try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]] ?? [])
            .reduce(into: [String: String]()) { $0[$1["key_id"] as? String ?? "?"] = $1["state"] as? String }
    }
}
