import APNsCurl
import Dispatch
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A long-running loop on a thread of its own (a canary's rounds, an expiry scan), and the pause between two
/// passes: what the exporter needs of Foundation's `Thread`, which FoundationEssentials does not have.
enum LoopThread {
    /// Runs `body` on a new detached thread; `name` is only logged, when no thread can be started.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        do {
            try CurlThread.detach(body)
        } catch {
            ExporterLog.line("\(name): \(error)")
        }
    }

}

/// A loop's stop flag and its pause between two passes: the pause sleeps until its deadline and ends at once when
/// the flag is set (the thread is woken, not polling), so an idle loop costs no CPU between passes.
final class LoopStop: Sendable {
    private let flag = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)

    /// Whether ``stop()`` was called.
    var isStopped: Bool { flag.load(ordering: .acquiring) }

    /// Sets the flag and wakes the pause in progress (or makes the next one return at once).
    func stop() {
        if !flag.exchange(true, ordering: .acquiringAndReleasing) { wake.signal() }
    }

    /// Sleeps until `deadline` (wall clock), or until ``stop()``.
    func pause(until deadline: Date) {
        while !isStopped {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return }
            _ = wake.wait(timeout: .now() + left)
        }
    }
}
