import APNsCurl
import CCurl
import Synchronization

/// ``EtcdTransport`` over libcurl (HTTP/1.1, TLS through libcurl's OpenSSL): one easy handle per request, run by
/// `curl_easy_perform` on a thread of its own (``CurlThread``), never on the Swift concurrency pool. A repeated
/// request (the watch's liveness check) runs on a kept thread and handle of its own (``CurlEtcdPulse``), over a
/// connection kept open between checks.
///
/// A cancelled request returns at once; its thread notices at libcurl's next progress call (at least once a
/// second, even on a silent connection) and closes the connection.
struct CurlEtcdTransport: EtcdTransport {
    /// TLS files; nil for plain http.
    let tls: EtcdTLS?

    init(tls: EtcdTLS?) { self.tls = tls }

    func send(_ request: EtcdHTTPRequest) async throws -> EtcdHTTPResponse {
        let transfer = CurlEtcdTransfer(request, tls: tls, chunks: nil)
        let answer = Handoff<EtcdHTTPResponse>()
        do throws(CurlThread.StartError) {
            try CurlThread.detach { answer.deliver(transfer.run()) }
        } catch {
            throw EtcdFailure.transport(error.description)
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { answer.wait($0) }
        } onCancel: {
            transfer.cancel()
            answer.deliver(.failure(CancellationError()))
        }
    }

    func repeatUntilFailure(_ request: EtcdHTTPRequest, every interval: Duration,
                            judge: @escaping @Sendable (Result<EtcdHTTPResponse, any Error>) -> (any Error)?) async throws {
        let pulse = CurlEtcdPulse(request, tls: tls, every: interval, judge: judge)
        let end = Handoff<Void>()
        do throws(CurlThread.StartError) {
            try pulse.start { end.deliver(.failure($0)) }
        } catch {
            throw EtcdFailure.transport(error.description)
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { end.wait($0) }
        } onCancel: {
            pulse.cancel()
            end.deliver(.failure(CancellationError()))
        }
    }

    func stream(_ request: EtcdHTTPRequest) -> AsyncThrowingStream<[UInt8], any Error> {
        let (stream, chunks) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        let transfer = CurlEtcdTransfer(request, tls: tls, chunks: chunks)
        chunks.onTermination = { _ in transfer.cancel() }
        do throws(CurlThread.StartError) {
            try CurlThread.detach {
                switch transfer.run() {
                case .success(let response) where response.status == 200:
                    chunks.finish()
                case .success(let response):
                    chunks.finish(throwing: EtcdFailure.gateway(body: response.body, httpStatus: response.status))
                case .failure(let error):
                    chunks.finish(throwing: error)
                }
            }
        } catch {
            chunks.finish(throwing: EtcdFailure.transport(error.description))
        }
        return stream
    }
}

/// Hands one transfer's outcome to the task waiting for it: the first outcome wins (the transfer's, or the
/// cancellation's), later ones are dropped.
private final class Handoff<Value: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Value, any Error>
    private let state = Mutex<(waiter: Waiter?, outcome: Result<Value, any Error>?, done: Bool)>((nil, nil, false))

    func wait(_ waiter: CheckedContinuation<Value, any Error>) {
        let ready: Result<Value, any Error>? = state.withLock { state in
            if let outcome = state.outcome { state.outcome = nil; return outcome }
            state.waiter = waiter
            return nil
        }
        if let ready { waiter.resume(with: ready) }
    }

    func deliver(_ outcome: Result<Value, any Error>) {
        let waiter: Waiter? = state.withLock { state in
            guard !state.done else { return nil }
            state.done = true
            guard let waiter = state.waiter else { state.outcome = outcome; return nil }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(with: outcome)
    }
}
