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
}
