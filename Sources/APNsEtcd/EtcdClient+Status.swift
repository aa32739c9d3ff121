/// A member's own view of the cluster: `/v3/maintenance/status`.
extension EtcdBlockingClient {
    /// What `endpoint` itself says about the cluster (no failover: this asks that one member).
    public func status(of endpoint: EtcdEndpoint) throws -> EtcdMemberStatus {
        let bytes: [UInt8]
        do {
            bytes = try client.send(endpoint, "/v3/maintenance/status", Array("{}".utf8), deadline: .standard,
                                    cancellation: cancellation)
        } catch let failure as EtcdFailure {
            throw failure.apnsError(at: endpoint, user: client.configuration.credentials?.user)
        }
        let answer = try JSONDecoding.decode(WireStatusResponse.self, from: bytes)
        return EtcdMemberStatus(memberID: UInt64(bitPattern: answer.header?.member_id?.value ?? 0),
                                leaderID: UInt64(bitPattern: answer.leader?.value ?? 0),
                                version: answer.version ?? "", revision: answer.header?.revision?.value ?? 0,
                                raftTerm: answer.raftTerm?.value ?? 0)
    }
}

extension EtcdClient {
    /// What `endpoint` itself says about the cluster (no failover: this asks that one member), from a thread of
    /// its own.
    public func status(of endpoint: EtcdEndpoint) async throws -> EtcdMemberStatus {
        try await run { try $0.status(of: endpoint) }
    }
}
