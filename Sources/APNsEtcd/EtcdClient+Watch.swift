import APNsCore
import Synchronization

/// Where a watch has got to, shared by its stream and the loop that restarts it: the next revision to ask for,
/// and whether the current member has accepted the watch.
final class WatchProgress: Sendable {
    private let state: Mutex<(next: Int64?, connected: Bool)>
    init(from start: Int64?) { state = Mutex((start, false)) }
    var next: Int64? { state.withLock { $0.next } }
    func advance(to revision: Int64) { state.withLock { $0.next = max($0.next ?? 0, revision) } }
    func startIfUnset(at revision: Int64) { state.withLock { if $0.next == nil { $0.next = revision } } }
    func markConnected() { state.withLock { $0.connected = true } }
    /// Whether the member accepted the watch since the last call.
    func takeConnected() -> Bool { state.withLock { let was = $0.connected; $0.connected = false; return was } }
}

/// `/v3/watch`: a stream of changes under a prefix, carried on over member failures.
extension EtcdClient {
    /// Every put and delete under `prefix` from revision `fromRevision` on (nil: from now), in revision order.
    ///
    /// The stream is one long POST to one member whose answer is a sequence of JSON objects. When that member
    /// goes away (connection closed, killed), the watch starts again on the next member from the last revision
    /// it delivered + 1, so no event is lost or repeated. It ends with an error when the watch is refused
    /// (permission denied, a revision compacted away) or when no member could be reached for
    /// `configuration.rounds` rounds in a row; cancelling the consuming task stops it.
    ///
    /// A member that is frozen or cut off keeps the connection open and sends nothing. The watch asks for a leader
    /// (`hasleader`, as etcd's own clients do with `WithRequireLeader`): a member that loses its leader ends it
    /// with "no leader". And while streaming, the client asks that member for its status every 2 s
    /// (``livenessInterval``), and moves the watch to the next member when it does not answer within 2 s or knows
    /// no leader, so the watch leaves a frozen or cut-off member within 5 s. That is a liveness check of one
    /// member, not a poll of the keys; it runs on a kept thread over a kept connection.
    public func watch(prefix: String, fromRevision: Int64? = nil) -> AsyncThrowingStream<EtcdWatchEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<EtcdWatchEvent, any Error>.makeStream()
        let task = Task {
            do {
                try await self.runWatch(prefix: prefix, from: fromRevision) { _ = continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The watch loop: (re)connects, streams, remembers the next revision to ask for.
    private func runWatch(prefix: String, from start: Int64?, deliver: @escaping @Sendable (EtcdWatchEvent) -> Void) async throws {
        let endpoints = configuration.endpoints
        let progress = WatchProgress(from: start)
        var failedAttempts = 0
        var reauthenticated = false
        var last: (endpoint: EtcdEndpoint, failure: EtcdFailure)?
        while true {
            try Task.checkCancellation()
            let index = state.withLock { $0.current }
            let endpoint = endpoints[index]
            do {
                defer {
                    if progress.takeConnected() {
                        failedAttempts = 0
                        reauthenticated = false
                    }
                }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await self.streamWatch(at: endpoint, prefix: prefix, progress: progress, deliver: deliver) }
                    group.addTask { try await self.checkLiveness(of: endpoint) }
                    try await group.next()
                    group.cancelAll()
                }
                last = (endpoint, .transport("the watch stream ended"))
            } catch let failure as EtcdFailure {
                try Task.checkCancellation()
                if case .invalidToken = failure, configuration.credentials != nil, !reauthenticated {
                    reauthenticated = true
                    state.withLock { $0.token = nil }
                    continue
                }
                guard failure.movesOn else { throw failure.apnsError(at: endpoint, user: configuration.credentials?.user) }
                last = (endpoint, failure)
            }
            // Next member; after each full round without a stream, a doubling pause; give up after the bound.
            failedAttempts += 1
            state.withLock { $0.current = (index + 1) % endpoints.count }
            if failedAttempts >= endpoints.count * max(1, configuration.rounds), let last {
                var error = last.failure.apnsError(at: last.endpoint, user: configuration.credentials?.user)
                error.message = "watch of \(prefix): " + error.message
                throw error
            }
            if failedAttempts % endpoints.count == 0 {
                try await Task.sleep(for: configuration.backoff * (1 << min(6, failedAttempts / endpoints.count - 1)))
            }
        }
    }

    /// How long after its member is frozen or cut off a streaming watch has moved on, at the most: the fleet's
    /// bound on a revocation's reach (docs/fleet.md).
    static let livenessBound: Duration = .seconds(5)
    /// How long a status check waits for its answer: a frozen member is found out this long after a check starts.
    static let livenessCheckWait: Duration = .seconds(2)
    /// What moving to the next member takes within the bound: connecting, the watch's creation, the events missed.
    static let livenessMoveAllowance: Duration = .seconds(1)

    /// How often a streaming watch asks its member for its status, derived from ``livenessBound``: a frozen member
    /// is left at most one interval and one check's wait after it froze, and a cut-off member one interval after it
    /// lost its leader (which takes it up to two election timeouts, 2 s with etcd's defaults, no more than the
    /// check's wait), each with ``livenessMoveAllowance`` to spare: 5 − 2 − 1 = 2 s (or the request timeout, when
    /// shorter).
    var livenessInterval: Duration {
        min(configuration.requestTimeout, Self.livenessBound - Self.livenessCheckWait - Self.livenessMoveAllowance)
    }

    /// Returns never; throws once `endpoint` fails to answer a status request in time (or refuses the connection),
    /// or answers that it knows no leader: a member cut off from the others still answers, but never sees another
    /// revision, so a watch on it would wait for ever (the watch itself also asks for a leader: `hasleader`).
    /// The checks run on the transport's kept thread and connection; this task sleeps until one fails.
    private func checkLiveness(of endpoint: EtcdEndpoint) async throws {
        let token = try await run { try self.token(at: endpoint, cancellation: $0.cancellation) }
        let check = request(endpoint, "/v3/maintenance/status", Array("{}".utf8), token: token, deadline: .short(Self.livenessCheckWait))
        try await transport.repeatUntilFailure(check, every: livenessInterval, judge: Self.livenessFailure)
    }

    /// What one status check says of its member: nil when it is alive and knows a leader (an answer, even a
    /// refusal, shows it alive); else the failure that moves the watch on.
    static func livenessFailure(_ outcome: Result<EtcdHTTPResponse, any Error>) -> (any Error)? {
        switch outcome {
        case .failure(let failure as EtcdFailure):
            return failure.movesOn ? failure : nil
        case .failure(let error):
            return error
        case .success(let response) where response.status != 200:
            let failure = EtcdFailure.gateway(body: response.body, httpStatus: response.status)
            return failure.movesOn ? failure : nil
        case .success(let response):
            let knowsLeader = WireStatusResponse.knowsLeader(response.body)
                ?? (try? JSONDecoding.decode(WireStatusResponse.self, from: response.body)).map { ($0.leader?.value ?? 0) != 0 }
            if knowsLeader == false {
                return EtcdFailure.retryable(code: 14, message: "etcdserver: no leader (the member is cut off from the others)")
            }
            return nil
        }
    }

    /// One watch stream at one member, until it ends or fails.
    private func streamWatch(at endpoint: EtcdEndpoint, prefix: String, progress: WatchProgress,
                             deliver: (EtcdWatchEvent) -> Void) async throws {
        let create = WireWatchCreate(key: WireBytes(prefix), range_end: WireBytes(prefixRangeEnd(Array(prefix.utf8))),
                                     start_revision: progress.next.map(WireInt64.init))
        let body = try JSONDecoding.encode(WireWatchRequest(create_request: create))
        let token = try await run { try self.token(at: endpoint, cancellation: $0.cancellation) }
        var watchRequest = request(endpoint, "/v3/watch", body, token: token, deadline: nil)
        watchRequest.requireLeader = true
        let chunks = transport.stream(watchRequest)
        var pending: [UInt8] = []
        do {
            for try await chunk in chunks {
                pending.append(contentsOf: chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = Array(pending[..<newline])
                    pending.removeSubrange(...newline)
                    if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
                    try handle(line: line, prefix: prefix, progress: progress, deliver: deliver)
                }
            }
            // A cancelled consumer's stream just ends: that is not the member's doing.
            try Task.checkCancellation()
        } catch let failure as EtcdFailure {
            throw failure
        } catch let error as APNsError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try Task.checkCancellation()
            throw EtcdFailure.transport(String(describing: error))
        }
        if !pending.isEmpty {
            try handle(line: pending, prefix: prefix, progress: progress, deliver: deliver)
        }
    }

