import APNsCurl
import Dispatch
import Synchronization

/// One kept thread with one kept libcurl easy handle, for the small requests a client repeats every second (a
/// streaming watch's liveness check): libcurl's connection cache on the handle keeps the connection to each member
/// open between them, so a check costs a request on an open connection instead of a new thread, socket and TCP
/// handshake.
///
/// It runs one request at a time and queues none: while one runs (a check waiting out a frozen member), another
/// is refused and its caller runs it on a thread of its own, so no check waits behind another.
/// The thread starts with the first request and ends (closing its connections) after ``idleExit`` without one.
/// A transfer that times out or is cancelled closes its connection (libcurl does); the next one connects again.
final class CurlEtcdLane: Sendable {
    /// How long the thread waits for the next request before it ends.
    static let idleExit: DispatchTimeInterval = .seconds(5)

    private struct Job: Sendable {
        let transfer: CurlEtcdTransfer
        let done: @Sendable (Result<EtcdHTTPResponse, any Error>) -> Void
    }

    /// The request handed over and not yet finished (at most one: the lane is busy while it is set), and whether
    /// the thread runs.
    private let state = Mutex<(job: Job?, running: Bool)>((nil, false))
    private let wake = DispatchSemaphore(value: 0)

    /// Runs `transfer` on the lane's thread, `done` getting its outcome there; false (and nothing done) when the
    /// lane is busy with another request.
    func submit(_ transfer: CurlEtcdTransfer,
                done: @escaping @Sendable (Result<EtcdHTTPResponse, any Error>) -> Void) throws(CurlThread.StartError) -> Bool {
        let taken: (taken: Bool, start: Bool) = state.withLock { state in
            guard state.job == nil else { return (false, false) }
            state.job = Job(transfer: transfer, done: done)
            guard !state.running else { return (true, false) }
            state.running = true
            return (true, true)
        }
        guard taken.taken else { return false }
        guard taken.start else {
            wake.signal()
            return true
        }
        do throws(CurlThread.StartError) {
            try CurlThread.detach { self.serve() }
        } catch {
            state.withLock { state in state = (nil, false) }
            throw error
        }
        return true
    }

    /// The lane's thread: runs the handed-over transfers on one easy handle until none came for ``idleExit``.
    private func serve() {
        var easy: CurlEasy?
        while true {
            let job: Job? = state.withLock { state in state.job }
            if let job {
                if easy == nil { easy = try? CurlEasy() }
                let outcome = job.transfer.run(on: easy)
                state.withLock { state in state.job = nil }
                job.done(outcome)
                continue
            }
            if wake.wait(timeout: .now() + Self.idleExit) == .timedOut {
                let idle = state.withLock { state in
                    guard state.job == nil else { return false }
                    state.running = false
                    return true
                }
                if idle { return }
            }
        }
    }
}
