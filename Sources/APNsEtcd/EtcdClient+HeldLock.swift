import APNsCore
import APNsCurl

/// A lock held for the length of one piece of work, on a lease kept alive meanwhile.
extension EtcdClient {
    /// Runs `body` while holding etcd's lock `name`, and returns what it returns.
    ///
    /// It grants a lease of `ttl` seconds, waits (at most `wait`) for the lock on it, and renews the lease every
    /// third of its TTL while `body` runs; afterwards it releases the lock and revokes the lease, whether `body`
    /// returned or threw. If this process dies, nothing renews the lease: the lock is free again within `ttl`
    /// seconds. If the lease is lost while `body` runs (etcd unreachable for longer than the TTL), `body` is
    /// cancelled and the error says so (exit 5). `body` receives the lock's key, for transactions that compare it.
    public func withLock<T: Sendable>(name: String, ttl: Int64 = 10, wait: Duration = .seconds(60),
                                      _ body: @escaping @Sendable (String) async throws -> T) async throws -> T {
        let lease = try await grantLease(ttl: ttl)
        let key: String
        do {
            key = try await lock(name: name, lease: lease.id, wait: wait)
        } catch {
            try? await revokeLease(lease.id)
            throw error
        }
        do {
            let result = try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await body(key) }
                group.addTask { try await self.renewUntilLost(lease: lease, lock: name) }
                defer { group.cancelAll() }
                while let next = try await group.next() {
                    if let value = next { return value }
                }
                throw CancellationError()
            }
            try? await unlock(key: key)
            try? await revokeLease(lease.id)
            return result
        } catch {
            try? await revokeLease(lease.id)
            throw error
        }
    }

    /// Renews `lease` every third of its TTL on a thread of its own (so a busy pool never lets it lapse) until
    /// the task is cancelled; throws when a renewal fails (the lock is lost).
    private func renewUntilLost<T>(lease: EtcdLease, lock name: String) async throws -> T? {
        let stop = EtcdCancellation(), lost = EtcdHandoff<Void>()
        let renewals = blocking(cancellation: stop)
        let period = Duration.milliseconds(max(100, lease.ttl * 1000 / 3)), ttl = lease.ttl
        do throws(CurlThread.StartError) {
            try CurlThread.detach {
                while (try? stop.pause(for: period)) != nil {
                    do {
                        try renewals.keepAlive(lease: lease.id)
                    } catch let error as APNsError {
                        lost.deliver(.failure(APNsError.keystore(
                            "etcd lock \(name): lost while held: \(error.message)",
                            hint: "etcd was out of reach for longer than the lock's \(ttl) s lease; the work was stopped")))
                        return
                    } catch {
                        return
                    }
                }
            }
        } catch {
            throw EtcdFailure.transport(error.description).apnsError(at: currentEndpoint, user: configuration.credentials?.user)
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { lost.wait($0) }
        } onCancel: {
            stop.cancel()
            lost.deliver(.failure(CancellationError()))
        }
        return nil
    }
}
