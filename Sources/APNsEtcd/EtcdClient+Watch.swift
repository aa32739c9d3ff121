import APNsCore
import AsyncHTTPClient
import NIOCore

/// `/v3/watch`: a stream of changes under a prefix, carried on over member failures.
extension EtcdClient {
    /// Every put and delete under `prefix` from revision `fromRevision` on (nil: from now), in revision order.
    ///
    /// The stream is one long POST to one member whose answer is a sequence of JSON objects. When that member
    /// goes away (connection closed, killed), the watch starts again on the next member from the last revision
    /// it delivered + 1, so no event is lost or repeated. It ends with an error when the watch is refused
    /// (permission denied, a revision compacted away) or when no member could be reached for
    /// `configuration.rounds` rounds in a row; cancelling the consuming task stops it.
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
    private func runWatch(prefix: String, from start: Int64?, deliver: (EtcdWatchEvent) -> Void) async throws {
        let endpoints = configuration.endpoints
        var next = start
        var failedAttempts = 0
        var reauthenticated = false
        var last: (endpoint: EtcdEndpoint, failure: EtcdFailure)?
        while true {
            try Task.checkCancellation()
            let index = state.withLock { $0.current }
            let endpoint = endpoints[index]
            do {
                try await streamWatch(at: endpoint, prefix: prefix, next: &next, deliver: deliver) {
                    failedAttempts = 0
                    reauthenticated = false
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

    /// One watch stream at one member, until it ends or fails. `connected` runs once the member has created it.
    private func streamWatch(at endpoint: EtcdEndpoint, prefix: String, next: inout Int64?,
                             deliver: (EtcdWatchEvent) -> Void, connected: () -> Void) async throws {
        let create = WireWatchCreate(key: WireBytes(prefix), range_end: WireBytes(prefixRangeEnd(Array(prefix.utf8))),
                                     start_revision: next.map(WireInt64.init))
        let body = try JSONDecoding.encode(WireWatchRequest(create_request: create))
        let token = try await token(at: endpoint)
        let response = try await post(endpoint, "/v3/watch", body, token: token, deadline: nil)
        guard response.status == .ok else {
            let bytes = (try? await response.body.collect(upTo: 1 << 20)).map { Array($0.readableBytesView) } ?? []
            throw EtcdFailure.gateway(body: bytes, httpStatus: Int(response.status.code))
        }
        var pending: [UInt8] = []
        do {
            for try await chunk in response.body {
                pending.append(contentsOf: chunk.readableBytesView)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = Array(pending[..<newline])
                    pending.removeSubrange(...newline)
                    if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
                    try handle(line: line, prefix: prefix, next: &next, deliver: deliver, connected: connected)
                }
            }
        } catch let failure as EtcdFailure {
            throw failure
        } catch let error as APNsError {
            throw error
        } catch {
            try Task.checkCancellation()
            throw EtcdFailure.from(error)
        }
        if !pending.isEmpty {
            try handle(line: pending, prefix: prefix, next: &next, deliver: deliver, connected: connected)
        }
    }

    /// One JSON object of the stream.
    private func handle(line: [UInt8], prefix: String, next: inout Int64?,
                        deliver: (EtcdWatchEvent) -> Void, connected: () -> Void) throws {
        guard let item = try? JSONDecoding.decode(WireWatchStreamItem.self, from: line) else {
            throw EtcdFailure.malformed("watch: \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        if let error = item.error {
            throw EtcdFailure.grpc(code: error.grpc_code ?? error.code ?? 2, message: error.message ?? error.error ?? "")
        }
        guard let result = item.result else { return }
        if result.created == true { connected() }
        if let compacted = result.compact_revision?.value, compacted > 0 {
            throw APNsError.keystore("etcd watch of \(prefix): revision \(next ?? 0) was compacted away (oldest kept: \(compacted))",
                                     hint: "read the current state again and watch from its revision + 1")
        }
        if result.canceled == true {
            let reason = result.cancel_reason ?? "canceled by the server"
            throw EtcdFailure.grpc(code: reason.contains("PermissionDenied") ? 7 : 14, message: reason)
        }
        if result.created == true, next == nil, let revision = result.header?.revision?.value {
            // A watch "from now": a reconnect must continue after what this member had when it started.
            next = revision + 1
        }
        for wire in result.events ?? [] {
            let event = EtcdWatchEvent(wire)
            deliver(event)
            next = max(next ?? 0, event.revision + 1)
        }
    }
}
