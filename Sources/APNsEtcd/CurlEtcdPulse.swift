import APNsCurl

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
    private let interval: Duration
    private let judge: Judge
    /// Ends the sleep between checks and the check in flight.
    private let cancellation = EtcdCancellation()

    init(_ request: EtcdHTTPRequest, tls: EtcdTLS?, every interval: Duration, judge: @escaping Judge) {
        self.request = request
        self.tls = tls
        self.interval = interval
        self.judge = judge
    }

    /// Starts the checks on a thread of their own; `ended` gets the error that ends them (the judge's, or
    /// `CancellationError` after ``cancel()``), once, on that thread.
    func start(ended: @escaping @Sendable (any Error) -> Void) throws(CurlThread.StartError) {
        try CurlThread.detach { ended(self.run()) }
    }

    /// Stops the checks: the sleep ends at once, a check in flight at libcurl's next progress call.
    func cancel() { cancellation.cancel() }

    /// The checks, one an interval, until one is found wanting or the pulse is cancelled.
    private func run() -> any Error {
        let easy = try? CurlEasy()
        while true {
            do { try cancellation.pause(for: interval) } catch { return error }
            let outcome = cancellation.run(CurlEtcdTransfer(request, tls: tls, chunks: nil), on: easy)
            if cancellation.isCancelled { return CancellationError() }
            if let failure = judge(outcome) { return failure }
        }
    }
}
