import APNsCurl
import Dispatch
import Synchronization

/// One kept thread with one kept libcurl easy handle, for the small requests a client repeats every second (a
/// streaming watch's liveness check): they run one after another on that thread, and libcurl's connection cache
/// on the handle keeps the connection to each member open between them, so a check costs a request on an open
/// connection instead of a new thread, socket and TCP handshake.
///
/// The thread starts with the first request and ends (closing its connections) after ``idleExit`` without one.
/// A transfer that times out or is cancelled closes its connection (libcurl does); the next one connects again.
final class CurlEtcdLane: Sendable {
    /// How long the thread waits for the next request before it ends.
    static let idleExit: DispatchTimeInterval = .seconds(5)

    private struct Job: Sendable {
        let transfer: CurlEtcdTransfer
        let done: @Sendable (Result<EtcdHTTPResponse, any Error>) -> Void
    }

    private let state = Mutex<(jobs: [Job], running: Bool)>(([], false))
    private let wake = DispatchSemaphore(value: 0)

    /// Queues `transfer`; `done` gets its outcome on the lane's thread.
    func submit(_ transfer: CurlEtcdTransfer,
                done: @escaping @Sendable (Result<EtcdHTTPResponse, any Error>) -> Void) throws(CurlThread.StartError) {
        let start = state.withLock { state in
            state.jobs.append(Job(transfer: transfer, done: done))
            guard !state.running else { return false }
            state.running = true
            return true
        }
        guard start else {
            wake.signal()
            return
        }
        do throws(CurlThread.StartError) {
            try CurlThread.detach { self.serve() }
        } catch {
            state.withLock { state in
                state.running = false
                state.jobs.removeAll()
            }
            throw error
        }
    }

    /// The lane's thread: runs the queued transfers on one easy handle until none came for ``idleExit``.
    private func serve() {
        var easy: CurlEasy?
        while true {
            let job: Job? = state.withLock { state in state.jobs.isEmpty ? nil : state.jobs.removeFirst() }
            if let job {
                if easy == nil { easy = try? CurlEasy() }
                job.done(job.transfer.run(on: easy))
                continue
            }
            if wake.wait(timeout: .now() + Self.idleExit) == .timedOut {
                let idle = state.withLock { state in
                    guard state.jobs.isEmpty else { return false }
                    state.running = false
                    return true
                }
                if idle { return }
            }
        }
    }
}
