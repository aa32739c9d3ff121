import APNsCore
import APNsTokens
import Foundation
import Testing

@Suite struct RefreshIntervalTests {
    @Test(arguments: [20, 21, 50, 59])
    func acceptsTwentyToFiftyNineMinutes(minutes: Int) throws {
        #expect(try RefreshInterval(minutes: minutes).seconds == TimeInterval(minutes * 60))
    }

    @Test(arguments: [-1, 0, 19, 60, 61, 120])
    func refusesEverythingElseAsAUsageError(minutes: Int) {
        #expect {
            try RefreshInterval(minutes: minutes)
        } throws: { error in
            let error = error as? RefreshIntervalError
            return error == .outOfRange(minutes: minutes) && error?.description.contains("20 to 59") == true
                && RefreshIntervalError.reason.contains("TooManyProviderTokenUpdates")
        }
    }

    @Test func parsesMinutesWithOrWithoutAUnit() throws {
        #expect(try RefreshInterval(parsing: "45").minutes == 45)
        #expect(try RefreshInterval(parsing: "45m").minutes == 45)
        #expect(try RefreshInterval(parsing: "45min").minutes == 45)
        #expect(throws: RefreshIntervalError.notMinutes("45s")) { try RefreshInterval(parsing: "45s") }
        #expect(throws: RefreshIntervalError.notMinutes("soon")) { try RefreshInterval(parsing: "soon") }
        #expect(RefreshInterval.default.minutes == 50)
    }

    @Test func policyDecidesAtTheExactSecond() throws {
        let policy = TokenCachePolicy(refreshAfter: try RefreshInterval(minutes: 20))
        let entry = TokenCacheEntry(teamID: "T", keyID: "K", issuedAt: 1000, token: "x")
        func at(_ seconds: TimeInterval) -> TokenCacheDecision {
            policy.decide(cached: entry, keyID: "K", now: Date(timeIntervalSince1970: 1000 + seconds))
        }
        #expect(at(0) == .reuse)
        #expect(at(1199.999) == .reuse)
        #expect(at(1200) == .refresh(.due))
        #expect(at(-0.5) == .refresh(.clockMovedBackwards))
        #expect(policy.decide(cached: entry, keyID: "OTHER", now: Date(timeIntervalSince1970: 1001)) == .refresh(.keyChanged))
        #expect(policy.decide(cached: nil, keyID: "K", now: Date()) == .refresh(.noCachedToken))
    }
}
