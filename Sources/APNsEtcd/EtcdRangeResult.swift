/// What a range read returned: the keys, and the cluster revision the read saw.
public struct EtcdRangeResult: Sendable, Equatable {
    /// The store's revision when the read was served (the `header.revision`).
    public var revision: Int64
    /// The keys found, in key order.
    public var keyValues: [EtcdKeyValue]
    /// How many keys matched (more than `keyValues.count` when a limit cut the answer).
    public var count: Int64
    /// Whether a limit left keys out.
    public var more: Bool

    public init(revision: Int64, keyValues: [EtcdKeyValue], count: Int64, more: Bool) {
        self.revision = revision
        self.keyValues = keyValues
        self.count = count
        self.more = more
    }

    /// The first key found, if any: the answer of a single-key read.
    public var first: EtcdKeyValue? { keyValues.first }

    init(_ wire: WireRangeResponse) {
        self.init(revision: wire.header?.revision?.value ?? 0, keyValues: (wire.kvs ?? []).map(EtcdKeyValue.init),
                  count: wire.count?.value ?? 0, more: wire.more ?? false)
    }
}

/// What a delete did: the revision after it and how many keys it removed.
public struct EtcdDeleteResult: Sendable, Equatable {
    public var revision: Int64
    public var deleted: Int64

    public init(revision: Int64, deleted: Int64) {
        self.revision = revision
        self.deleted = deleted
    }

    init(_ wire: WireDeleteResponse) {
        self.init(revision: wire.header?.revision?.value ?? 0, deleted: wire.deleted?.value ?? 0)
    }
}
