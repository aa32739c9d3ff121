import APNsModel
import APNsCore
import APNsKeystore
import APNsOperations
import Foundation
import Testing
import TestSupport

/// `KeyImporting` and `KeyActivation` in process: a .p8 fixture imported from a file and from an environment
/// variable, stored plain or encrypted, and the rotation that would make a staged key active.
@Suite struct KeyImportingTests {
    static let team = "IMPTEAM001"
    static let fixture = TestPaths.fixtures.appendingPathComponent("keys/AuthKey_ABC123DEFG.p8").path

    static func store() throws -> Keystore {
        try Keystore.create(at: TestPaths.temporaryDirectory("import").appendingPathComponent("ks").path)
    }

    @Test func aFileWithoutAScopeIsRecordedAsLegacy() throws {
        let store = try Self.store()
        let result = try KeyImporting.run(KeyImporting.Input(source: .file(Self.fixture), team: Self.team,
                                                             keyID: "ABC123DEFG"), store: store)
        #expect(result.recordedAsLegacy && !result.storedDecrypted)
        #expect(result.imported.key.state == .active)
        #expect(!result.imported.key.encrypted)
        let again = try KeyImporting.run(KeyImporting.Input(source: .file(Self.fixture), team: Self.team,
                                                            keyID: "ABC123DEFG"), store: store)
        #expect(again.imported.alreadyPresent && !again.recordedAsLegacy)
    }

    @Test func anEncryptedStoreNeedsAPassphrase() throws {
        let store = try Self.store()
        #expect(throws: KeyImportError.emptyPassphrase(keyID: "ABC123DEFG")) {
            try KeyImporting.run(KeyImporting.Input(source: .file(Self.fixture), team: Self.team, keyID: "ABC123DEFG",
                                                    storePassphrase: { "" }), store: store)
        }
        #expect(try store.keys().isEmpty)
        let stored = try KeyImporting.run(KeyImporting.Input(
            source: .file(Self.fixture), team: Self.team, keyID: "ABC123DEFG",
            scope: try KeyScope(environments: [.production], restriction: .team, source: .declared),
            storePassphrase: { "correct horse" }), store: store)
        #expect(stored.imported.key.encrypted && !stored.recordedAsLegacy)
    }

    @Test func anUnsetEnvironmentVariableIsRefused() throws {
        let store = try Self.store()
        #expect(throws: APNsError.self) {
            try KeyImporting.run(KeyImporting.Input(source: .environment("APNSCTL_TEST_NO_SUCH_VARIABLE_\(UInt32.random(in: 0...UInt32.max))"),
                                                    team: Self.team, keyID: "ABC123DEFG"), store: store)
        }
    }

    @Test func aStagedKeyIsActivatedAloneOrWithAGap() throws {
        let store = try Self.store()
        _ = try store.generateKey(team: Self.team, keyID: "ACTIVE0001")
        let sandbox = try store.generateKey(team: Self.team, keyID: "SANDBOX001", scope: try KeyScope(
            environments: [.development], restriction: .team, source: .declared)).key
        let gap = try #require(try KeyActivation.next(for: sandbox, store: store))
        #expect(gap.allowGap && gap.keyIDs == ["SANDBOX001"] && gap.retire == ["ACTIVE0001"])
        #expect(gap.uncovered.map(\.description) == ["\(Self.team)/production"])
        _ = try store.generateKey(team: Self.team, keyID: "PRODKEY001", scope: try KeyScope(
            environments: [.production], restriction: .team, source: .declared))
        let both = try #require(try KeyActivation.next(for: sandbox, store: store))
        #expect(!both.allowGap && both.keyIDs == ["SANDBOX001", "PRODKEY001"])
    }
}
