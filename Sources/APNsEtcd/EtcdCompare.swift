/// One condition of a transaction: a key's value, version, create or mod revision (or lease) compared with a
/// constant. `EtcdCompare.modRevision("k", .equal, 42)` holds when `k` was last changed at revision 42.
public struct EtcdCompare: Sendable, Equatable {
    /// How the key's field is compared with the constant.
    public enum Relation: String, Sendable {
        case equal = "EQUAL"
        case notEqual = "NOT_EQUAL"
        case less = "LESS"
        case greater = "GREATER"
    }

    /// The field compared and the constant it is compared with.
    public enum Target: Sendable, Equatable {
        case value([UInt8])
        case version(Int64)
        case createRevision(Int64)
        case modRevision(Int64)
        case lease(Int64)
    }

    public var key: String
    public var relation: Relation
    public var target: Target

    public init(key: String, _ relation: Relation, _ target: Target) {
        self.key = key
        self.relation = relation
        self.target = target
    }

    public static func value(_ key: String, _ relation: Relation, _ value: [UInt8]) -> EtcdCompare {
        EtcdCompare(key: key, relation, .value(value))
    }
    public static func version(_ key: String, _ relation: Relation, _ version: Int64) -> EtcdCompare {
        EtcdCompare(key: key, relation, .version(version))
    }
    public static func createRevision(_ key: String, _ relation: Relation, _ revision: Int64) -> EtcdCompare {
        EtcdCompare(key: key, relation, .createRevision(revision))
    }
    public static func modRevision(_ key: String, _ relation: Relation, _ revision: Int64) -> EtcdCompare {
        EtcdCompare(key: key, relation, .modRevision(revision))
    }
    /// Holds when `key` does not exist (its create revision is 0): "create only if absent".
    public static func absent(_ key: String) -> EtcdCompare { createRevision(key, .equal, 0) }
    /// Holds when `key` is unchanged since it was read: its mod revision is still `kv.modRevision` (or the key is
    /// still absent, when `kv` is nil).
    public static func unchanged(_ key: String, since kv: EtcdKeyValue?) -> EtcdCompare {
        kv.map { modRevision(key, .equal, $0.modRevision) } ?? absent(key)
    }

    var wire: WireCompare {
        var compare = WireCompare(key: WireBytes(key), target: "", result: relation.rawValue)
        switch target {
        case .value(let bytes): compare.target = "VALUE"; compare.value = WireBytes(bytes)
        case .version(let number): compare.target = "VERSION"; compare.version = WireInt64(number)
        case .createRevision(let number): compare.target = "CREATE"; compare.create_revision = WireInt64(number)
        case .modRevision(let number): compare.target = "MOD"; compare.mod_revision = WireInt64(number)
        case .lease(let number): compare.target = "LEASE"; compare.lease = WireInt64(number)
        }
        return compare
    }
}
