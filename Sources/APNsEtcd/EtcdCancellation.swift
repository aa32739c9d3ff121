import APNsCurl
import Dispatch
import Synchronization

/// Stops one blocking etcd call from another thread: ``cancel()`` aborts the libcurl transfer in flight, wakes a
/// pause between failover rounds, cancels the calls made on its behalf (one per member, ``adopt(_:)``), and makes
/// the call's next check throw `CancellationError`. The async API trips
/// it when its task is cancelled; a blocking caller that never cancels passes a fresh one. A liveness pulse
/// (``CurlEtcdPulse``) pauses and runs its checks under one too.
///
/// A pause waits on a semaphore with a deadline, so a cancellation ends it at once.
public final class EtcdCancellation: Sendable {
    private struct State {
        var cancelled = false
        var transfer: CurlEtcdTransfer?
        var pausing = false
        /// Handles of calls made on this call's behalf (one per member), cancelled with it.
        var children: [ObjectIdentifier: EtcdCancellation] = [:]
    }
    private let state = Mutex(State())
    /// Signalled once, by ``cancel()``: ends the pause in progress, or the next one.
    private let wake = DispatchSemaphore(value: 0)

    public init() {}

    /// Cancels the call: the transfer in flight stops at libcurl's next progress call, a pause ends now, and
    /// every later check throws `CancellationError`. Calling it again does nothing more.
    public func cancel() {
        let (first, running, children) = state.withLock { state -> (Bool, CurlEtcdTransfer?, [EtcdCancellation]) in
            defer { state.cancelled = true }
            return (!state.cancelled, state.transfer, Array(state.children.values))
        }
        guard first else { return }
        running?.cancel()
        children.forEach { $0.cancel() }
        wake.signal()
    }

    /// Cancels `child` with this handle (at once, when this one is cancelled already) until ``disown(_:)``.
    func adopt(_ child: EtcdCancellation) {
        let cancelled = state.withLock { state -> Bool in
            if !state.cancelled { state.children[ObjectIdentifier(child)] = child }
            return state.cancelled
        }
        if cancelled { child.cancel() }
    }

    /// Stops cancelling `child` with this handle.
    func disown(_ child: EtcdCancellation) {
        _ = state.withLock { $0.children.removeValue(forKey: ObjectIdentifier(child)) }
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Throws `CancellationError` once ``cancel()`` was called.
    func check() throws {
        if isCancelled { throw CancellationError() }
    }

    /// Whether the call is waiting in a pause (between failover rounds) now.
    var isPausing: Bool { state.withLock { $0.pausing } }

    /// Whether a transfer of the call is in flight now.
    var isTransferring: Bool { state.withLock { $0.transfer != nil } }

    /// Waits `duration`, or less when cancelled meanwhile: then throws `CancellationError`.
    func pause(for duration: Duration) throws {
        try check()
        state.withLock { $0.pausing = true }
        defer { state.withLock { $0.pausing = false } }
        let (seconds, attoseconds) = duration.components
        let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        _ = wake.wait(timeout: .now() + .nanoseconds(nanoseconds))
        try check()
    }

    /// Runs `transfer` on the calling thread (on the `kept` easy handle, if given), registered so that
    /// ``cancel()`` stops it.
    func run(_ transfer: CurlEtcdTransfer, on kept: CurlEasy? = nil) -> Result<EtcdHTTPResponse, any Error> {
        let refused: Bool = state.withLock { state in
            if state.cancelled { return true }
            state.transfer = transfer
            return false
        }
        if refused { return .failure(CancellationError()) }
        defer { state.withLock { $0.transfer = nil } }
        return transfer.run(on: kept)
    }
}
