import APNsCore

/// A lock held for the length of one piece of work, on a lease kept alive meanwhile.
extension EtcdClient {
    /// Runs `body` while holding etcd's lock `name`, and returns what it returns.
    ///
    /// It grants a lease of `ttl` seconds and renews it every third of its TTL from a thread of its own (so a busy
    /// concurrency pool never lets it lapse), waits (at most `wait`) for the lock on it, runs `body`, then releases
    /// the lock and revokes the lease, whether `body` returned or threw. If this process dies, nothing renews the
    /// lease: the lock is free again within `ttl` seconds. If the lease is lost while `body` runs (etcd unreachable
    /// for longer than the TTL), `body` is cancelled and the error says so (exit 5). `body` receives the lock's key,
    /// for transactions that compare it.
    public func withLock<T: Sendable>(name: String, ttl: Int64 = 10, wait: Duration = .seconds(60),
                                      _ body: @escaping @Sendable (String) async throws -> T) async throws -> T {
        let lease = try await grantLease(ttl: ttl)
        let renewal: LockLease
        do {
            renewal = try LockLease(self, lease: lease, lock: name)
        } catch {
            try? await revokeLease(lease.id)
            throw error
        }
        defer { renewal.stop() }
        let key: String
        do {
            key = try await lock(name: name, lease: lease.id, wait: wait)
        } catch {
            renewal.stop()
            try? await revokeLease(lease.id)
            throw error
        }
        do {
            let result = try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await body(key) }
                group.addTask { try await renewal.lost(); return nil }
                defer { group.cancelAll() }
                while let next = try await group.next() {
                    if let value = next { return value }
                }
                throw CancellationError()
            }
            renewal.stop()
            try? await unlock(key: key)
            try? await revokeLease(lease.id)
            return result
        } catch {
            renewal.stop()
            try? await revokeLease(lease.id)
            throw error
        }
    }
}

/// The lease under a held lock, renewed every third of its TTL from a thread started with it (never waiting for a
/// turn on the pool) until ``stop()``; ``lost()`` throws once a renewal fails.
private final class LockLease: Sendable {
    private let stopping: EtcdCancellation
    private let loss: EtcdHandoff<Void>

    init(_ client: EtcdClient, lease: EtcdLease, lock name: String) throws {
        let loss = EtcdHandoff<Void>(), ttl = lease.ttl
        self.loss = loss
        stopping = try client.blocking.startRenewals(every: .milliseconds(max(100, ttl * 1000 / 3))) { calls in
            do {
                try calls.keepAlive(lease: lease.id)
                return true
            } catch let error as APNsError {
                loss.deliver(.failure(APNsError.keystore(
                    "etcd lock \(name): lost while held: \(error.message)",
                    hint: "etcd was out of reach for longer than the lock's \(ttl) s lease; the work was stopped")))
                return false
            } catch {
                return false
            }
        }
    }

    /// Stops the renewals (at once, also one in flight).
    func stop() { stopping.cancel() }

    /// Returns never: throws the loss once a renewal fails, or `CancellationError` when the task is cancelled.
    func lost() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { loss.wait($0) }
        } onCancel: {
            loss.deliver(.failure(CancellationError()))
        }
    }
}
