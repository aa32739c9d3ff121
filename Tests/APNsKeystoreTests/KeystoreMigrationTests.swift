import APNsCore
import APNsKeystore
import APNsModel
import APNsTokens
import Foundation
import Testing
import TestSupport

/// A keystore written before keys recorded their scope (Tests/Fixtures/keystore-v1) loads, is rewritten as the
/// current version under the lock, audited once, and keeps working.
@Suite struct KeystoreMigrationTests {
    func manifestJSON(_ store: Keystore) throws -> [String: Any] {
        let bytes = try SecureFile.read(store.layout!.manifest)
        return try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
    }

    @Test func aVersion1KeystoreMigratesOnceAndKeepsItsKeys() throws {
        let path = try LegacyKeystoreFixture.copy()
        let before = try Data(contentsOf: URL(fileURLWithPath: path + "/keystore.json"))
        #expect(String(decoding: before, as: UTF8.self).contains("\"version\" : 1"))
        let store = try Keystore.open(at: path)
        let json = try manifestJSON(store)
        #expect(json["version"] as? Int == Manifest.currentVersion)
        let keys = json["keys"] as? [[String: Any]] ?? []
        #expect(keys.count == 3)
        for key in keys {
            let scope = key["scope"] as? [String: Any]
            #expect(scope?["source"] as? String == "legacy")
            #expect(scope?["environments"] as? [String] == ["development", "production"])
            #expect(scope?["restriction"] as? String == "team")
            #expect(scope?["topics"] is NSNull)
        }
        let manifest = try store.manifest()
        #expect(manifest.keys.map(\.keyID) == ["ABC123DEFG", "NEW456HIJK", "GEN0000001"])
        #expect(manifest.keys.map(\.state) == [.retired, .active, .active])
        #expect(manifest.keys.allSatisfy { $0.scope == .legacy })
        #expect(fileMode(store.layout!.manifest) == 0o600)
        let migrations = try store.auditEntries().filter { $0.action == "keystore.migrate" }
        #expect(migrations.map(\.outcome) == [.ok])
        #expect(migrations.last?.detail.contains("manifest version 1 to \(Manifest.currentVersion): 3 keys") == true)
        // Opening again changes nothing and audits nothing.
        let migrated = try Data(contentsOf: URL(fileURLWithPath: store.layout!.manifest))
        #expect(try Keystore.open(at: path).migrateIfNeeded() == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.layout!.manifest)) == migrated)
        #expect(try store.auditEntries().filter { $0.action == "keystore.migrate" }.count == 1)
    }

    @Test func aMigratedKeystoreSignsRotatesAndRecordsNewScopes() async throws {
        let store = try Keystore.open(at: try LegacyKeystoreFixture.copy())
        let token = try store.token(team: "DEF123GHIJ").token
        #expect(token.keyID == "NEW456HIJK")
        #expect(try store.token(team: "OTHER12345").token.keyID == "GEN0000001")
        let sandbox = try KeyScope(environments: [.development], restriction: .team, source: .declared)
        let production = try KeyScope(environments: [.production], restriction: .team, source: .declared)
        #expect(try store.generateKey(team: "DEF123GHIJ", keyID: "SBX0000001", scope: sandbox).key.state == .staged)
        #expect(try store.generateKey(team: "DEF123GHIJ", keyID: "PRD0000001", scope: production).key.state == .staged)
        // The legacy key covers both environments: replacing it with the sandbox key alone would leave production
        // without a key.
        await #expect { _ = try await store.rotate(team: "DEF123GHIJ", to: "SBX0000001") } throws: {
            ($0 as? APNsError)?.matches(.keystore, "retires NEW456HIJK", "production", "no active key") == true
        }
        let rotation = try await store.rotate(team: "DEF123GHIJ", to: ["SBX0000001", "PRD0000001"])
        #expect(rotation.activeKeyIDs == ["SBX0000001", "PRD0000001"] && rotation.retiredKeyIDs == ["NEW456HIJK"])
        #expect(rotation.slots.map(\.description) == ["DEF123GHIJ/development", "DEF123GHIJ/production"])
        let reopened = try Keystore.open(at: store.path)
        #expect(try reopened.key("SBX0000001").scope == sandbox)
        #expect(try reopened.key("NEW456HIJK").scope == .legacy && reopened.key("NEW456HIJK").state == .retired)
        // Each environment's key signs for it, and only when asked for it.
        #expect(try reopened.token(team: "DEF123GHIJ", environment: .development).token.keyID == "SBX0000001")
        #expect(try reopened.token(team: "DEF123GHIJ", environment: .production).token.keyID == "PRD0000001")
        #expect { _ = try reopened.token(team: "DEF123GHIJ") } throws: { ($0 as? APNsError)?.status == .usage }
    }

    @Test func aVersion2ManifestWithAPendingRequestMigratesToo() throws {
        let store = try makeKeystore()
        let old = #"{"format":"apnsctl-keystore","version":2,"keys":[],"certificates":[],"pending_requests":[]}"#
        try SecureFile.write(Array(old.utf8), to: store.layout!.manifest, overwrite: true)
        #expect(try store.migrateIfNeeded() == 2)
        #expect(try manifestJSON(store)["version"] as? Int == Manifest.currentVersion)
    }

    @Test func aManifestWithAnUnsoundScopeIsRefusedByName() throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: "DEF123GHIJ", keyID: "GEN0000001")
        var text = String(decoding: try SecureFile.read(store.layout!.manifest), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"restriction\" : \"team\"", with: "\"restriction\" : \"topics\"")
        try SecureFile.write(Array(text.utf8), to: store.layout!.manifest, overwrite: true)
        #expect { try Keystore.open(at: store.path) } throws: {
            ($0 as? APNsError)?.matches(.keystore, "keystore.json", "not a readable keystore manifest") == true
        }
    }

    @Test func importRecordsTheScopeAndAReimportDeclaresALegacyKeysScopeOnce() throws {
        let store = try makeKeystore()
        let material = try Fixture.material("AuthKey_ABC123DEFG.p8")
        let first = try store.addKey(material, team: "DEF123GHIJ", keyID: "ABC123DEFG", origin: .imported)
        #expect(first.key.scope == .legacy)
        let production = try KeyScope(environments: [.production], restriction: .topics(["com.example.app"]),
                                      source: .declared)
        let again = try store.addKey(material, team: "DEF123GHIJ", keyID: "ABC123DEFG", origin: .imported,
                                     scope: production)
        #expect(again.alreadyPresent && again.scopeRecorded && again.key.scope == production)
        #expect(try store.key("ABC123DEFG").scope == production)
        // The same declaration again changes nothing; a different one is refused; no --env keeps what is there.
        #expect(try !store.addKey(material, team: "DEF123GHIJ", keyID: "ABC123DEFG", origin: .imported,
                                  scope: production).scopeRecorded)
        let sandbox = try KeyScope(environments: [.development], restriction: .team, source: .declared)
        #expect { try store.addKey(material, team: "DEF123GHIJ", keyID: "ABC123DEFG", origin: .imported, scope: sandbox) }
            throws: { ($0 as? APNsError)?.matches(.keystore, "already recorded as production, topics com.example.app") == true }
        #expect(try store.addKey(material, team: "DEF123GHIJ", keyID: "ABC123DEFG", origin: .imported).key.scope == production)
        #expect(try store.status().keys.first?.scope == production)
    }
}
