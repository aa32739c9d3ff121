import Foundation
import Testing
@testable import APNsExporter

/// The pause between two passes of an exporter loop: it sleeps (no polling) until its deadline, and a stop ends it
/// at once.
struct LoopStopTests {
    @Test func aStopEndsALongPauseAtOnce() {
        let stop = LoopStop()
        let ended = DispatchSemaphore(value: 0)
        let started = Date()
        // A thread of its own, as the exporter's loops have (a pause blocks its thread).
        Thread.detachNewThread {
            stop.pause(until: Date().addingTimeInterval(60))
            ended.signal()
        }
        Thread.sleep(forTimeInterval: 0.2)
        stop.stop()
        #expect(ended.wait(timeout: .now() + 10) == .success, "a stop did not end a 60 s pause within 10 s")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(stop.isStopped)
        // After a stop, a pause returns at once.
        let again = Date()
        stop.pause(until: Date().addingTimeInterval(60))
        #expect(Date().timeIntervalSince(again) < 1)
    }

    @Test func aPauseLastsUntilItsDeadline() {
        let stop = LoopStop()
        let started = Date()
        stop.pause(until: started.addingTimeInterval(0.3))
        #expect(Date().timeIntervalSince(started) >= 0.3)
        #expect(!stop.isStopped)
    }
}
