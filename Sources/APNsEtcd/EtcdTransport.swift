/// One POST the etcd client sends to one member: JSON in, JSON out.
struct EtcdHTTPRequest: Sendable {
    /// `http(s)://HOST:PORT/v3/…`.
    var url: String
    /// The JSON request body.
    var body: [UInt8]
    /// The `Authorization` token, when the client has authenticated.
    var token: String?
    /// How long the whole exchange may take; nil for a stream that never ends (a watch).
    var timeout: Duration?
    /// How long connecting (TCP and TLS) may take.
    var connectTimeout: Duration
    /// Sends gRPC metadata `hasleader: true` (etcd's `WithRequireLeader`, header `Grpc-Metadata-hasleader`): a
    /// member that loses its leader ends the request (a watch) with "no leader" instead of going silent.
    var requireLeader = false
}

/// A member's answer: the HTTP status and the whole body.
struct EtcdHTTPResponse: Sendable {
    var status: Int
    var body: [UInt8]
}

/// How the client reaches a member: the seam between the failover, authentication, lock and lease logic above
/// and the HTTP library below (``CurlEtcdTransport``).
///
/// The calls fail with an ``EtcdFailure`` (`transport`, `timeout`, `tls`) when no answer came, or with
/// `CancellationError` when cancelled (the handle, or the calling task).
protocol EtcdTransport: Sendable {
    /// One request, its whole answer, on the calling thread (blocking); `cancellation` stops it from elsewhere.
    func send(_ request: EtcdHTTPRequest, cancellation: EtcdCancellation) throws -> EtcdHTTPResponse

    /// `request` sent again every `interval` (a liveness check) on one kept connection, until `judge` finds fault
    /// with an outcome (an answer or a failure to get one): throws what `judge` returns, or `CancellationError`
    /// when the calling task is cancelled. Between checks nothing runs: the caller is woken only by the end.
    func repeatUntilFailure(_ request: EtcdHTTPRequest, every interval: Duration,
                            judge: @escaping @Sendable (Result<EtcdHTTPResponse, any Error>) -> (any Error)?) async throws

    /// A request whose answer streams (`/v3/watch`): its body's bytes as they arrive. An answer other than 200
    /// ends the stream with ``EtcdFailure/gateway(body:httpStatus:)``; the consumer's stopping (or its task's
    /// cancellation) ends the transfer.
    func stream(_ request: EtcdHTTPRequest) -> AsyncThrowingStream<[UInt8], any Error>
}
