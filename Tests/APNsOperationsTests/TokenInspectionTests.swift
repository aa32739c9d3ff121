import APNsCore
import APNsKeystore
import APNsOperations
import APNsTokens
import Foundation
import Testing

@Suite struct TokenInspectionTests {
    static let team = "TEAM123456", keyID = "KEY0000001"

    /// A keystore with one generated key, and a fresh token it signed.
    private func signed() throws -> (Keystore, ProviderToken) {
        let store = try scratchKeystore("token-inspection")
        _ = try store.generateKey(team: Self.team, keyID: Self.keyID)
        return (store, try store.token(team: Self.team).token)
    }

    private func inspect(_ token: ProviderToken, _ source: TokenInspection.KeySource, _ store: Keystore?) throws
        -> TokenInspection.Result {
        try TokenInspection.run(.init(token: token, keySource: source, keystore: store, now: Date()))
    }

    @Test func theKeystoreKeyNamedByTheKidVerifiesAFreshToken() throws {
        let (store, token) = try signed()
        let result = try inspect(token, .tokenKeyID, store)
        #expect(result.verdict?.kind == .accepted)
        #expect(result.signature == .valid)
        #expect(result.verifier?.name == "keystore key \(Self.keyID)")
        #expect(result.verifier?.trusted == true)
        #expect(result.scope == .legacy)
        #expect(result.acceptedUntil != nil)
    }

    @Test func anotherKeysFileGivesAnInvalidSignature() throws {
        let (_, token) = try signed()
        let file = CertFixture.key("AuthKey_ABC123DEFG.pub.pem")
        let result = try inspect(token, .file(file), nil)
        #expect(result.signature == .invalid)
        #expect(result.verdict?.kind == .invalidSignature)
        #expect(result.verifier?.name == file && result.verifier?.state == nil)
        #expect(result.acceptedUntil == nil)
    }

    @Test func decodingOnlyGivesNoVerdictButTheRecordedScope() throws {
        let (store, token) = try signed()
        let result = try inspect(token, .none, store)
        #expect(result.verdict == nil)
        #expect(result.signature == .notChecked)
        #expect(result.verifier == nil)
        #expect(result.scope == .legacy)
    }

    @Test func withoutAKeystoreTheKeyIsUnknown() throws {
        let (_, token) = try signed()
        let result = try inspect(token, .tokenKeyID, nil)
        #expect(result.verdict?.kind == .unknownKey)
        #expect(!result.keystoreOpened)
    }

    /// A token whose kid is the keystore's team id and whose iss is its key id: no key verifies it, and the swap
    /// is found (the CLI's hint names it); a kid no keystore knows is no swap.
    @Test func anUnknownKeyWithSwappedIdentifiersIsFound() throws {
        let (store, token) = try signed()
        let key = try store.privateKey(of: try store.key(Self.keyID))
        let swapped = try ProviderToken.sign(keyID: Self.team, teamID: Self.keyID, issuedAt: Date(), key: key)
        let result = try inspect(swapped, .tokenKeyID, store)
        #expect(result.verdict?.kind == .unknownKey)
        let swap = try #require(result.swap)
        #expect(swap.misplaced == .teamIDAsKeyID && swap.value == Self.team)
        #expect(swap.keyID == Self.keyID && swap.evidence == .keystoreTeam)

        let unknown = try ProviderToken.sign(keyID: "NOTKNOWN01", teamID: Self.team, issuedAt: Date(), key: key)
        #expect(try inspect(unknown, .tokenKeyID, store).swap == nil)
        #expect(try inspect(token, .tokenKeyID, store).swap == nil)
    }

    @Test func aRevokedKeyNoLongerVerifies() throws {
        let (store, token) = try signed()
        _ = try store.revoke(Self.keyID, force: true)
        let result = try inspect(token, .keystoreKey(Self.keyID), store)
        #expect(result.verifier?.trusted == false)
        #expect(result.verifier?.state == .revoked)
        #expect(result.verdict?.kind == .untrustedKey)
    }

    @Test func aKeyIDGivenAsAFileIsAnError() throws {
        let (_, token) = try signed()
        #expect(throws: TokenInspectionError.noSuchKeyFile("ABC123DEFG")) {
            _ = try inspect(token, .file("ABC123DEFG"), nil)
        }
    }

    @Test func aKeystoreKeyWithoutAKeystoreIsAnError() throws {
        let (_, token) = try signed()
        #expect(throws: TokenInspectionError.noKeystore(keyID: Self.keyID)) {
            _ = try inspect(token, .keystoreKey(Self.keyID), nil)
        }
    }

    @Test func aKeystoreKeyItDoesNotHoldIsTheKeystoresError() throws {
        let (store, token) = try signed()
        #expect(throws: APNsError.self) { _ = try inspect(token, .keystoreKey("NOSUCHKEY1"), store) }
    }
}

@Suite struct TokenIssuingTests {
    @Test func theTokenComesWithItsKeysScopeAndIsReused() throws {
        let store = try scratchKeystore("token-issuing")
        _ = try store.generateKey(team: "TEAM123456", keyID: "KEY0000001")
        let input = TokenIssuing.Input(team: "TEAM123456", keyID: nil, environment: .development, topic: nil,
                                       refreshAfter: try RefreshInterval(parsing: "50"), keystore: store)
        let first = try TokenIssuing.run(input)
        #expect(first.issued.token.keyID == "KEY0000001")
        #expect(first.scope == .legacy)
        #expect(!first.issued.reused)
        var textOnly = input
        textOnly.includeScope = false
        let second = try TokenIssuing.run(textOnly)
        #expect(second.issued.reused)
        #expect(second.scope == nil)
    }

    @Test func anUnknownTeamIsTheKeystoresError() throws {
        let store = try scratchKeystore("token-issuing")
        let input = TokenIssuing.Input(team: "NOTEAM0001", keyID: nil, environment: nil, topic: nil,
                                       refreshAfter: try RefreshInterval(parsing: "50"), keystore: store)
        #expect(throws: APNsError.self) { _ = try TokenIssuing.run(input) }
    }
}
