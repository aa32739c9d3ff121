#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops one blocking etcd call from another thread: ``cancel()`` aborts the libcurl transfer in flight, wakes a
/// pause between failover rounds, and makes the call's next check throw `CancellationError`. The async API trips
/// it when its task is cancelled; a blocking caller that never cancels passes a fresh one.
///
/// A pause is a wait on a condition variable with a deadline, so a cancellation ends it at once.
public final class EtcdCancellation: @unchecked Sendable {
    // Every stored property below is read and written with `mutex` held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var cancelled = false
    private var transfer: CurlEtcdTransfer?
    private var pausing = false

    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Cancels the call: the transfer in flight stops at libcurl's next progress call, a pause ends now, and
    /// every later check throws `CancellationError`. Calling it again does nothing more.
    public func cancel() {
        let running: CurlEtcdTransfer? = locked {
            guard !cancelled else { return nil }
            cancelled = true
            pthread_cond_broadcast(condition)
            return transfer
        }
        running?.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { locked { cancelled } }

    /// Throws `CancellationError` once ``cancel()`` was called.
    func check() throws {
        if isCancelled { throw CancellationError() }
    }

    /// Whether the call is waiting in a pause (between failover rounds) now.
    var isPausing: Bool { locked { pausing } }

    /// Whether a transfer of the call is in flight now.
    var isTransferring: Bool { locked { transfer != nil } }

    /// Waits `duration`, or less when cancelled meanwhile: then throws `CancellationError`.
    func pause(for duration: Duration) throws {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var deadline = timespec(tv_sec: now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000,
                                tv_nsec: nanoseconds % 1_000_000_000)
        try locked {
            pausing = true
            defer { pausing = false }
            while !cancelled {
                if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
            }
            if cancelled { throw CancellationError() }
        }
    }

    /// Runs `transfer` on the calling thread, registered so that ``cancel()`` stops it.
    func run(_ transfer: CurlEtcdTransfer) -> Result<EtcdHTTPResponse, any Error> {
        let refused: Bool = locked {
            if cancelled { return true }
            self.transfer = transfer
            return false
        }
        if refused { return .failure(CancellationError()) }
        defer { locked { self.transfer = nil } }
        return transfer.run()
    }
}
