import Foundation
import Testing
import TestSupport

/// A process killed at any instant leaves a keystore that loads, with every key that existed and exactly one
/// active key per team. Debug builds kill themselves (SIGKILL) at the point named by APNSCTL_DEBUG_CRASH_AT;
/// the random test sends SIGKILL from outside at random moments.
@Suite struct KeystoreCrashTests {
    static let team = "DEF123GHIJ"

    /// A keystore with OLD0000001 active, NEW0000001 staged, REV0000001 revoked.
    func seeded() throws -> String {
        let ks = try KeystoreCLI.fresh()
        for id in ["OLD0000001", "NEW0000001", "REV0000001"] {
            try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", id], ks)
        }
        try KeystoreCLI.ok(["key", "revoke", "REV0000001"], ks)
        try KeystoreCLI.ok(["token"], ks)
        return ks
    }

    /// The invariants, checked through the CLI (a fresh process loading the keystore).
    func checkInvariants(_ ks: String, mustHave: Set<String>, context: String) throws {
        let list = try KeystoreCLI.run(["key", "list", "--format", "json"], ks)
        #expect(list.status == 0, "\(context): keystore does not load: \(list.stderr)")
        let keys = try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]] ?? []
        let ids = Set(keys.compactMap { $0["key_id"] as? String })
        #expect(mustHave.isSubset(of: ids), "\(context): lost \(mustHave.subtracting(ids))")
        for (slot, holders) in Self.activeSlots(keys) {
            #expect(holders.count == 1, "\(context): slot \(slot) has active keys \(holders)")
        }
        for team in Set(keys.compactMap { $0["team_id"] as? String }) {
            #expect(keys.contains { $0["team_id"] as? String == team && $0["state"] as? String == "active" },
                    "\(context): team \(team) has no active key")
        }
        for key in keys where key["state"] as? String != "revoked" {
            let id = key["key_id"] as? String ?? "?"
            #expect(FileManager.default.fileExists(atPath: "\(ks)/keys/\(id).p8"), "\(context): \(id) has no key file")
        }
        #expect(try KeystoreCLI.run(["token"], ks).status == 0, "\(context): cannot issue a token")
        #expect(try KeystoreCLI.run(["keystore", "status"] + KeystoreCertImportTests.ca, ks).status == 0,
                "\(context): status fails")
    }

    /// Each slot (`TEAM/ENV` or `TEAM/ENV/TOPIC`) an active key holds, with the keys holding it, from
    /// `key list --format json` (`environments`, `topics`).
    static func activeSlots(_ keys: [[String: Any]]) -> [String: [String]] {
        var slots = [String: [String]]()
        for key in keys where key["state"] as? String == "active" {
            let team = key["team_id"] as? String ?? "?"
            for environment in key["environments"] as? [String] ?? [] {
                let topics = key["topics"] as? [String]
                for slot in topics.map({ $0.map { "\(team)/\(environment)/\($0)" } }) ?? ["\(team)/\(environment)"] {
                    slots[slot, default: []].append(key["key_id"] as? String ?? "?")
                }
            }
        }
        return slots
    }

    /// How many `action` entries `keystore audit` reports as ok.
    func audited(_ action: String, _ ks: String) throws -> Int {
        let result = try KeystoreCLI.run(["keystore", "audit", "--format", "json"], ks)
        let entries = try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]] ?? []
        return entries.filter { $0["action"] as? String == action && $0["outcome"] as? String == "ok" }.count
    }

    struct Step {
        var command: [String]
        var action: String
        var points: [String]
        var keeps: Set<String>
        /// What a rerun says when the killed run had already committed (after-manifest).
        var alreadyDone: String
    }

    static let all: Set<String> = ["OLD0000001", "NEW0000001", "REV0000001"]
    static let steps: [Step] = [
        Step(command: ["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", team], action: "key.import",
             points: ["before-key-file", "after-key-file", "before-manifest", "after-manifest"], keeps: all,
             alreadyDone: "(import succeeds again)"),
        Step(command: ["key", "generate", "--team", team, "--key-id", "GEN0000009"], action: "key.generate",
             points: ["before-key-file", "after-key-file", "before-manifest", "after-manifest"], keeps: all,
             alreadyDone: "already in the keystore with different key material"),
        Step(command: ["key", "rotate", "--team", team, "--to", "NEW0000001"], action: "key.rotate",
             points: ["before-manifest", "after-manifest"], keeps: all, alreadyDone: "already the active key"),
        Step(command: ["key", "revoke", "NEW0000001"], action: "key.revoke",
             points: ["before-manifest", "after-manifest"], keeps: all, alreadyDone: "already revoked"),
        Step(command: ["key", "purge", "REV0000001"], action: "key.purge",
             points: ["before-shred", "before-manifest", "after-manifest"], keeps: ["OLD0000001", "NEW0000001"],
             alreadyDone: "not in the keystore"),
        Step(command: ["cert", "import", KeystoreCertImportTests.cert("universal-modern.p12"), "--password-file",
                       KeystoreCertImportTests.cert("universal-modern.p12.password")] + KeystoreCertImportTests.ca,
             action: "cert.import",
             points: ["before-files", "before-manifest", "after-manifest"], keeps: all,
             alreadyDone: "(a rerun finds the certificate and succeeds)"),
    ]

    @Test(arguments: steps.indices)
    func killedAtEveryInjectedPointTheKeystoreStaysWhole(step index: Int) throws {
        let step = Self.steps[index]
        for point in step.points {
            let ks = try seeded()
            let manifestBefore = try Data(contentsOf: URL(fileURLWithPath: ks + "/keystore.json"))
            let auditedBefore = try audited(step.action, ks)
            let crashed = try KeystoreCLI.run(step.command, ks,
                                              environment: ["APNSCTL_DEBUG_CRASH_AT": "\(step.action):\(point)"])
            // Killed by SIGKILL: Foundation reports the signal number as the status.
            #expect(crashed.status == 9, "\(step.action):\(point) was not reached (exit \(crashed.status): \(crashed.stderr))")
            // Every committed change has its audit line, and nothing uncommitted is called ok.
            let committed = try Data(contentsOf: URL(fileURLWithPath: ks + "/keystore.json")) != manifestBefore
            #expect(committed == (point == "after-manifest"), "\(step.action):\(point)")
            #expect(try audited(step.action, ks) == auditedBefore + (committed ? 1 : 0),
                    "\(step.action):\(point): committed=\(committed) but the audit log says otherwise")
            try checkInvariants(ks, mustHave: step.keeps, context: "\(step.action):\(point)")
            // The interrupted command can simply be run again.
            let again = try KeystoreCLI.run(step.command, ks)
            let done = point == "after-manifest" && again.status == 5 && again.stderr.contains(step.alreadyDone)
            #expect(again.status == 0 || done, "\(step.action):\(point) rerun: \(again.stderr)")
            try checkInvariants(ks, mustHave: step.keeps, context: "\(step.action):\(point) rerun")
        }
    }

    /// SIGKILL from outside at random moments during a stream of mutating commands.
    @Test func randomKillsNeverBreakTheKeystore() throws {
        let ks = try seeded()
        let seed = TestSeed.make()
        var generator = SeededGenerator(state: seed)
        var known: Set<String> = ["OLD0000001", "NEW0000001"]
        var env = ProcessInfo.processInfo.environment
        env["APNSCTL_KEYSTORE"] = ks
        for round in 0..<30 {
            let id = String(format: "RND%07d", round)
            let commands: [[String]] = [
                ["key", "generate", "--team", Self.team, "--key-id", id],
                ["key", "rotate", "--team", Self.team, "--to", known.sorted()[round % known.count]],
                ["token", "--format", "json"],
            ]
            let command = commands[round % commands.count]
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = command
            process.environment = env
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...40_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let states = try KeystoreCLI.states(ks)
            if command[1] == "generate", states[id] != nil { known.insert(id) }
            try checkInvariants(ks, mustHave: known, context: "round \(round) \(command.joined(separator: " ")), \(TestSeed.description(seed))")
        }
    }
}
