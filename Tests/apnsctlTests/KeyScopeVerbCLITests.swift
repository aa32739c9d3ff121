import Foundation
import Testing
import TestSupport

/// Issue 29 §2: related keys as Apple allows them, printed next steps that work as printed, `key scope` to correct a
/// declared scope, and the first token of a second environment's key.
@Suite struct KeyScopeVerbCLITests {
    static let team = "DEF123GHIJ"
    static let fixture = KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")

    /// The command after "make it active with: " in `output`, as arguments (without `apnsctl`); nil when none.
    static func printedRotation(_ output: String) -> [String]? {
        guard let line = output.split(separator: "\n").first(where: { $0.contains("make it active with: apnsctl ") })
        else { return nil }
        let command = line.components(separatedBy: "make it active with: apnsctl ")[1]
        return command.split(separator: " ").map(String.init)
    }

    @Test func aTeamScopedRelatedKeyIsRefusedAtImportWithApplesRule() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", Self.fixture, "--team", Self.team, "--env", "both"], ks)
        let refused = try KeystoreCLI.run(["key", "generate", "--team", Self.team, "--key-id", "PRD789TOPC", "--env",
                                           "production", "--topics", "com.example.app", "--related-key", "ABC123DEFG"], ks)
        #expect(KeystoreCLI.failed(refused, 5, "ABC123DEFG is team-scoped",
                                   "a related key is another topic-specific key of the same team and environment"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("apnsctl: hint: "))
        #expect(try KeystoreCLI.states(ks) == ["ABC123DEFG": "active"])
        // Another environment's topic-specific key cannot be related either; one of the same environment can,
        // and so can a key not yet in the keystore (checked when it arrives).
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "SBX000TOPC", "--env", "development",
                            "--topics", "com.example.app"], ks)
        let otherEnvironment = try KeystoreCLI.run([
            "key", "generate", "--team", Self.team, "--key-id", "PRD789TOPC", "--env", "production", "--topics",
            "com.example.app", "--related-key", "SBX000TOPC"], ks)
        #expect(KeystoreCLI.failed(otherEnvironment, 5, "SBX000TOPC is a development key"), "\(otherEnvironment.stderr)")
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "PRD000TOPC", "--env", "production",
                            "--topics", "com.example.app.clip", "--related-key", "PRD789TOPC"], ks)
        let arriving = try KeystoreCLI.run(["key", "generate", "--team", Self.team, "--key-id", "PRD789TOPC", "--env",
                                            "both"], ks)
        #expect(KeystoreCLI.failed(arriving, 5, "PRD000TOPC names PRD789TOPC as its related key"), "\(arriving.stderr)")
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "PRD789TOPC", "--env", "production",
                            "--topics", "com.example.app"], ks)
    }

    @Test func theRotationImportPrintsRunsAsPrinted() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", Self.fixture, "--team", Self.team, "--env", "both"], ks)
        // A sandbox key alone cannot take over: the printed rotation says --allow-gap (and what it leaves).
        let sandbox = try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_NEW456HIJK.p8"), "--team",
                                          Self.team, "--env", "development"], ks)
        let alone = try #require(Self.printedRotation(sandbox.stdout), "\(sandbox.stdout)")
        #expect(alone.contains("--allow-gap"), "\(alone)")
        // With a production key staged too, the printed rotation names both.
        let production = try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "PRD0000001", "--env",
                                             "production"], ks)
        let both = try #require(Self.printedRotation(production.stdout), "\(production.stdout)")
        #expect(both == ["key", "rotate", "--team", Self.team, "--to-key", "PRD0000001", "--to-key", "NEW456HIJK"], "\(both)")
        try KeystoreCLI.ok(both, ks)
        #expect(try KeystoreCLI.states(ks) == ["ABC123DEFG": "retired", "NEW456HIJK": "active", "PRD0000001": "active"])
        // The --allow-gap one works as printed too.
        let gap = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", Self.fixture, "--team", Self.team, "--env", "both"], gap)
        let printed = try #require(Self.printedRotation(try KeystoreCLI.ok([
            "key", "generate", "--team", Self.team, "--key-id", "SBX0000001", "--env", "development"], gap).stdout))
        try KeystoreCLI.ok(printed, gap)
        #expect(try KeystoreCLI.states(gap)["SBX0000001"] == "active")
    }

    @Test func keyScopeChangesADeclaredScopeAuditedAndCheckedAgainstTheSlotRule() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", Self.fixture, "--team", Self.team, "--env", "both"], ks)
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "SBX0000001", "--env", "development"], ks)
        let narrowed = try KeystoreCLI.ok(["key", "scope", "ABC123DEFG", "--env", "production", "--format", "json"], ks)
        let object = try #require(try KeystoreCLI.json(narrowed) as? [String: Any])
        #expect(object["environments"] as? [String] == ["production"] && object["scope_source"] as? String == "declared")
        #expect((object["previous_scope"] as? [String: Any])?["environments"] as? [String] == ["development", "production"])
        #expect(object["changed"] as? Bool == true)
        try KeystoreCLI.ok(["key", "rotate", "--team", Self.team, "--to", "SBX0000001"], ks)
        // Both keys active: widening the sandbox key to both environments would put two keys in production's slot.
        let clash = try KeystoreCLI.run(["key", "scope", "SBX0000001", "--env", "both"], ks)
        #expect(KeystoreCLI.failed(clash, 5, "production", "ABC123DEFG"), "\(clash.stderr)")
        // A related key Apple would not allow is refused the same way as at import.
        let related = try KeystoreCLI.run(["key", "scope", "SBX0000001", "--env", "development", "--topics",
                                           "com.example.app", "--related-key", "ABC123DEFG"], ks)
        #expect(KeystoreCLI.failed(related, 5, "ABC123DEFG is team-scoped"), "\(related.stderr)")
        let text = try KeystoreCLI.ok(["key", "scope", "SBX0000001", "--env", "development", "--topics",
                                       "com.example.app"], ks)
        #expect(text.stdout.contains("development, topics com.example.app (declared)"), "\(text.stdout)")
        let unchanged = try KeystoreCLI.ok(["key", "scope", "SBX0000001", "--env", "development", "--topics",
                                            "com.example.app", "--format", "json"], ks)
        #expect((try KeystoreCLI.json(unchanged) as? [String: Any])?["changed"] as? Bool == false)
        let usage = try KeystoreCLI.run(["key", "scope", "SBX0000001"], ks)
        #expect(usage.status == 2, "\(usage.stderr)")
        let audit = (try KeystoreCLI.json(try KeystoreCLI.ok(["keystore", "audit", "--format", "json"], ks))
                     as? [[String: Any]] ?? []).filter { $0["action"] as? String == "key.scope" }
        #expect(audit.map { $0["outcome"] as? String } == ["ok", "refused", "refused", "ok", "ok"])
        #expect((audit.first?["detail"] as? String)?.contains("production, team-scoped (declared)") == true)
    }

    @Test func theFirstTokenOfASecondEnvironmentsKeyIsNoCachedToken() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "SBX0000001", "--env", "development"], ks)
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "PRD0000001", "--env", "production"], ks)
        func token(_ environment: String) throws -> [String: Any] {
            try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["token", "--team", Self.team, "--env", environment,
                                                                  "--format", "json"], ks)) as? [String: Any])
        }
        let sandbox = try token("development")
        #expect(sandbox["key_id"] as? String == "SBX0000001" && sandbox["refresh_reason"] as? String == "no_cached_token")
        let production = try token("production")
        #expect(production["key_id"] as? String == "PRD0000001")
        #expect(production["refresh_reason"] as? String == "no_cached_token", "\(production)")
        #expect(try token("development")["reused"] as? Bool == true)
        #expect(try token("production")["reused"] as? Bool == true)
    }
}

/// `key scope` on a keystore kept in etcd.
@Suite(.serialized) struct FleetKeyScopeCLITests: FleetCLI {
    @Test func keyScopeWorksOnEtcd() throws {
        try withFleet { _, url, environment in
            #expect(try run(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000001"], url, environment)
                .status == 0)
            let changed = try run(["key", "scope", "GEN0000001", "--env", "production", "--format", "json"], url,
                                  environment)
            #expect(changed.status == 0, "\(changed.stderr)")
            let list = try run(["key", "list", "--format", "json"], url, environment)
            let keys = try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]] ?? []
            #expect(keys.first?["environments"] as? [String] == ["production"])
        }
    }
}
