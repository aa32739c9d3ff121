/// One request inside a transaction's success or failure branch.
public enum EtcdOperation: Sendable, Equatable {
    /// Writes `value` at `key`, attached to `lease` when given.
    case put(key: String, value: [UInt8], lease: Int64? = nil)
    /// Deletes `key`, or every key under it when `prefix` is true.
    case delete(key: String, prefix: Bool = false)
    /// Reads `key`, or every key under it when `prefix` is true.
    case range(key: String, prefix: Bool = false)

    /// A put of UTF-8 text.
    public static func put(_ key: String, _ text: String, lease: Int64? = nil) -> EtcdOperation {
        .put(key: key, value: Array(text.utf8), lease: lease)
    }

    var wire: WireRequestOp {
        switch self {
        case .put(let key, let value, let lease):
            return WireRequestOp(request_put: WirePutRequest(key: WireBytes(key), value: WireBytes(value),
                                                             lease: lease.map(WireInt64.init)))
        case .delete(let key, let prefix):
            return WireRequestOp(request_delete_range: WireDeleteRequest(
                key: WireBytes(key), range_end: prefix ? WireBytes(prefixRangeEnd(Array(key.utf8))) : nil))
        case .range(let key, let prefix):
            return WireRequestOp(request_range: WireRangeRequest(
                key: WireBytes(key), range_end: prefix ? WireBytes(prefixRangeEnd(Array(key.utf8))) : nil))
        }
    }
}

/// What one operation of a transaction's branch returned.
public enum EtcdOperationResult: Sendable, Equatable {
    case put(revision: Int64)
    case delete(EtcdDeleteResult)
    case range(EtcdRangeResult)

    init?(_ wire: WireResponseOp) {
        if let range = wire.response_range {
            self = .range(EtcdRangeResult(range))
        } else if let put = wire.response_put {
            self = .put(revision: put.header?.revision?.value ?? 0)
        } else if let delete = wire.response_delete_range {
            self = .delete(EtcdDeleteResult(delete))
        } else {
            return nil
        }
    }

    /// The range result, when this is one.
    public var range: EtcdRangeResult? {
        if case .range(let result) = self { return result }
        return nil
    }
}

/// What a transaction did: which branch ran, at which revision, and each operation's answer.
public struct EtcdTxnResult: Sendable, Equatable {
    /// True when every comparison held and the success branch ran; false when the failure branch ran.
    public var succeeded: Bool
    /// The store's revision after the transaction.
    public var revision: Int64
    /// One answer per operation of the branch that ran, in order.
    public var responses: [EtcdOperationResult]

    public init(succeeded: Bool, revision: Int64, responses: [EtcdOperationResult]) {
        self.succeeded = succeeded
        self.revision = revision
        self.responses = responses
    }

    init(_ wire: WireTxnResponse) {
        self.init(succeeded: wire.succeeded ?? false, revision: wire.header?.revision?.value ?? 0,
                  responses: (wire.responses ?? []).compactMap(EtcdOperationResult.init))
    }
}
