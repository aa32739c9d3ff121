/// One key as etcd stores it, with the revisions a transaction can compare against.
public struct EtcdKeyValue: Sendable, Equatable {
    /// The key, as UTF-8 text.
    public var key: String
    /// The value's bytes.
    public var value: [UInt8]
    /// The cluster revision that created the key (0 means the key does not exist).
    public var createRevision: Int64
    /// The cluster revision of the key's last change.
    public var modRevision: Int64
    /// How many times the key was written since it was created (1 after the first put).
    public var version: Int64
    /// The lease the key is attached to (0: none).
    public var lease: Int64

    public init(key: String, value: [UInt8], createRevision: Int64, modRevision: Int64, version: Int64, lease: Int64) {
        self.key = key
        self.value = value
        self.createRevision = createRevision
        self.modRevision = modRevision
        self.version = version
        self.lease = lease
    }

    /// The value as UTF-8 text.
    public var string: String { String(decoding: value, as: UTF8.self) }

    init(_ wire: WireKeyValue) {
        self.init(key: String(decoding: wire.key?.bytes ?? [], as: UTF8.self), value: wire.value?.bytes ?? [],
                  createRevision: wire.create_revision?.value ?? 0, modRevision: wire.mod_revision?.value ?? 0,
                  version: wire.version?.value ?? 0, lease: wire.lease?.value ?? 0)
    }
}
