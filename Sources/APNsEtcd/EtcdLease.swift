/// A lease: keys attached to it are deleted when it expires or is revoked.
public struct EtcdLease: Sendable, Equatable {
    /// The lease ID etcd assigned.
    public var id: Int64
    /// Seconds left before it expires (as granted, or as renewed by a keep-alive).
    public var ttl: Int64

    public init(id: Int64, ttl: Int64) {
        self.id = id
        self.ttl = ttl
    }
}
