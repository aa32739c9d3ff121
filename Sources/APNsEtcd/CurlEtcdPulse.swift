import APNsCurl
import Dispatch
import Synchronization

/// One request repeated at an interval on one kept thread with one kept libcurl easy handle (a streaming watch's
/// liveness check), until an outcome is found wanting. The thread sleeps between requests and wakes alone: the
/// waiting task hears only of the end. libcurl's connection cache on the handle keeps the connection to the member
/// open, so a check costs one thread's wake, a request on an open connection and its answer's judging.
///
/// A check that times out or is cancelled closes its connection (libcurl does); the pulse ends with it.
final class CurlEtcdPulse: Sendable {
    /// What a check's outcome means: nil to go on, or the error that ends the pulse.
    typealias Judge = @Sendable (Result<EtcdHTTPResponse, any Error>) -> (any Error)?

    private let request: EtcdHTTPRequest
    private let tls: EtcdTLS?
    private let interval: DispatchTimeInterval
    private let judge: Judge
    /// Signalled by ``cancel()``: ends the sleep between checks at once.
    private let wake = DispatchSemaphore(value: 0)
    /// Whether ``cancel()`` was called, and the check in flight (cancelled with it).
    private let state = Mutex<(cancelled: Bool, transfer: CurlEtcdTransfer?)>((false, nil))

    init(_ request: EtcdHTTPRequest, tls: EtcdTLS?, every interval: Duration, judge: @escaping Judge) {
        self.request = request
        self.tls = tls
        let (seconds, attoseconds) = interval.components
        self.interval = .nanoseconds(max(1, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
        self.judge = judge
    }

    /// Starts the checks on a thread of their own; `ended` gets the error that ends them (the judge's, or
    /// `CancellationError` after ``cancel()``), once, on that thread.
    func start(ended: @escaping @Sendable (any Error) -> Void) throws(CurlThread.StartError) {
        try CurlThread.detach { ended(self.run()) }
    }

    /// Stops the checks: the sleep ends at once, a check in flight at libcurl's next progress call.
    func cancel() {
        let transfer = state.withLock { state in
            state.cancelled = true
            return state.transfer
        }
        transfer?.cancel()
        wake.signal()
    }

    /// The checks, one an interval, until one is found wanting or the pulse is cancelled.
    private func run() -> any Error {
        let easy = try? CurlEasy()
        while true {
            if wake.wait(timeout: DispatchTime.now() + interval) == .success { return CancellationError() }
            let transfer = CurlEtcdTransfer(request, tls: tls, chunks: nil)
            let cancelled = state.withLock { state in
                state.transfer = transfer
                return state.cancelled
            }
            if cancelled { return CancellationError() }
            let outcome = transfer.run(on: easy)
            if state.withLock({ state in state.transfer = nil; return state.cancelled }) { return CancellationError() }
            if let failure = judge(outcome) { return failure }
        }
    }
}
