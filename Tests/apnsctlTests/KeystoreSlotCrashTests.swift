import Foundation
import PropertyBased
import Synchronization
import Testing

/// Generated sequences of `key generate` (every kind of scope) / `key rotate` (one or two keys, with and without
/// --allow-gap) / `key revoke` / `key purge`, each step possibly killed (SIGKILL) at one of its injected points:
/// after every step the keystore loads, no slot has two active keys, every key that is not revoked has its file,
/// a committed change is audited exactly once and an uncommitted one never called ok.
@Suite struct KeystoreSlotCrashTests {
    static let team = "DEF123GHIJ"
    static let keys: [(id: String, scope: [String])] = [
        ("LEG0000001", []), ("BTH0000001", ["--env", "both", "--team-scoped"]),
        ("SBX0000001", ["--env", "development"]), ("PRD0000001", ["--env", "production"]),
        ("PRD0000002", ["--env", "production"]),
        ("TPA0000001", ["--env", "production", "--topics", "com.example.a,com.example.b"]),
        ("TPA0000002", ["--env", "production", "--topics", "com.example.a"]),
    ]
    static let points: [String: [String]] = [
        "key.generate": ["before-key-file", "after-key-file", "before-manifest", "after-manifest"],
        "key.rotate": ["before-manifest", "after-manifest"],
        "key.revoke": ["before-manifest", "after-manifest"],
        "key.purge": ["before-shred", "before-manifest", "after-manifest"],
    ]

    /// A step decoded from a generated number: the command, its audit action, and the point it is killed at.
    struct Step: CustomStringConvertible {
        var command: [String]
        var action: String
        var crashAt: String?

        init(_ n: Int) {
            let keys = KeystoreSlotCrashTests.keys
            let key = keys[(n / 5) % keys.count].id
            let other = keys[(n / 37) % keys.count].id
            switch n % 5 {
            case 0, 1:
                let scope = keys[(n / 5) % keys.count].scope
                (command, action) = (["key", "generate", "--team", team, "--key-id", key] + scope, "key.generate")
            case 2:
                let to = key == other ? ["--to", key] : ["--to", key, "--to", other]
                let gap = (n / 300) % 3 == 0 ? ["--allow-gap"] : []
                (command, action) = (["key", "rotate", "--team", team] + to + gap, "key.rotate")
            case 3: (command, action) = (["key", "revoke", key] + ((n / 300) % 4 == 0 ? ["--force"] : []), "key.revoke")
            default: (command, action) = (["key", "purge", key], "key.purge")
            }
            let points = KeystoreSlotCrashTests.points[action] ?? []
            crashAt = (n / 11) % 2 == 0 ? "\(action):\(points[(n / 13) % points.count])" : nil
        }

        var description: String {
            command.joined(separator: " ") + (crashAt.map { " (killed at \($0))" } ?? "")
        }
    }

    static let runs = Mutex((sequences: 0, steps: 0, killed: 0))

    @Test func killedAtInjectedPointsOfGeneratedSequencesTheSlotsStayWhole() async throws {
        await propertyCheck(count: 20, input: Gen.int(in: 0...99_999).array(of: 3...10)) { numbers in
            do {
                try Self.play(numbers.map(Step.init))
            } catch {
                Issue.record("sequence \(numbers.map(Step.init)): \(error)")
            }
        }
        let runs = Self.runs.withLock { $0 }
        print("KeystoreSlotCrashTests: \(runs.sequences) sequences, \(runs.steps) steps, \(runs.killed) killed")
        #expect(runs.sequences >= 20)
    }

    static func play(_ steps: [Step]) throws {
        let ks = try KeystoreCLI.fresh()
        defer { try? FileManager.default.removeItem(atPath: ks) }
        let crash = KeystoreCrashTests()
        let manifest = URL(fileURLWithPath: ks + "/keystore.json")
        var killed = 0
        for (index, step) in steps.enumerated() {
            let context = "step \(index) \(step) of \(steps)"
            let before = try Data(contentsOf: manifest)
            let auditedBefore = try crash.audited(step.action, ks)
            let environment = step.crashAt.map { ["APNSCTL_DEBUG_CRASH_AT": $0] } ?? [:]
            let result = try KeystoreCLI.run(step.command, ks, environment: environment)
            let committed = try Data(contentsOf: manifest) != before
            if result.status == 9 {
                killed += 1
                #expect(committed == (step.crashAt?.hasSuffix(":after-manifest") == true), "\(context)")
            } else {
                #expect([0, 2, 5].contains(result.status), "\(context): exit \(result.status): \(result.stderr)")
                if result.status != 0 { #expect(!committed, "\(context): a refused step changed the manifest") }
            }
            #expect(try crash.audited(step.action, ks) == auditedBefore + (committed ? 1 : 0),
                    "\(context): committed=\(committed) but the audit log says otherwise")
            let list = try KeystoreCLI.run(["key", "list", "--format", "json"], ks)
            #expect(list.status == 0, "\(context): the keystore does not load: \(list.stderr)")
            let keys = try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]] ?? []
            for (slot, holders) in KeystoreCrashTests.activeSlots(keys) {
                #expect(holders.count == 1, "\(context): slot \(slot) has active keys \(holders)")
            }
            for key in keys where key["state"] as? String != "revoked" {
                let id = key["key_id"] as? String ?? "?"
                #expect(FileManager.default.fileExists(atPath: "\(ks)/keys/\(id).p8"), "\(context): \(id) has no key file")
            }
        }
        runs.withLock { $0.sequences += 1; $0.steps += steps.count; $0.killed += killed }
    }
}
