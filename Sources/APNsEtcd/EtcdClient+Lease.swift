import APNsCore

/// Leases: `/v3/lease/grant`, `/v3/lease/keepalive`, `/v3/lease/revoke`.
extension EtcdBlockingClient {
    /// Grants a lease that expires `ttl` seconds from now unless kept alive.
    public func grantLease(ttl: Int64) throws -> EtcdLease {
        let answer = try call("/v3/lease/grant", WireLeaseGrantRequest(TTL: WireInt64(ttl)), as: WireLeaseResponse.self)
        if let error = answer.error, !error.isEmpty {
            throw APNsError.keystore("etcd: lease not granted: \(error)", hint: "`etcdctl lease list` shows the cluster's leases")
        }
        guard let id = answer.ID?.value, id != 0 else {
            throw APNsError.keystore("etcd: lease not granted: the answer has no lease ID", hint: "`etcdctl endpoint status` shows the member")
        }
        return EtcdLease(id: id, ttl: answer.TTL?.value ?? ttl)
    }

    /// Renews lease `lease` once, to its full TTL; returns the TTL granted. A lease that has expired or was
    /// revoked is an error (exit 5): keys under it are gone. The owner calls this at a third of the TTL or so.
    @discardableResult
    public func keepAlive(lease: Int64) throws -> EtcdLease {
        let answer = try call("/v3/lease/keepalive", WireLeaseID(ID: WireInt64(lease)), as: WireKeepAliveResponse.self)
        guard let ttl = answer.result?.TTL?.value, ttl > 0 else {
            throw APNsError.keystore("etcd: lease \(EtcdClient.hex(lease)) has expired or was revoked",
                                     hint: "its keys are gone; grant a new lease and write them again")
        }
        return EtcdLease(id: lease, ttl: ttl)
    }

    /// Revokes lease `lease` now, deleting every key attached to it. A lease already gone is not an error.
    public func revokeLease(_ lease: Int64) throws {
        do {
            _ = try call("/v3/lease/revoke", WireLeaseID(ID: WireInt64(lease)), as: WireLeaseResponse.self)
        } catch let error as APNsError where error.message.contains("lease not found") {
            return
        }
    }
}

/// The same calls for a task (each runs its blocking form on a thread of its own), and the renewal at every member.
extension EtcdClient {
    /// Grants a lease that expires `ttl` seconds from now unless kept alive.
    public func grantLease(ttl: Int64) async throws -> EtcdLease {
        try await run { try $0.grantLease(ttl: ttl) }
    }

    /// Renews lease `lease` once, to its full TTL; returns the TTL granted. A lease that has expired or was
    /// revoked is an error (exit 5): keys under it are gone. The owner calls this at a third of the TTL or so.
    @discardableResult
    public func keepAlive(lease: Int64) async throws -> EtcdLease {
        try await run { try $0.keepAlive(lease: lease) }
    }

    /// Revokes lease `lease` now, deleting every key attached to it. A lease already gone is not an error.
    public func revokeLease(_ lease: Int64) async throws {
        try await run { try $0.revokeLease(lease) }
    }

    /// Renews lease `lease` at every member at once and returns with the first renewal (each member forwards it
    /// to the leader), so one frozen or cut-off member never delays it past a short TTL; fails when no member
    /// renewed it within `wait`, or when the lease has expired (exit 5, as ``keepAlive(lease:)``).
    @discardableResult
    public func keepAliveAtEveryMember(lease: Int64, wait: Duration) async throws -> EtcdLease {
        try await run { try $0.keepAliveAtEveryMember(lease: lease, wait: wait) }
    }

    /// A lease ID as etcdctl prints it (hexadecimal).
    static func hex(_ id: Int64) -> String { String(UInt64(bitPattern: id), radix: 16) }
}
