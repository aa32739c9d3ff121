import APNsCore
import APNsKeystore
import APNsOperations
import APNsTokens
import Foundation
import Testing
import TestSupport

extension AgreementTests {
    /// Issue 40 §1's "revoked key given as a file": a key revoked and purged in the keystore, its .p8 still on disk.
    /// Every judge that is handed the file says revoked, by material: token inspect --key (a token under the key's
    /// own kid and one under another kid), the key judge asked by material alone, key import (the material never
    /// comes back, under any id), and the signers' key choice (the team has no key left to sign with). Before issue
    /// 40, token inspect --key said accepted.
    @Test func aRevokedKeyGivenAsAFileIsRevokedForEveryJudge() throws {
        let store = try Scratch.keystore(keyID: nil)
        _ = try store.generateKey(team: Self.team, keyID: "AGREEKEY01")
        let record = try store.key("AGREEKEY01")
        let material = SigningKeyMaterial(try store.privateKey(of: record))
        let file = TestPaths.temporaryDirectory("agreement-key-file").appendingPathComponent("renamed.p8").path
        try material.pkcs8PEM.write(toFile: file, atomically: true, encoding: .utf8)
        let token = try store.token(team: Self.team).token
        _ = try store.revoke("AGREEKEY01", force: true)
        try store.purge("AGREEKEY01")

        let renamed = try ProviderToken.sign(keyID: "AGREEKEY02", teamID: Self.team, issuedAt: Date(),
                                             key: material.privateKey)
        for token in [token, renamed] {
            let inspected = try TokenInspection.run(.init(token: token, keySource: .file(file), keystore: store,
                                                          now: Date()))
            #expect(inspected.judgement?.kind == .revoked, "token inspect --key, kid \(token.keyID)")
            #expect(inspected.verdict?.kind != .accepted, "token inspect --key, kid \(token.keyID)")
        }
        let byMaterial = try KeyJudgement.judge(.init(keyID: nil, publicKeySHA256: material.fingerprint,
                                                      teamID: Self.team, purpose: .sign, now: Date()), in: store)
        #expect(byMaterial.kind == .revoked)
        for keyID in ["AGREEKEY01", "AGREEKEY03"] {
            #expect(throws: (any Error).self, "key import as \(keyID)") {
                _ = try store.addKey(material, team: Self.team, keyID: keyID, origin: .imported)
            }
        }
        let source = ProbeCredentialSource.keystore(team: Self.team, keyID: nil, open: { store })
        #expect((try? ProbeCredentialResolution.resolve(source, environment: .development, topic: Self.bundle)) == nil)
    }
}
