import APNsCore
import APNsKeystore
import APNsKeystoreEtcd
import APNsTokenAgent
import APNsTokens
import Foundation
import Testing

/// When the agent next has work on the wall clock (it sleeps until then instead of ticking every second).
@Suite struct AgentScheduleTests {
    static let t0: Int64 = 1_800_000_000

    func stored(_ keyID: String, iat: Int64, revision: Int64) -> FleetTokenFeed.Stored {
        FleetTokenFeed.Stored(record: FleetTokenRecord(teamID: "TEAM123456", keyID: keyID, issuedAt: iat,
                                                       token: "tok-\(keyID)-\(iat)", environments: [.production], topics: nil),
                              modRevision: revision)
    }

    func key(_ id: String) throws -> KeyRecord {
        let json = """
        {"format":"apnsctl-keystore","version":3,"keys":[{"key_id":"\(id)","team_id":"TEAM123456","state":"active",
         "created_at":"2026-01-01T00:00:00Z","file":"keys/\(id).p8","encrypted":false,"origin":"generated",
         "registered_with_apple":false,"public_key":"","fingerprint":""}],"certificates":[]}
        """
        return try #require(try Manifest.decode(Array(json.utf8), path: "test").keys.first)
    }

    /// A served token: the next work is its 55-minute removal, or the metrics file's ages when those come first.
    @Test func aServedTokenWakesTheAgentAtFiftyFiveMinutes() {
        var state = AgentState()
        state.replaceAll([stored("KEY0000001", iat: Self.t0 - 100, revision: 3)])
        state.plan(now: Self.t0).forEach { state.commit($0) }
        #expect(AgentSchedule.nextDeadline(after: Self.t0, state: state, refreshAfter: nil, activeKeys: nil,
                                           retryAfter: [:], metricsDue: nil) == Self.t0 - 100 + 55 * 60)
        #expect(AgentSchedule.nextDeadline(after: Self.t0, state: state, refreshAfter: nil, activeKeys: nil,
                                           retryAfter: [:], metricsDue: Self.t0 + 30) == Self.t0 + 30)
        // Nothing served, nothing signed: nothing waits on the clock.
        #expect(AgentSchedule.nextDeadline(after: Self.t0, state: AgentState(), refreshAfter: nil, activeKeys: nil,
                                           retryAfter: [:], metricsDue: nil) == nil)
        // Past deadlines (a token already removed) are not deadlines: no busy loop.
        #expect(AgentSchedule.nextDeadline(after: Self.t0 + 3600, state: state, refreshAfter: nil, activeKeys: nil,
                                           retryAfter: [:], metricsDue: nil) == nil)
    }

    /// A signing agent wakes when a key's token is due (50 minutes by default), or at its retry when later; it
    /// reads the active keys again 5 s on when they could not be read.
    @Test func aSigningAgentWakesWhenAKeyIsDue() throws {
        var state = AgentState()
        state.replaceAll([stored("KEY0000001", iat: Self.t0 - 600, revision: 3)])
        let keys = [try key("KEY0000001")]
        let refresh = RefreshInterval.default
        #expect(AgentSchedule.nextDeadline(after: Self.t0, state: state, refreshAfter: refresh, activeKeys: keys,
                                           retryAfter: [:], metricsDue: nil) == Self.t0 - 600 + Int64(refresh.seconds))
        // Due already, and its retry 5 s on: the retry.
        #expect(AgentSchedule.nextDeadline(after: Self.t0 + 3000, state: state, refreshAfter: refresh, activeKeys: keys,
                                           retryAfter: ["KEY0000001": Self.t0 + 3005], metricsDue: nil) == Self.t0 + 3005)
        #expect(AgentSchedule.nextDeadline(after: Self.t0, state: AgentState(), refreshAfter: refresh, activeKeys: nil,
                                           retryAfter: [:], metricsDue: nil) == Self.t0 + 5)
    }

    @Test func theSleepEndsJustPastTheDeadlineWithinItsBounds() {
        let now = Double(Self.t0) + 0.25
        #expect(AgentSchedule.sleep(now: now, until: Self.t0 + 30, shortest: .seconds(1), longest: .seconds(60))
                == .milliseconds(29_751))
        #expect(AgentSchedule.sleep(now: now, until: Self.t0 + 3000, shortest: .seconds(1), longest: .seconds(60)) == .seconds(60))
        #expect(AgentSchedule.sleep(now: now, until: Self.t0, shortest: .seconds(1), longest: .seconds(60)) == .seconds(1))
        #expect(AgentSchedule.sleep(now: now, until: nil, shortest: .seconds(1), longest: .seconds(60)) == .seconds(60))
    }

    /// The wall clock lets the agent sleep; a clock that can jump (a test's) makes it tick.
    @Test func onlyTheWallClockLetsTheAgentSleep() {
        #expect(SystemClock().followsWallTime)
        #expect(!ManualClock(Date(timeIntervalSince1970: 0)).followsWallTime)
    }
}
