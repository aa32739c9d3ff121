import APNsCore
import APNsKeystore
import APNsModel
import APNsOperations
import APNsTokens
import Foundation
import TestSupport
import Testing

/// The key judge (issue 40 §1): state, tombstone by key id or by the public key's SHA-256, team, scope; and
/// `token inspect`'s use case asking it with a key file.
@Suite struct KeyJudgementTests {
    static let team = "TEAM123456", keyID = "KEY0000001"

    /// A keystore with one generated key, its material written to a file under an unrelated name, a fresh token it
    /// signed, and its fingerprint.
    private func keystore(scope: KeyScope = .legacy) throws -> (Keystore, file: String, ProviderToken, String) {
        let store = try scratchKeystore("key-judgement")
        _ = try store.generateKey(team: Self.team, keyID: Self.keyID, scope: scope)
        let record = try store.key(Self.keyID)
        let file = TestPaths.temporaryDirectory("key-judgement-file").appendingPathComponent("some-name.p8").path
        try SigningKeyMaterial(try store.privateKey(of: record)).pkcs8PEM.write(toFile: file, atomically: true,
                                                                                 encoding: .utf8)
        let environment = scope.environments.count == 1 ? scope.environments.first : nil
        return (store, file, try store.token(team: Self.team, environment: environment).token, record.fingerprint)
    }

    private func ask(_ store: Keystore, keyID: String?, sha: String? = nil, team: String? = nil,
                     environment: APNsEnvironment? = nil, topic: String? = nil,
                     purpose: KeyJudgement.Purpose = .verify, now: Date = Date()) throws -> KeyJudgement.Judgement {
        try KeyJudgement.judge(.init(keyID: keyID, publicKeySHA256: sha, teamID: team, environment: environment,
                                     topic: topic, purpose: purpose, now: now), in: store)
    }

    @Test func anActiveKeyIsUsableAndAnUnknownOneUnknown() throws {
        let (store, _, _, sha) = try keystore()
        #expect(try ask(store, keyID: Self.keyID, sha: sha, team: Self.team).kind == .usable)
        #expect(try ask(store, keyID: nil, sha: sha).record?.keyID == Self.keyID)
        #expect(try ask(store, keyID: "NOTKNOWN01").kind == .unknown)
    }

    @Test func aRevokedKeyIsRevokedByIDAndByMaterialBeforeAndAfterItsPurge() throws {
        let (store, _, _, sha) = try keystore()
        _ = try store.revoke(Self.keyID, force: true)
        #expect(try ask(store, keyID: Self.keyID).kind == .revoked)
        #expect(try ask(store, keyID: "NOTKNOWN01", sha: sha).kind == .revoked)
        #expect(try ask(store, keyID: Self.keyID, purpose: .sign).kind == .revoked)
        try store.purge(Self.keyID)
        let byID = try ask(store, keyID: Self.keyID)
        #expect(byID.kind == .revoked && byID.tombstone?.keyID == Self.keyID && byID.record == nil)
        guard case .tombstone(_, let byMaterial)? = byID.findings.first else {
            Issue.record("\(byID.findings)")
            return
        }
        #expect(!byMaterial)
        let material = try ask(store, keyID: "NOTKNOWN01", sha: sha)
        #expect(material.kind == .revoked)
        #expect(material.findings.first == .tombstone(try #require(material.tombstone), byMaterial: true))
        #expect(material.findings.first?.summary.contains("this key material is revoked key \(Self.keyID)") == true)
    }

    @Test func teamAndScopeAreJudged() throws {
        let scope = try KeyScope(environments: [.production], restriction: .topics(["com.example.app"]),
                                 source: .declared)
        let (store, _, _, _) = try keystore(scope: scope)
        #expect(try ask(store, keyID: Self.keyID, team: "OTHER00001").kind == .wrongTeam)
        #expect(try ask(store, keyID: Self.keyID, environment: .development).kind == .outOfScope)
        #expect(try ask(store, keyID: Self.keyID, topic: "com.example.other").kind == .outOfScope)
        #expect(try ask(store, keyID: Self.keyID, environment: .production, topic: "com.example.app.voip").kind
            == .usable)
    }

    @Test func aRetiredKeyVerifiesInItsGracePeriodAndNeverSigns() async throws {
        let (store, _, _, _) = try keystore()
        _ = try store.generateKey(team: Self.team, keyID: "KEY0000002")
        _ = try await store.rotate(team: Self.team, to: "KEY0000002", grace: 600)
        #expect(try ask(store, keyID: Self.keyID).kind == .usable)
        #expect(try ask(store, keyID: Self.keyID, purpose: .sign).kind == .retired)
        #expect(try ask(store, keyID: Self.keyID, now: Date().addingTimeInterval(3600)).kind == .retired)
    }

    /// `token inspect --key FILE`: the keystore's records judge the file's key, by the token's kid and by the
    /// file's material; before this judge, a key file was trusted whatever the keystore said (accepted).
    @Test func tokenInspectionWithAKeyFileOfARevokedKeyIsNeverAccepted() throws {
        let (store, file, token, _) = try keystore()
        let before = try TokenInspection.run(.init(token: token, keySource: .file(file), keystore: store, now: Date()))
        #expect(before.verdict?.kind == .accepted && before.judgement?.kind == .usable)
        _ = try store.revoke(Self.keyID, force: true)
        try store.purge(Self.keyID)
        let key = try SigningKeyMaterial.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file))), file: file)
        let renamed = try ProviderToken.sign(keyID: "NOTKNOWN01", teamID: Self.team, issuedAt: Date(),
                                             key: key.privateKey)
        for (token, source) in [(token, TokenInspection.KeySource.file(file)), (token, .tokenKeyID),
                                (token, .keystoreKey(Self.keyID)), (renamed, .file(file))] {
            let result = try TokenInspection.run(.init(token: token, keySource: source, keystore: store, now: Date()))
            #expect(result.verdict?.kind == .untrustedKey, "\(source)")
            #expect(result.judgement?.kind == .revoked, "\(source)")
            #expect(result.verifier?.trusted == false, "\(source)")
        }
        // Without a keystore there is no record to judge by: the file alone verifies.
        let bare = try TokenInspection.run(.init(token: token, keySource: .file(file), keystore: nil, now: Date()))
        #expect(bare.verdict?.kind == .accepted && bare.judgement == nil)
    }
}
