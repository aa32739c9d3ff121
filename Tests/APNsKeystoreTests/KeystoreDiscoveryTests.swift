import APNsCore
import APNsKeystore
import Foundation
import Testing

/// Recording a discovered scope (`Keystore.recordDiscoveredScope`): one audited change, nothing written when the
/// scope is unchanged, revoked keys refused; and the active-slot check it makes (``ActiveKeySlots``).
@Suite struct KeystoreDiscoveryTests {
    static let team = "DEF123GHIJ"

    func scope(_ environments: [APNsEnvironment], topics: [String]? = nil,
               source: KeyScope.Source = .discovered) throws -> KeyScope {
        try KeyScope(environments: environments, restriction: topics.map { .topics($0) } ?? .team, source: source)
    }

    @Test func aDiscoveredScopeIsRecordedWithItsSourceAndAudited() throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: Self.team, keyID: "DISC000001")
        // Whatever source the caller gives, what is recorded was discovered.
        let result = try store.recordDiscoveredScope("DISC000001", try scope([.production], source: .declared))
        #expect(result.changed)
        #expect(result.previous == .legacy)
        #expect(result.key.scope == (try scope([.production])))
        let stored = try store.key("DISC000001")
        #expect(stored.scope.source == .discovered)
        #expect(stored.scope.environments == [.production])
        #expect(stored.state == .active, "recording a scope changes nothing else")
        let entries = try store.auditEntries().filter { $0.action == "key.discover" }
        #expect(entries.map(\.outcome) == [.ok])
        #expect(entries.last?.changeID != nil, "a change that wrote keystore.json carries its change id")
        #expect(entries.last?.keyID == "DISC000001")
        #expect(entries.last?.teamID == Self.team)
        #expect(entries.last?.detail.contains("production, team-scoped (discovered)") == true)
        #expect(entries.last?.detail.contains("(legacy: scope unknown)") == true)
    }

    @Test func anUnchangedScopeWritesNothing() throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: Self.team, keyID: "DISC000001")
        try store.recordDiscoveredScope("DISC000001", try scope([.development]))
        let manifest = store.layout.manifest
        let before = try #require(fileBytes(manifest))
        let again = try store.recordDiscoveredScope("DISC000001", try scope([.development]))
        #expect(!again.changed)
        #expect(fileBytes(manifest) == before)
        let last = try #require(try store.auditEntries().last)
        #expect(last.action == "key.discover" && last.outcome == .ok && last.changeID == nil)
        #expect(last.detail.hasPrefix("unchanged"))
    }

    @Test func aRevokedKeyIsRefused() throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: Self.team, keyID: "DISC000001")
        _ = try store.generateKey(team: Self.team, keyID: "DISC000002")
        try store.revoke("DISC000002")
        let before = try #require(fileBytes(store.layout.manifest))
        #expect {
            try store.recordDiscoveredScope("DISC000002", try scope([.production]))
        } throws: { error in
            (error as? APNsError)?.matches(.keystore, "key DISC000002 is revoked") == true
        }
        #expect(fileBytes(store.layout.manifest) == before)
        #expect(try store.auditEntries().last?.outcome == .refused)
        #expect {
            try store.recordDiscoveredScope("NOTHERE001", try scope([.production]))
        } throws: { error in
            (error as? APNsError)?.matches(.keystore, "key NOTHERE001: not in the keystore") == true
        }
    }

    @Test func aRecordChangedWhileTheCanariesWereOutIsRefused() throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: Self.team, keyID: "DISC000001")
        try store.recordDiscoveredScope("DISC000001", try scope([.production]))
        #expect {
            try store.recordDiscoveredScope("DISC000001", try scope([.development]), expected: .legacy)
        } throws: { error in
            guard let error = error as? APNsError else { return false }
            return error.matches(.keystore, "scope changed while it was probed") && error.hint.contains("again")
        }
        #expect(try store.key("DISC000001").scope.environments == [.production])
    }

    @Test func stagedAndRetiredKeysMayBeRecorded() async throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: Self.team, keyID: "DISC000001")
        _ = try store.generateKey(team: Self.team, keyID: "DISC000002")
        #expect(try store.recordDiscoveredScope("DISC000002", try scope([.development])).changed, "a staged key")
        _ = try await store.rotate(team: Self.team, to: "DISC000002")
        #expect(try store.key("DISC000001").state == .retired)
        #expect(try store.recordDiscoveredScope("DISC000001", try scope([.production])).changed, "a retired key")
    }

    // MARK: active slots

    func record(_ id: String, _ state: KeyState, _ scope: KeyScope, team: String = team) throws -> KeyRecord {
        var record = KeySelectionTests.template
        record.keyID = id
        record.teamID = team
        record.state = state
        record.scope = scope
        return record
    }

    @Test func teamScopedActiveKeysOverlapInASharedEnvironment() throws {
        let both = try record("BOTH000001", .active, try scope([.development, .production]))
        let production = try record("PROD000001", .active, try scope([.production]))
        let clash = try #require(ActiveKeySlots.overlap(of: both, among: [both, production]))
        #expect(clash.key.keyID == "PROD000001")
        #expect(clash.slot == "team \(Self.team), production")
        let sandbox = try record("SBOX000001", .active, try scope([.development]))
        #expect(ActiveKeySlots.overlap(of: sandbox, among: [sandbox, production]) == nil)
    }

    @Test func onlyActiveKeysOfTheSameTeamOverlap() throws {
        let mine = try record("MINE000001", .active, try scope([.production]))
        let staged = try record("STAG000001", .staged, try scope([.production]))
        let otherTeam = try record("OTHR000001", .active, try scope([.production]), team: "OTHERTEAM1")
        #expect(ActiveKeySlots.overlap(of: mine, among: [mine, staged, otherTeam]) == nil)
    }

    @Test func topicSpecificKeysOverlapOnlyOnASharedTopic() throws {
        let app = try record("APP0000001", .active, try scope([.production], topics: ["com.example.app", "com.example.b"]))
        let voip = try record("VOIP000001", .active, try scope([.production], topics: ["com.example.app.voip"]))
        let shared = try record("SHRD000001", .active, try scope([.production], topics: ["com.example.b"]))
        let team = try record("TEAM000001", .active, try scope([.production]))
        #expect(ActiveKeySlots.overlap(of: app, among: [app, voip, team]) == nil,
                "a topic-specific key does not clash with the team-scoped key of its environment")
        #expect(ActiveKeySlots.overlap(of: app, among: [app, shared])?.slot
                == "team \(Self.team), production, topic com.example.b")
        let sandbox = try record("SBOX000001", .active, try scope([.development], topics: ["com.example.b"]))
        #expect(ActiveKeySlots.overlap(of: app, among: [app, sandbox]) == nil)
    }
}
