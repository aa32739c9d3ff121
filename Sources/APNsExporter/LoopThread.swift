import APNsCurl
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

    /// Sleeps `seconds` (resumed after a signal).
    static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1, errno == EINTR { request = remaining }
    }
}
