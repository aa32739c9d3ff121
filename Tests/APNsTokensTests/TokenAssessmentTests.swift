import APNsTokens
import Crypto
import Foundation
import Testing

@Suite struct TokenAssessmentTests {
    let key = P256.Signing.PrivateKey()

    func assess(ageSeconds: TimeInterval) throws -> TokenAssessment {
        let iat = Date(timeIntervalSince1970: 1_800_000_000)
        let token = try ProviderToken.sign(keyID: "KEYAAAAAAA", teamID: "TEAM123456", issuedAt: iat, key: key)
        return TokenAssessment(token: token, now: iat.addingTimeInterval(ageSeconds))
    }

    @Test func acceptedUpToOneHourThenExpired() throws {
        #expect(try assess(ageSeconds: 0).kind == .accepted)
        #expect(try assess(ageSeconds: 3600).kind == .accepted)
        let expired = try assess(ageSeconds: 3601)
        #expect(expired.kind == .expired)
        #expect(expired.summary.contains("ExpiredProviderToken"))
        #expect(expired.acceptedUntil == Date(timeIntervalSince1970: 1_800_003_600))
    }

    @Test func aTokenFromTheFutureIsClockSkew() throws {
        let future = try assess(ageSeconds: -90)
        #expect(future.kind == .issuedInFuture)
        #expect(future.ageSeconds == -90)
        #expect(future.summary.contains("1m 30s in the future"))
    }

    /// The verdict follows every check: a fresh token with a bad signature or a revoked key is not "accepted".
    @Test func theVerdictFollowsEveryCheck() throws {
        let iat = Date(timeIntervalSince1970: 1_800_000_000)
        let token = try ProviderToken.sign(keyID: "KEYAAAAAAA", teamID: "TEAM123456", issuedAt: iat, key: key)
        let fresh = TokenAssessment(token: token, now: iat.addingTimeInterval(60))
        func verdict(_ signature: TokenVerdict.Signature, trusted: Bool? = nil, state: String? = nil,
                     assessment: TokenAssessment? = nil) -> TokenVerdict {
            TokenVerdict(token: token, assessment: assessment ?? fresh, signature: signature, verifiedWith: "k.pem",
                         keyState: state, keyTrusted: trusted)
        }
        #expect(verdict(.valid).kind == .accepted)
        #expect(verdict(.valid).summary.hasPrefix("accepted by APNs until"))
        let bad = verdict(.invalid)
        #expect(bad.kind == .invalidSignature && !bad.isAccepted)
        #expect(bad.summary == "rejected by APNs (403 InvalidProviderToken): the signature does not verify with k.pem")
        let revoked = verdict(.valid, trusted: false, state: "revoked")
        #expect(revoked.kind == .untrustedKey)
        #expect(!revoked.summary.contains("accepted"))
        #expect(revoked.summary.contains("key KEYAAAAAAA is revoked"))
        // A signature nobody checked is never "accepted", however fresh the token.
        let unchecked = verdict(.notChecked)
        #expect(unchecked.kind == .unknownKey && !unchecked.isAccepted)
        #expect(unchecked.summary.contains("not checked"))
        #expect(!unchecked.summary.contains("accepted by APNs"))
        #expect(!unchecked.kind.isAgeVerdict)
        // A bad signature outranks age: an expired token with a bad signature is reported as the bad signature.
        let expired = TokenAssessment(token: token, now: iat.addingTimeInterval(7200))
        #expect(verdict(.invalid, assessment: expired).kind == .invalidSignature)
        #expect(verdict(.valid, assessment: expired).kind == .expired)
    }

    /// iss must be the key's team (the mock and APNs answer 403 InvalidProviderToken otherwise); only age verdicts
    /// carry an "accepted until".
    @Test func anIssuerThatIsNotTheKeysTeamIsRejected() throws {
        let iat = Date(timeIntervalSince1970: 1_800_000_000)
        let token = try ProviderToken.sign(keyID: "KEYAAAAAAA", teamID: "TEAM123456", issuedAt: iat, key: key)
        let fresh = TokenAssessment(token: token, now: iat.addingTimeInterval(60))
        let wrong = TokenVerdict(token: token, assessment: fresh, signature: .valid, verifiedWith: "keystore key KEYAAAAAAA",
                                 keyState: "active", keyTrusted: true, keyTeamID: "OTHER12345")
        #expect(wrong.kind == .wrongTeam && !wrong.isAccepted)
        #expect(wrong.summary == "rejected by APNs (403 InvalidProviderToken): iss TEAM123456 is not team OTHER12345, "
                + "which key KEYAAAAAAA belongs to")
        let right = TokenVerdict(token: token, assessment: fresh, signature: .valid, verifiedWith: "k",
                                 keyState: "active", keyTrusted: true, keyTeamID: "TEAM123456")
        #expect(right.kind == .accepted)
        #expect(!TokenVerdictKind.wrongTeam.isAgeVerdict && !TokenVerdictKind.untrustedKey.isAgeVerdict)
        #expect(TokenVerdictKind.expired.isAgeVerdict && TokenVerdictKind.accepted.isAgeVerdict)
    }
}
