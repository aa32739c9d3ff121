import APNsCore
import APNsKeystore
import APNsModel
import Foundation
import Testing

/// Tombstones (issue 29 §1), the related-key rule, the rotation a staged key needs, and audit lines naming several
/// keys, in the library.
@Suite struct KeyRevocationTests {
    @Test func aTombstoneOutlivesThePurgeAndRefusesTheIDAndTheMaterial() throws {
        let clock = FakeClock()
        let store = try makeKeystore(clock: clock)
        let material = try Fixture.material("AuthKey_ABC123DEFG.p8")
        _ = try store.addKey(material, team: "DEF123GHIJ", keyID: "ABC123DEFG", origin: .imported)
        try store.revoke("ABC123DEFG", force: true)
        try store.purge("ABC123DEFG")
        let manifest = try store.manifest()
        #expect(manifest.keys.isEmpty)
        let tombstone = try #require(manifest.revokedKeys.first)
        #expect(tombstone.keyID == "ABC123DEFG" && tombstone.publicKeySHA256 == material.fingerprint)
        #expect(tombstone.revokedAt == clock.now() && tombstone.revokedBy == AuditEntry.currentActor)
        for id in ["ABC123DEFG", "OTHER00001"] {
            #expect(throws: APNsError.self) {
                _ = try store.addKey(material, team: "DEF123GHIJ", keyID: id, origin: .imported)
            }
        }
        do {
            _ = try store.addKey(material, team: "DEF123GHIJ", keyID: "OTHER00001", origin: .imported)
        } catch let error as APNsError {
            #expect(error.matches(.keystore, "revoked key ABC123DEFG", "revoked on \(tombstone.revokedOn)"))
        }
        #expect(try store.manifest().keys.isEmpty)
    }

    @Test func aVersion3ManifestReadsAndItsRevokedKeysGetTombstonesWhenMigrated() throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: "DEF123GHIJ", keyID: "GEN0000001")
        try store.revoke("GEN0000001", force: true)
        // As an apnsctl before version 4 wrote it: no revoked_keys.
        let path = store.layout!.manifest
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                                    as? [String: Any])
        json["version"] = 3
        json.removeValue(forKey: "revoked_keys")
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        let older = try Manifest.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
        #expect(older.revokedKeys.isEmpty && older.needsMigration)
        let reopened = try Keystore.open(at: store.path)
        let migrated = try reopened.manifest()
        #expect(migrated.version == Manifest.currentVersion)
        #expect(migrated.revokedKeys.map(\.keyID) == ["GEN0000001"] && migrated.revokedKeys.first?.revokedBy == nil)
        #expect(try reopened.auditEntries().last?.detail.contains("tombstones kept for revoked GEN0000001") == true)
    }

    @Test func aManifestWithARevokedKeyActiveAgainIsRefused() throws {
        var manifest = Manifest()
        manifest.keys = [try KeyRecords.make("GEN0000001", .active, [.production])]
        manifest.revokedKeys = [RevokedKey(keyID: "GEN0000001", teamID: "DEF123GHIJ", publicKeySHA256: "00",
                                           revokedAt: Date(timeIntervalSince1970: 0), revokedBy: nil)]
        #expect(manifest.problems.contains { $0.contains("was revoked on 1970-01-01") })
    }

    @Test func theRelatedKeyRule() throws {
        let team = try KeyScope(environments: [.development], restriction: .team, source: .declared)
        let topical = try KeyScope(environments: [.development], restriction: .topics(["com.example.app"]),
                                   source: .declared)
        let production = try KeyScope(environments: [.production], restriction: .topics(["com.example.app"]),
                                      source: .declared)
        #expect(KeyRelation.problem(relatedKeyID: "TEAMKEY001", relatedScope: team, of: topical)?
            .contains("is team-scoped") == true)
        #expect(KeyRelation.problem(relatedKeyID: "PRODKEY001", relatedScope: production, of: topical) != nil)
        #expect(KeyRelation.problem(relatedKeyID: "TOPICKEY02", relatedScope: topical, of: topical) == nil)
        #expect(KeyRelation.connectionProblem(keyID: "TEAMKEY001", scope: team, boundKeyID: "TEAMKEY002",
                                              boundScope: team) == nil)
        #expect(KeyRelation.connectionProblem(keyID: "TEAMKEY001", scope: team, boundKeyID: "TOPICKEY01",
                                              boundScope: topical) != nil)
    }

    @Test func theRotationAStagedKeyNeedsCoversWhatItWouldLeave() throws {
        let keys = [try KeyRecords.make("BOTH000001", .active, [.development, .production]),
                    try KeyRecords.make("SBX0000001", .staged, [.development]),
                    try KeyRecords.make("PRD0000001", .staged, [.production])]
        #expect(ActiveKeyRule.rotationCovering("SBX0000001", team: "DEF123GHIJ", keys: keys)
                    == ["SBX0000001", "PRD0000001"])
        #expect(ActiveKeyRule.rotationCovering("SBX0000001", team: "DEF123GHIJ", keys: Array(keys.prefix(2))) == nil)
        #expect(ActiveKeyRule.rotationCovering("BOTH000001", team: "DEF123GHIJ", keys: keys) == nil, "already active")
    }

    @Test func anAuditLineNamesEveryKeyAndOlderCommaJoinedLinesReadTheSame() throws {
        let older = #"{"action":"key.rotate","actor":"a@b","detail":"","key_id":"SBX0000001,PRD0000001","outcome":"ok","time":"2026-01-01T00:00:00Z"}"#
        let entry = try KeystoreCoding.decodeAuditEntry(Array(older.utf8))
        #expect(entry.keyIDs == ["SBX0000001", "PRD0000001"] && entry.keyID == nil)
        let written = String(decoding: try KeystoreCoding.encode(entry), as: UTF8.self)
        #expect(written.contains(#""key_ids":["SBX0000001","PRD0000001"]"#) && !written.contains("\"key_id\""))
        let one = AuditEntry(time: Date(), action: "key.import", teamID: nil, keyID: "ABC123DEFG", outcome: .ok, detail: "")
        #expect(one.keyID == "ABC123DEFG" && one.keyIDs == ["ABC123DEFG"])
    }
}
