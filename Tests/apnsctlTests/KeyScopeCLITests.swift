import Foundation
import TestSupport
import Testing

/// `key import` / `key generate` record the scope Apple's portal gave a key (`--env`, `--topics`,
/// `--team-scoped`, `--related-key`); `key list`, `key inspect` and `keystore status` show it.
@Suite struct KeyScopeCLITests {
    static let team = "DEF123GHIJ"

    func keys(_ ks: String, _ command: [String] = ["key", "list", "--format", "json"]) throws -> [String: [String: Any]] {
        let json = try KeystoreCLI.json(try KeystoreCLI.ok(command, ks))
        let list = (json as? [[String: Any]]) ?? ((json as? [String: Any])?["keys"] as? [[String: Any]]) ?? []
        return Dictionary(uniqueKeysWithValues: list.map { ($0["key_id"] as? String ?? "?", $0) })
    }

    @Test func importAndGenerateRecordTheDeclaredScope() throws {
        let ks = try KeystoreCLI.fresh()
        let imported = try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team",
                                           Self.team, "--env", "production"], ks)
        #expect(imported.stdout.contains("scope: production, team-scoped (declared)"))
        #expect(imported.stderr.isEmpty)
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "GEN0000001", "--env", "development",
                            "--topics", "com.example.app.voip, com.example.app", "--related-key", "REL0000001"], ks)
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "GEN0000002", "--env", "both",
                            "--team-scoped"], ks)
        for command in [["key", "list", "--format", "json"], ["keystore", "status", "--format", "json"]] {
            let found = try keys(ks, command)
            let production = try #require(found["ABC123DEFG"])
            #expect(production["environments"] as? [String] == ["production"])
            #expect(production["restriction"] as? String == "team" && production["topics"] is NSNull)
            #expect(production["related_key_id"] is NSNull && production["scope_source"] as? String == "declared")
            let topical = try #require(found["GEN0000001"])
            #expect(topical["environments"] as? [String] == ["development"])
            #expect(topical["restriction"] as? String == "topics")
            #expect(topical["topics"] as? [String] == ["com.example.app", "com.example.app.voip"])
            #expect(topical["related_key_id"] as? String == "REL0000001")
            #expect(found["GEN0000002"]?["environments"] as? [String] == ["development", "production"])
        }
        let inspect = try KeystoreCLI.ok(["key", "inspect", "GEN0000001"], ks).stdout
        #expect(inspect.contains("environments: development\n"))
        #expect(inspect.contains("restriction:  topics (2): com.example.app, com.example.app.voip\n"))
        #expect(inspect.contains("related key:  REL0000001\n"))
        #expect(inspect.contains("scope from:   declared"))
        let list = try KeystoreCLI.ok(["key", "list"], ks).stdout
        #expect(list.contains("SCOPE"))
        #expect(list.contains("production, team-scoped"))
        #expect(list.contains("development, com.example.app com.example.app.voip"))
        #expect(list.contains("both, team-scoped"))
        #expect(!list.contains("legacy"))
        #expect(try KeystoreCLI.ok(["keystore", "status"], ks).stdout.contains("development, com.example.app com.example.app.voip"))
    }

    @Test func withoutEnvTheKeyIsLegacyWithAWarningAndAReimportRecordsTheScope() throws {
        let ks = try KeystoreCLI.fresh()
        let file = KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")
        let first = try KeystoreCLI.ok(["key", "import", file, "--team", Self.team], ks)
        #expect(first.stderr.hasPrefix("apnsctl: warning: key ABC123DEFG: no --env given"))
        #expect(first.stderr.split(separator: "\n").count == 1)
        #expect(first.stdout.contains("scope: development+production, team-scoped (legacy: scope unknown)"))
        let legacy = try #require(try keys(ks)["ABC123DEFG"])
        #expect(legacy["scope_source"] as? String == "legacy")
        #expect(legacy["environments"] as? [String] == ["development", "production"])
        #expect(legacy["restriction"] as? String == "team" && legacy["topics"] is NSNull)
        #expect(try KeystoreCLI.ok(["key", "list"], ks).stdout.contains("both, team-scoped (legacy)"))
        #expect(try KeystoreCLI.ok(["key", "inspect", "ABC123DEFG"], ks).stdout
            .contains("scope from:   legacy: unknown, treated as team-scoped for both environments"))
        // A generated key without --env is legacy too, without the portal warning.
        #expect(try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "GEN0000001"], ks).stderr.isEmpty)
        // Importing again with --env records the scope (once); a contradicting one is refused.
        let again = try KeystoreCLI.ok(["key", "import", file, "--team", Self.team, "--env", "development",
                                        "--format", "json"], ks)
        let object = try #require(try KeystoreCLI.json(again) as? [String: Any])
        #expect(object["already_present"] as? Bool == true && object["scope_recorded"] as? Bool == true)
        #expect(object["environments"] as? [String] == ["development"] && object["scope_source"] as? String == "declared")
        let contradiction = try KeystoreCLI.run(["key", "import", file, "--team", Self.team, "--env", "production"], ks)
        #expect(KeystoreCLI.failed(contradiction, 5, "already recorded as development, team-scoped"))
        #expect(try keys(ks)["ABC123DEFG"]?["environments"] as? [String] == ["development"])
    }

    @Test(arguments: [
        (["--env", "both", "--topics", "com.example.app"], "a topic-specific key has one environment, not both"),
        (["--topics", "com.example.app"], "--topics needs --env development|production|both"),
        (["--team-scoped"], "--team-scoped needs --env"),
        (["--related-key", "ABC123DEFG"], "--related-key needs --env"),
        (["--env", "production", "--topics", "com.example.app", "--team-scoped"], "--topics and --team-scoped contradict"),
        (["--env", "production", "--topics", "com.example..app"], "topic \"com.example..app\""),
        (["--env", "production", "--topics", "com.example.app,"], "topic \"\": empty"),
        (["--env", "production", "--topics", "com.x,com.x"], "topic com.x is listed twice"),
        (["--env", "production", "--related-key", "ABC123DEFG"], "only a topic-specific key has a related key"),
        (["--env", "production", "--topics", "com.x", "--related-key", "nope"], "related key nope: not a valid key id"),
    ])
    func impossibleScopesAreUsageErrorsAndStoreNothing(flags: [String], message: String) throws {
        let ks = try KeystoreCLI.fresh()
        for command in [["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", Self.team],
                        ["key", "generate", "--team", Self.team, "--key-id", "GEN0000001"]] {
            let result = try KeystoreCLI.run(command + flags, ks)
            #expect(KeystoreCLI.failed(result, 2, message), "\(flags): \(result.stderr)")
            #expect(result.stderr.contains("apnsctl: hint: "))
            #expect(result.stdout.isEmpty)
        }
        #expect(try KeystoreCLI.states(ks).isEmpty)
    }

    @Test func moreThan400TopicsAreRefused() throws {
        let ks = try KeystoreCLI.fresh()
        let topics = (0...400).map { "com.example.app\($0)" }.joined(separator: ",")
        let result = try KeystoreCLI.run(["key", "generate", "--team", Self.team, "--key-id", "GEN0000001", "--env",
                                          "production", "--topics", topics], ks)
        #expect(KeystoreCLI.failed(result, 2, "401 topics: a topic-specific key covers at most 400"))
    }

    @Test func anUnknownEnvironmentNamesTheChoices() throws {
        let ks = try KeystoreCLI.fresh()
        let result = try KeystoreCLI.run(["key", "generate", "--team", Self.team, "--key-id", "GEN0000001", "--env",
                                          "sandbox"], ks)
        #expect(result.status == 2)
        #expect(result.stderr.contains("'development', 'production' or 'both'"))
    }
}

