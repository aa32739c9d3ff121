/// One change seen by a watch: a put or a delete, with the key as it was after the change.
public struct EtcdWatchEvent: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case put
        case delete
    }

    public var kind: Kind
    /// The key after the change; for a delete only `key` and `modRevision` are set.
    public var keyValue: EtcdKeyValue
    /// The cluster revision of the change (the key's mod revision).
    public var revision: Int64 { keyValue.modRevision }

    public init(kind: Kind, keyValue: EtcdKeyValue) {
        self.kind = kind
        self.keyValue = keyValue
    }

    init(_ wire: WireEvent) {
        self.init(kind: wire.type == "DELETE" ? .delete : .put, keyValue: EtcdKeyValue(wire.kv ?? WireKeyValue()))
    }
}
