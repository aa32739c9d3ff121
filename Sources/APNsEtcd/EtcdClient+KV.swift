/// Reads and writes: `/v3/kv/range`, `/v3/kv/put`, `/v3/kv/deleterange`, `/v3/kv/txn`.
extension EtcdBlockingClient {
    /// Reads `key`, or every key starting with `key` when `prefix` is true, as of `revision` (nil: the latest),
    /// at most `limit` keys (nil: all).
    public func range(_ key: String, prefix: Bool = false, revision: Int64? = nil, limit: Int64? = nil) throws -> EtcdRangeResult {
        let request = WireRangeRequest(key: WireBytes(key),
                                       range_end: prefix ? WireBytes(prefixRangeEnd(Array(key.utf8))) : nil,
                                       revision: revision.map(WireInt64.init), limit: limit.map(WireInt64.init))
        return EtcdRangeResult(try call("/v3/kv/range", request, as: WireRangeResponse.self))
    }

    /// Reads one key; nil when it does not exist.
    public func get(_ key: String) throws -> EtcdKeyValue? {
        try range(key).first
    }

    /// Writes `value` at `key` (attached to `lease` when given); returns the store's revision after the write.
    @discardableResult
    public func put(_ key: String, value: [UInt8], lease: Int64? = nil) throws -> Int64 {
        let request = WirePutRequest(key: WireBytes(key), value: WireBytes(value), lease: lease.map(WireInt64.init))
        return try call("/v3/kv/put", request, as: WirePutResponse.self).header?.revision?.value ?? 0
    }

    /// Deletes `key`, or every key starting with `key` when `prefix` is true.
    @discardableResult
    public func delete(_ key: String, prefix: Bool = false) throws -> EtcdDeleteResult {
        let request = WireDeleteRequest(key: WireBytes(key),
                                        range_end: prefix ? WireBytes(prefixRangeEnd(Array(key.utf8))) : nil)
        return EtcdDeleteResult(try call("/v3/kv/deleterange", request, as: WireDeleteResponse.self))
    }

    /// One atomic transaction: when every comparison in `compare` holds, `success` runs, otherwise `failure`.
    /// The result says which branch ran and carries each operation's answer.
    public func txn(compare: [EtcdCompare], success: [EtcdOperation], failure: [EtcdOperation] = []) throws -> EtcdTxnResult {
        let request = WireTxnRequest(compare: compare.map(\.wire), success: success.map(\.wire), failure: failure.map(\.wire))
        return EtcdTxnResult(try call("/v3/kv/txn", request, as: WireTxnResponse.self))
    }
}

/// The same calls for a task: each runs its blocking form on a thread of its own (``EtcdClient/run(with:_:)``).
extension EtcdClient {
    /// Reads `key`, or every key starting with `key` when `prefix` is true, as of `revision` (nil: the latest),
    /// at most `limit` keys (nil: all).
    public func range(_ key: String, prefix: Bool = false, revision: Int64? = nil, limit: Int64? = nil) async throws -> EtcdRangeResult {
        try await run { try $0.range(key, prefix: prefix, revision: revision, limit: limit) }
    }

    /// Reads one key; nil when it does not exist.
    public func get(_ key: String) async throws -> EtcdKeyValue? {
        try await run { try $0.get(key) }
    }

    /// Writes `value` at `key` (attached to `lease` when given); returns the store's revision after the write.
    @discardableResult
    public func put(_ key: String, value: [UInt8], lease: Int64? = nil) async throws -> Int64 {
        try await run { try $0.put(key, value: value, lease: lease) }
    }

    /// Writes UTF-8 text at `key`.
    @discardableResult
    public func put(_ key: String, _ text: String, lease: Int64? = nil) async throws -> Int64 {
        try await put(key, value: Array(text.utf8), lease: lease)
    }

    /// Deletes `key`, or every key starting with `key` when `prefix` is true.
    @discardableResult
    public func delete(_ key: String, prefix: Bool = false) async throws -> EtcdDeleteResult {
        try await run { try $0.delete(key, prefix: prefix) }
    }

    /// One atomic transaction: when every comparison in `compare` holds, `success` runs, otherwise `failure`.
    /// The result says which branch ran and carries each operation's answer.
    public func txn(compare: [EtcdCompare], success: [EtcdOperation], failure: [EtcdOperation] = []) async throws -> EtcdTxnResult {
        try await run { try $0.txn(compare: compare, success: success, failure: failure) }
    }
}
