import APNsCore
import APNsKeystore
import APNsModel
import Crypto
import Foundation
import PropertyBased
import Synchronization
import Testing

/// Generated sequences of import / rotate / revoke / purge on a real keystore: after every step the manifest loads,
/// no slot has two active keys, a refused step changes nothing, only `--force` and `--allow-gap` ever leave a
/// covered slot uncovered, every change is audited, and the key the token path picks covers what it signs for.
@Suite struct ActiveKeyPropertyTests {
    static let team = "DEF123GHIJ"
    static let topics = ["com.example.a", "com.example.b", "com.example.c"]

    /// The keys a sequence draws from: every kind of scope, each with its own key material.
    static let pool: [(id: String, scope: KeyScope, material: SigningKeyMaterial)] = {
        func scope(_ environments: [APNsEnvironment], _ topics: [String]? = nil) -> KeyScope {
            guard let scope = try? KeyScope(environments: environments, restriction: topics.map { .topics($0) } ?? .team,
                                            source: .declared) else { preconditionFailure("bad scope") }
            return scope
        }
        let scopes: [(String, KeyScope)] = [
            ("LEG0000001", .legacy), ("LEG0000002", .legacy),
            ("BTH0000001", scope([.development, .production])),
            ("SBX0000001", scope([.development])), ("SBX0000002", scope([.development])),
            ("PRD0000001", scope([.production])), ("PRD0000002", scope([.production])),
            ("TPA0000001", scope([.production], ["com.example.a", "com.example.b"])),
            ("TPA0000002", scope([.production], ["com.example.a"])),
            ("TSB0000001", scope([.development], ["com.example.b", "com.example.c"])),
        ]
        return scopes.map { ($0.0, $0.1, SigningKeyMaterial(P256.Signing.PrivateKey())) }
    }()

    /// Every slot of the team: team-scoped and per topic, in both environments.
    static let universe: [KeySlot] = APNsEnvironment.allCases.flatMap { environment in
        [KeySlot(teamID: team, environment: environment)]
            + topics.map { KeySlot(teamID: team, environment: environment, topic: $0) }
    }

    /// One step, decoded from a generated number so that shrinking shortens and simplifies failing sequences.
    enum Step: CustomStringConvertible {
        case add(Int), rotate([Int], allowGap: Bool), revoke(Int, force: Bool), purge(Int)

        init(_ n: Int) {
            let key = (n / 8) % ActiveKeyPropertyTests.pool.count
            let second = (n / 97) % ActiveKeyPropertyTests.pool.count
            switch n % 8 {
            case 0, 1, 2: self = .add(key)
            case 3: self = .rotate([key], allowGap: false)
            case 4: self = .rotate(key == second ? [key] : [key, second], allowGap: false)
            case 5: self = .rotate([key], allowGap: true)
            case 6: self = .revoke(key, force: (n / 1000) % 3 == 0)
            default: self = .purge(key)
            }
        }

        /// True when the step may leave a covered slot uncovered.
        var mayOpenAGap: Bool {
            switch self {
            case .rotate(_, let allowGap): return allowGap
            case .revoke(_, let force): return force
            default: return false
            }
        }

        var description: String {
            let id = { ActiveKeyPropertyTests.pool[$0].id }
            switch self {
            case .add(let k): return "add \(id(k))"
            case .rotate(let ks, let gap): return "rotate to \(ks.map(id).joined(separator: "+"))\(gap ? " --allow-gap" : "")"
            case .revoke(let k, let force): return "revoke \(id(k))\(force ? " --force" : "")"
            case .purge(let k): return "purge \(id(k))"
            }
        }
    }

    static let runs = Mutex((sequences: 0, steps: 0, refused: 0))

