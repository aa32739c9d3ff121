import APNsCore

/// etcd's own lock service: `/v3/lock/lock`, `/v3/lock/unlock`.
extension EtcdBlockingClient {
    /// Waits until this client holds the lock `name`, tied to `lease`: the lock is released by ``unlock(key:)``,
    /// or when the lease is revoked or expires (a crashed holder stops keeping it alive). Returns the lock's key,
    /// which ``unlock(key:)`` takes. Waiting longer than `wait` is an error (exit 5) naming the lock.
    public func lock(name: String, lease: Int64, wait: Duration = .seconds(60)) throws -> String {
        let request = WireLockRequest(name: WireBytes(name), lease: WireInt64(lease))
        let answer: WireLockResponse
        do {
            answer = try call("/v3/lock/lock", request, as: WireLockResponse.self, deadline: .final(wait))
        } catch let error as APNsError where error.message.contains("no answer within the time allowed") {
            throw APNsError.keystore("etcd lock \(name): still held by another holder after \(wait)",
                                     hint: "`etcdctl get --prefix \(name)` shows the holders; a crashed holder's lease ends within its TTL")
        }
        guard let key = answer.key?.bytes, !key.isEmpty else {
            throw APNsError.keystore("etcd lock \(name): the answer has no lock key", hint: "`etcdctl endpoint status` shows the member")
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// Releases the lock held under `key` (what ``lock(name:lease:wait:)`` returned).
    public func unlock(key: String) throws {
        _ = try call("/v3/lock/unlock", WireUnlockRequest(key: WireBytes(key)), as: WireEmpty.self)
    }
}

/// The same calls for a task: each runs its blocking form on a thread of its own.
extension EtcdClient {
    /// Waits until this client holds the lock `name`, tied to `lease` (``EtcdBlockingClient/lock(name:lease:wait:)``).
    public func lock(name: String, lease: Int64, wait: Duration = .seconds(60)) async throws -> String {
        try await run { try $0.lock(name: name, lease: lease, wait: wait) }
    }

    /// Releases the lock held under `key` (what ``lock(name:lease:wait:)`` returned).
    public func unlock(key: String) async throws {
        try await run { try $0.unlock(key: key) }
    }
}