    /// One JSON object of the stream.
    private func handle(line: [UInt8], prefix: String, progress: WatchProgress,
                        deliver: (EtcdWatchEvent) -> Void) throws {
        guard let item = try? JSONDecoding.decode(WireWatchStreamItem.self, from: line) else {
            throw EtcdFailure.malformed("watch: \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        if let error = item.error {
            throw EtcdFailure.grpc(code: error.grpc_code ?? error.code ?? 2, message: error.message ?? error.error ?? "")
        }
        guard let result = item.result else { return }
        if result.created == true { progress.markConnected() }
        if let compacted = result.compact_revision?.value, compacted > 0 {
            throw APNsError.keystore("etcd watch of \(prefix): revision \(progress.next ?? 0) was compacted away (oldest kept: \(compacted))",
                                     hint: "read the current state again and watch from its revision + 1")
        }
        if result.canceled == true {
            let reason = result.cancel_reason ?? "canceled by the server"
            throw EtcdFailure.grpc(code: reason.contains("PermissionDenied") ? 7 : 14, message: reason)
        }
        if result.created == true, let revision = result.header?.revision?.value {
            // A watch "from now": a reconnect must continue after what this member had when it started.
            progress.startIfUnset(at: revision + 1)
        }
        for wire in result.events ?? [] {
            let event = EtcdWatchEvent(wire)
            deliver(event)
            progress.advance(to: event.revision + 1)
        }
    }
}
