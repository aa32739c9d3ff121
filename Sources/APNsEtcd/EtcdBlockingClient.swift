import APNsCurl

/// The etcd client's calls on the calling thread: each one blocks in libcurl until its answer (failover,
/// re-authentication and deadlines included), with no task, executor or other thread involved. The keystore's
/// synchronous storage calls these; ``EtcdClient``'s async calls run the same code on a thread of their own.
///
/// ``EtcdCancellation/cancel()`` on the handle given at creation stops a call in flight (a transfer at libcurl's
/// next progress call, a pause between failover rounds at once) with `CancellationError`.
public struct EtcdBlockingClient: Sendable {
    /// The client whose members, credentials and failover state the calls use.
    public let client: EtcdClient
    /// What stops this client's calls.
    public let cancellation: EtcdCancellation

    init(client: EtcdClient, cancellation: EtcdCancellation) {
        self.client = client
        self.cancellation = cancellation
    }

    func call<Request: Encodable, Response: Decodable>(
        _ path: String, _ request: Request, as type: Response.Type, deadline: EtcdClient.Deadline = .standard
    ) throws -> Response {
        try client.call(path, request, as: type, deadline: deadline, cancellation: cancellation)
    }
}

extension EtcdClient {
    /// The blocking calls, never cancelled (each runs until its answer or its failover's end).
    public var blocking: EtcdBlockingClient { EtcdBlockingClient(client: self, cancellation: EtcdCancellation()) }

    /// The blocking calls, stopped by `cancellation`.
    public func blocking(cancellation: EtcdCancellation) -> EtcdBlockingClient {
        EtcdBlockingClient(client: self, cancellation: cancellation)
    }

    /// Runs `body` (blocking calls) on a thread of its own (``CurlThread``), never on a thread of the Swift
    /// concurrency pool, and hands its result to the waiting task. Cancelling the task cancels `body`'s handle
    /// and returns `CancellationError` at once; the thread ends at its call's next cancellation point.
    func run<T: Sendable>(with cancellation: EtcdCancellation = EtcdCancellation(),
                          _ body: @escaping @Sendable (EtcdBlockingClient) throws -> T) async throws -> T {
        try Task.checkCancellation()
        let calls = blocking(cancellation: cancellation)
        let answer = EtcdHandoff<T>()
        do throws(CurlThread.StartError) {
            try CurlThread.detach { answer.deliver(Result { try body(calls) }) }
        } catch {
            throw EtcdFailure.transport(error.description).apnsError(at: currentEndpoint, user: configuration.credentials?.user)
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { answer.wait($0) }
        } onCancel: {
            cancellation.cancel()
            answer.deliver(.failure(CancellationError()))
        }
    }
}
