import APNsCore
import APNsKeystore
import APNsModel
import Foundation
import Testing

/// Recording a discovered scope (`Keystore.recordDiscoveredScope`): one audited change, nothing written when the
/// scope is unchanged, revoked keys refused; and the one-active-key-per-slot rule (``ActiveKeyRule``).
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
        let manifest = store.layout!.manifest
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
        let before = try #require(fileBytes(store.layout!.manifest))
        #expect {
            try store.recordDiscoveredScope("DISC000002", try scope([.production]))
        } throws: { error in
            (error as? APNsError)?.matches(.keystore, "key DISC000002 is revoked") == true
        }
        #expect(fileBytes(store.layout!.manifest) == before)
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
            return error.matches(.keystore, "scope changed while it was probed") && error.remedy as? KeystoreRemedy == .discoverAgain("DISC000001")
        }
        #expect(try store.key("DISC000001").scope.environments == [.production])
    }

    @Test func stagedAndRetiredKeysMayBeRecorded() async throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: Self.team, keyID: "DISC000001")
        _ = try store.generateKey(team: Self.team, keyID: "DISC000002")
        #expect(try store.recordDiscoveredScope("DISC000002", try scope([.development])).changed, "a staged key")
        // The sandbox-only key takes the sandbox slot of the legacy key, which leaves production uncovered.
        _ = try await store.rotate(team: Self.team, to: "DISC000002", allowGap: true)
        #expect(try store.key("DISC000001").state == .retired)
        #expect(try store.recordDiscoveredScope("DISC000001", try scope([.production])).changed, "a retired key")
    }

    // MARK: active slots

    /// A discovered scope that would put an active key into a slot another active key holds is refused (exit 5,
    /// audited) and nothing is written: the sandbox key cannot be recorded as covering production too.
    @Test func aDiscoveredScopeThatWouldShareASlotIsRefused() throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: Self.team, keyID: "PROD000001", scope: try scope([.production]))
        _ = try store.generateKey(team: Self.team, keyID: "SBOX000001", scope: try scope([.development]))
        #expect(try store.key("SBOX000001").state == .active)
        let before = fileBytes(store.layout!.manifest)
        #expect { try store.recordDiscoveredScope("SBOX000001", try scope([.development, .production])) } throws: {
            let error = $0 as? APNsError
            return error?.status == .keystore
                && error?.message.contains("would be active in team \(Self.team), production, where key PROD000001") == true
        }
        #expect(fileBytes(store.layout!.manifest) == before)
        #expect(try store.auditEntries().last?.outcome == .refused)
        // A staged key may learn any scope: it holds no slot until a rotation.
        _ = try store.generateKey(team: Self.team, keyID: "SBOX000002", scope: try scope([.development]))
        #expect(try store.recordDiscoveredScope("SBOX000002", try scope([.development, .production])).changed)
    }
}
