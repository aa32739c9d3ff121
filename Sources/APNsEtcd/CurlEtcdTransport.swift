import APNsCurl
import CCurl

/// ``EtcdTransport`` over libcurl (HTTP/1.1, TLS through libcurl's OpenSSL): one easy handle per request. A unary
/// request runs `curl_easy_perform` on the calling thread; a watch's stream runs on a thread of its own
/// (``CurlThread``), and a repeated request (the watch's liveness check) on a kept thread and handle of its own
/// (``CurlEtcdPulse``), over a connection kept open between checks.
///
/// A cancelled request stops at libcurl's next progress call (at least once a second, even on a silent
/// connection) and closes its connection.
struct CurlEtcdTransport: EtcdTransport {
    /// TLS files; nil for plain http.
    let tls: EtcdTLS?

    init(tls: EtcdTLS?) { self.tls = tls }

    func send(_ request: EtcdHTTPRequest, cancellation: EtcdCancellation) throws -> EtcdHTTPResponse {
        try cancellation.run(CurlEtcdTransfer(request, tls: tls, chunks: nil)).get()
    }

    func repeatUntilFailure(_ request: EtcdHTTPRequest, every interval: Duration,
                            judge: @escaping @Sendable (Result<EtcdHTTPResponse, any Error>) -> (any Error)?) async throws {
        let pulse = CurlEtcdPulse(request, tls: tls, every: interval, judge: judge)
        let end = EtcdHandoff<Void>()
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