    @Test func theActiveKeyInvariantHoldsAfterEveryStep() async throws {
        await propertyCheck(count: 150, input: Gen.int(in: 0...999_999).array(of: 1...24)) { numbers in
            do {
                try await Self.play(numbers.map(Step.init))
            } catch {
                Issue.record("sequence \(numbers.map(Step.init)): \(error)")
            }
        }
        let runs = Self.runs.withLock { $0 }
        print("ActiveKeyPropertyTests: \(runs.sequences) sequences, \(runs.steps) steps (\(runs.refused) refused)")
        #expect(runs.sequences >= 150)
    }

    static func play(_ steps: [Step]) async throws {
        let store = try makeKeystore()
        var refused = 0
        for (index, step) in steps.enumerated() {
            let context = "step \(index) (\(step)) of \(steps)"
            let before = try store.manifest()
            let bytesBefore = fileBytes(store.layout!.manifest)
            let auditBefore = try store.auditEntries().count
            do {
                try await apply(step, to: store)
            } catch let error as APNsError {
                refused += 1
                #expect(error.status == .keystore || error.status == .usage, "\(context): \(error.message)")
                #expect(fileBytes(store.layout!.manifest) == bytesBefore, "\(context): a refused step changed the manifest")
            }
            let after = try store.manifest()
            #expect(ActiveKeyRule.conflicts(after.keys).isEmpty, "\(context): \(ActiveKeyRule.conflicts(after.keys))")
            if !step.mayOpenAGap {
                for slot in universe where ActiveKeyRule.isCovered(slot, by: before.keys) {
                    #expect(ActiveKeyRule.isCovered(slot, by: after.keys), "\(context): \(slot) lost its key")
                }
            }
            for key in after.keys where key.state != .revoked {
                #expect(FileManager.default.fileExists(atPath: store.layout!.absolute(key.file)), "\(context): \(key.keyID) has no file")
            }
            let audit = try store.auditEntries()
            #expect(audit.count == auditBefore + 1, "\(context): \(audit.count - auditBefore) audit entries")
            if after != before {
                #expect(audit.last?.outcome == .ok, "\(context): a change without an ok audit entry")
            }
            try checkSelection(after, context: context)
        }
        // The real token path agrees with the rule: each covered slot gets a token from a key that covers it.
        let manifest = try store.manifest()
        for slot in universe where ActiveKeyRule.isCovered(slot, by: manifest.keys) {
            let token = try store.token(team: team, environment: slot.environment, topic: slot.topic).token
            let signer = try #require(manifest.key(token.keyID))
            #expect(signer.state == .active && signer.scope.covers(slot.environment)
                    && KeySelection.covers(signer, topic: slot.topic), "token for \(slot) signed by \(signer.keyID)")
        }
        runs.withLock { $0.sequences += 1; $0.steps += steps.count; $0.refused += refused }
    }

    /// The choice for each slot: a topic key holding the slot wins, else the environment's team-scoped key.
    static func checkSelection(_ manifest: Manifest, context: String) throws {
        let active = manifest.activeKeys(team: team)
        for slot in universe where slot.topic != nil && ActiveKeyRule.isCovered(slot, by: manifest.keys) {
            let chosen = try KeySelection.choose(among: active, team: team, teamKeys: manifest.keys,
                                                 environment: slot.environment, topic: slot.topic)
            let holder = active.first { $0.slots.contains(slot) }
            #expect(chosen.keyID == (holder ?? chosen).keyID, "\(context): \(slot) chose \(chosen.keyID)")
            #expect(chosen.scope.covers(slot.environment), "\(context): \(slot) chose \(chosen.keyID)")
        }
    }

    static func apply(_ step: Step, to store: Keystore) async throws {
        switch step {
        case .add(let k):
            let key = pool[k]
            _ = try store.addKey(key.material, team: team, keyID: key.id, origin: .generated, scope: key.scope)
        case .rotate(let ks, let allowGap):
            _ = try await store.rotate(team: team, to: ks.map { pool[$0].id }, allowGap: allowGap)
        case .revoke(let k, let force):
            try store.revoke(pool[k].id, force: force)
        case .purge(let k):
            try store.purge(pool[k].id)
        }
    }
}
