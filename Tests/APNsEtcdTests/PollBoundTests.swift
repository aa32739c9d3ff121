import Foundation
import Synchronization
import Testing
import TestSupport

/// The waits of these suites are bounded by polls, not by the clock: a poller kept waiting past its bound (a pool
/// held by the suites beside it) still gives the condition every look it was promised.
@Suite struct PollBoundTests {
    @Test func aConditionThatNeedsMoreLooksThanTheClockAllowsIsStillSeen() async {
        let looks = Mutex(0)
        // The first look takes longer than the whole bound, as when the pool kept the poller waiting.
        let held = await eventually(seconds: 0.5) {
            let look = looks.withLock { $0 += 1; return $0 }
            if look == 1 { usleep(1_000_000) }
            return look >= 3
        }
        #expect(held, "gave up after \(looks.withLock { $0 }) looks")
    }

    @Test func aConditionThatNeverHoldsIsGivenUpOnAfterItsPolls() async {
        let looks = Mutex(0)
        let held = await eventually(seconds: 0.5, every: .milliseconds(100)) { looks.withLock { $0 += 1 }; return false }
        #expect(!held)
        #expect(looks.withLock { $0 } == 6, "5 polls and a last look")
    }

    @Test func withinWaitsItsPollsAndCancelsWhatHasNotFinished() async throws {
        let finished = try await within(seconds: 5) { 42 }
        #expect(finished == 42)
        let unfinished = try await within(seconds: 0.3) { () async -> Int in
            try? await Task.sleep(for: .seconds(600))
            return Task.isCancelled ? -1 : 0
        }
        #expect(unfinished == nil)
    }
}
