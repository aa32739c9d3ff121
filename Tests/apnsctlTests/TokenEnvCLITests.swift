import Foundation
import TestSupport
import Testing

/// `token --env/--topic`, `probe --team` and `key rotate --probe` choose a key whose recorded scope covers the
/// environment (docs/keystore.md, "Keys with an environment and topics").
@Suite struct TokenEnvCLITests {
    static let team = "DEF123GHIJ"

    /// A keystore whose active key is ABC123DEFG imported with `--env production` (nil: legacy, no --env).
    func keystore(env: String?) throws -> String {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", Self.team]
                           + (env.map { ["--env", $0] } ?? []), ks)
        return ks
    }

    @Test func tokenEnvSignsWithAKeyThatCoversTheEnvironmentAndSaysItsScope() throws {
        let ks = try keystore(env: "production")
        let json = try KeystoreCLI.json(try KeystoreCLI.ok(["token", "--team", Self.team, "--env", "production",
                                                            "--format", "json"], ks)) as? [String: Any]
        #expect(json?["key_id"] as? String == "ABC123DEFG")
        #expect(json?["environments"] as? [String] == ["production"])
        #expect(json?["topics"] is NSNull)
        let again = try KeystoreCLI.ok(["token", "--team", Self.team, "--env", "production"], ks)
        #expect(again.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == json?["token"] as? String)
    }

    @Test func aProductionOnlyKeyIsRefusedForTheSandboxNamingTheTeamsKeys() throws {
        let ks = try keystore(env: "production")
        // A key for both environments waits staged: production's slot has an active key.
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "SBX0000001", "--env", "both"], ks)
        let refused = try KeystoreCLI.run(["token", "--team", Self.team, "--env", "development"], ks)
        #expect(KeystoreCLI.failed(refused, 5, "key ABC123DEFG (team DEF123GHIJ's active key, production-only) does "
                                   + "not cover the sandbox (development)",
                                   "ABC123DEFG (active; production, team-scoped (declared))",
                                   "SBX0000001 (staged; development+production, team-scoped (declared))"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("apnsctl: hint: ") && refused.stdout.isEmpty)
        // Named with --key-id, the staged sandbox key signs for the sandbox.
        let named = try KeystoreCLI.json(try KeystoreCLI.ok(["token", "--team", Self.team, "--env", "development",
                                                             "--key-id", "SBX0000001", "--format", "json"], ks))
        #expect((named as? [String: Any])?["key_id"] as? String == "SBX0000001")
        // A sandbox-only key finds the sandbox's slot free: active at once, it signs the sandbox's tokens.
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "SBX0000002", "--env", "development"], ks)
        let sandbox = try KeystoreCLI.json(try KeystoreCLI.ok(["token", "--team", Self.team, "--env", "development",
                                                               "--format", "json"], ks))
        #expect((sandbox as? [String: Any])?["key_id"] as? String == "SBX0000002")
    }

    @Test func withoutEnvAProductionOnlyKeyIsAUsageErrorNamingTheChoice() throws {
        let ks = try keystore(env: "production")
        let result = try KeystoreCLI.run(["token", "--team", Self.team], ks)
        #expect(KeystoreCLI.failed(result, 2, "ABC123DEFG is production-only", "say which environment"), "\(result.stderr)")
        #expect(result.stderr.contains("apnsctl: hint: pass --env production;"))
        // A topic-specific key refuses a topic it does not list.
        try KeystoreCLI.ok(["key", "generate", "--team", "TOPICS0001", "--key-id", "TOPC000001", "--env", "production",
                            "--topics", "com.example.app"], ks)
        let topic = try KeystoreCLI.run(["token", "--team", "TOPICS0001", "--env", "production", "--topic",
                                         "com.example.other"], ks)
        #expect(KeystoreCLI.failed(topic, 5, "production and topic com.example.other"), "\(topic.stderr)")
        try KeystoreCLI.ok(["token", "--team", "TOPICS0001", "--env", "production", "--topic", "com.example.app"], ks)
        let badTopic = try KeystoreCLI.run(["token", "--team", "TOPICS0001", "--env", "production", "--topic", "a b"], ks)
        #expect(KeystoreCLI.failed(badTopic, 2, "--topic \"a b\""))
    }

    @Test func aLegacyKeystoreSignsAsBeforeWithOrWithoutEnv() throws {
        let ks = try keystore(env: nil)
        let plain = try KeystoreCLI.json(try KeystoreCLI.ok(["token", "--team", Self.team, "--format", "json"], ks))
            as? [String: Any]
        #expect(plain?["environments"] as? [String] == ["development", "production"])
        for env in ["development", "production"] {
            let scoped = try KeystoreCLI.json(try KeystoreCLI.ok(["token", "--team", Self.team, "--env", env,
                                                                  "--format", "json"], ks)) as? [String: Any]
            #expect(scoped?["token"] as? String == plain?["token"] as? String)
            #expect(scoped?["reused"] as? Bool == true)
        }
    }

    /// The probe's half (a production-only key refused for an unknown or the sandbox environment before anything
    /// is sent) is tested in process: APNsOperationsTests' ProbeCredentialResolutionTests.
    @Test func rotateChecksTheKeysEnvironmentBeforeSendingAnything() throws {
        let ks = try keystore(env: "production")
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "PRD0000002", "--env", "production"], ks)
        let rotate = try KeystoreCLI.run(["key", "rotate", "--team", Self.team, "--to", "PRD0000002", "--probe",
                                          "--host", "127.0.0.1", "--port", "9", "--env", "development",
                                          "--topic", "com.example.app"], ks)
        #expect(KeystoreCLI.failed(rotate, 5, "key PRD0000002 (staged, production-only) does not cover the sandbox"),
                "\(rotate.stderr)")
        #expect(try KeystoreCLI.states(ks) == ["ABC123DEFG": "active", "PRD0000002": "staged"])
    }
}