/// A keystore written by apnsctl before keys recorded their scope (Tests/Fixtures/keystore-v1, made by the
/// build of commit 7b26b59) migrates when first opened and keeps working: list, token, rotate.
@Suite struct LegacyKeystoreCLITests {
    func audited(_ ks: String, _ action: String) throws -> [[String: Any]] {
        let entries = try KeystoreCLI.json(try KeystoreCLI.ok(["keystore", "audit", "--format", "json"], ks))
        return ((entries as? [[String: Any]]) ?? []).filter { $0["action"] as? String == action }
    }

    func version(_ ks: String) throws -> Int? {
        let data = try Data(contentsOf: URL(fileURLWithPath: ks + "/keystore.json"))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["version"] as? Int
    }

    @Test func aLegacyKeystoreMigratesAndKeepsWorking() throws {
        let ks = try LegacyKeystoreFixture.copy()
        #expect(try version(ks) == 1)
        let list = try KeystoreCLI.ok(["key", "list"], ks).stdout
        #expect(try version(ks) == 4)
        #expect(list.contains("both, team-scoped (legacy)"))
        #expect(list.contains("legacy: scope unknown, treated as team-scoped for both environments"))
        let states = try KeystoreCLI.states(ks)
        #expect(states == ["ABC123DEFG": "retired", "NEW456HIJK": "active", "GEN0000001": "active"])
        let migrations = try audited(ks, "keystore.migrate")
        #expect(migrations.count == 1 && migrations.first?["outcome"] as? String == "ok")
        #expect((migrations.first?["detail"] as? String)?.contains("manifest version 1 to 4: 3 keys") == true)
        let token = try KeystoreCLI.ok(["token", "--team", "DEF123GHIJ", "--format", "json"], ks)
        #expect((try KeystoreCLI.json(token) as? [String: Any])?["key_id"] as? String == "NEW456HIJK")
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "PRD0000001", "--env", "production"], ks)
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "SBX0000001", "--env", "development"], ks)
        // The legacy key holds both environments: it is replaced by a production and a sandbox key together.
        let alone = try KeystoreCLI.run(["key", "rotate", "--team", "DEF123GHIJ", "--to", "PRD0000001"], ks)
        #expect(KeystoreCLI.failed(alone, 5, "leaves the sandbox (development) with no active key"), "\(alone.stderr)")
        try KeystoreCLI.ok(["key", "rotate", "--team", "DEF123GHIJ", "--to", "PRD0000001", "--to", "SBX0000001"], ks)
        #expect(try KeystoreCLI.states(ks)["PRD0000001"] == "active" && KeystoreCLI.states(ks)["NEW456HIJK"] == "retired")
        // The production-only active key signs for production; without --env it is a usage error naming the choice.
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["token", "--team", "DEF123GHIJ"], ks), 2, "production-only"))
        let after = try KeystoreCLI.json(try KeystoreCLI.ok(["token", "--team", "DEF123GHIJ", "--env", "production",
                                                             "--format", "json"], ks))
        #expect((after as? [String: Any])?["key_id"] as? String == "PRD0000001")
        let sandbox = try KeystoreCLI.json(try KeystoreCLI.ok(["token", "--team", "DEF123GHIJ", "--env", "development",
                                                               "--format", "json"], ks))
        #expect((sandbox as? [String: Any])?["key_id"] as? String == "SBX0000001")
        #expect(try audited(ks, "keystore.migrate").count == 1)
    }

    /// Killed just before or just after the migration's manifest write: the keystore loads either way, the
    /// audit log is truthful, and the next command finishes the migration.
    @Test(arguments: ["before-manifest", "after-manifest"])
    func aMigrationKilledMidwayIsFinishedByTheNextCommand(point: String) throws {
        let ks = try LegacyKeystoreFixture.copy()
        let crashed = try KeystoreCLI.run(["key", "list"], ks,
                                          environment: ["APNSCTL_DEBUG_CRASH_AT": "keystore.migrate:\(point)"])
        #expect(crashed.status == 9, "not reached: \(crashed.stderr)")
        #expect(try version(ks) == (point == "after-manifest" ? 4 : 1))
        #expect(try KeystoreCLI.states(ks).count == 3)
        #expect(try version(ks) == 4)
        let outcomes = try audited(ks, "keystore.migrate").compactMap { $0["outcome"] as? String }
        #expect(outcomes == (point == "after-manifest" ? ["ok"] : ["failed", "ok"]), "\(outcomes)")
    }
}
