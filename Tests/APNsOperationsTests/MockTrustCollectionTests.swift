import APNsModel
import APNsCore
import APNsKeystore
@testable import APNsOperations
import Foundation
import TestSupport
import Testing

/// The keys `mock serve` hands the mock: the keystore's, with their recorded scopes, and declared ones.
@Suite struct MockTrustCollectionTests {
    static let publicKey = TestPaths.repositoryRoot.appendingPathComponent("Tests/Fixtures/keys/AuthKey_ABC123DEFG.pub.pem").path

    @Test func aNamedKeystoresKeysWithTheirScopes() throws {
        let scope = try KeyScope(environments: [.production], restriction: .topics(["com.example.app"]),
                                 source: .declared)
        let store = try Scratch.keystore(scope: scope)
        let trust = try MockTrustCollection.collect(MockTrustRequest(
            location: KeystoreLocation(path: store.path, source: .flag), open: { store }))
        #expect(trust.keys.map(\.keyID) == ["KEYOPS0001"])
        #expect(trust.keys.first?.teamID == Scratch.team)
        #expect(trust.scopes == ["KEYOPS0001": scope])
        #expect(trust.skipped == nil)
    }

    @Test func aDefaultLocationWithoutAKeystoreIsNotOpened() throws {
        let path = TestPaths.temporaryDirectory("operations-default").path
        let trust = try MockTrustCollection.collect(MockTrustRequest(
            location: KeystoreLocation(path: path, source: .currentDirectory),
            open: { throw APNsError.keystore("must not open") }))
        #expect(trust.keys.isEmpty && trust.scopes.isEmpty && trust.skipped == nil)
    }

    @Test func anUnreadableDefaultKeystoreIsSkippedAndANamedOneIsAnError() throws {
        let store = try Scratch.keystore()
        let refuse: () throws -> Keystore = { throw APNsError.keystore("locked by another user") }
        let skipped = try MockTrustCollection.collect(MockTrustRequest(
            location: KeystoreLocation(path: store.path, source: .currentDirectory), open: refuse))
        #expect(skipped.keys.isEmpty)
        #expect(skipped.skipped?.path == store.path && skipped.skipped?.reason == "locked by another user")
        #expect(throws: APNsError.self) {
            try MockTrustCollection.collect(MockTrustRequest(
                location: KeystoreLocation(path: store.path, source: .flag), open: refuse))
        }
    }

    @Test func declaredKeysFollowTheKeystores() throws {
        let store = try Scratch.keystore()
        let declared = MockTrustRequest.DeclaredKey(keyID: "ABC123DEFG", path: Self.publicKey, scope: .legacy)
        let trust = try MockTrustCollection.collect(MockTrustRequest(
            location: KeystoreLocation(path: store.path, source: .flag), declared: [declared], teamID: "TEAM000001",
            open: { store }))
        #expect(trust.keys.map(\.keyID) == ["KEYOPS0001", "ABC123DEFG"])
        #expect(trust.keys.last?.teamID == "TEAM000001")
        #expect(trust.scopes["ABC123DEFG"] == .legacy)
    }

    @Test func aDeclaredKeyThatIsNotAKeyNamesItsFile() throws {
        let path = try Scratch.file("not-a-key.pem", "hello")
        let declared = MockTrustRequest.DeclaredKey(keyID: "ABC123DEFG", path: path, scope: .legacy)
        do {
            _ = try MockTrustCollection.collect(MockTrustRequest(
                location: KeystoreLocation(path: "/nonexistent", source: .currentDirectory), declared: [declared],
                teamID: "TEAM000001", open: { throw APNsError.keystore("must not open") }))
            Issue.record("accepted")
        } catch let error as APNsError {
            #expect(error.message.hasPrefix(path))
        }
    }
}
