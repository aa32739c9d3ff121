/// What one change does besides editing the manifest, recorded by the keystore's rules and carried out by the
/// storage in this order: ``writes``, ``shredBefore``, dropped tokens, the manifest, ``shredAfterWrite``.
public struct KeystoreChange: Sendable {
    /// A secret object to store before the manifest that names it is written.
    public struct Write: Sendable {
        public var name: String
        public var bytes: [UInt8]
        /// Crash-test points (debug builds) reached just before and just after it is stored, e.g. `before-key-file`.
        public var crashBefore: String?
        public var crashAfter: String?
    }

    /// For the audit log: what happened.
    public var detail = ""
    /// The team concerned, when only the rules know it (revoke, purge).
    public var teamID: String?
    /// Key ids whose cached tokens must go (before the manifest is written).
    public var dropTokensOf: [String] = []
    /// Objects to store first (an imported key's material, a certificate and its key).
    public var writes: [Write] = []
    /// Objects to overwrite and remove before the manifest write (a purged key: the material goes first, so a
    /// crash leaves a revoked entry without material, which never signs and which a second purge removes), with
    /// the crash point reached before.
    public var shredBefore: [(name: String, crashBefore: String?)] = []
    /// Objects to overwrite and remove once the new manifest is stored (a joined or discarded request's key).
    public var shredAfterWrite: [String] = []

    public init() {}

    /// Stores `bytes` as `name` before the manifest write.
    public mutating func write(_ name: String, _ bytes: [UInt8], crashBefore: String? = nil, crashAfter: String? = nil) {
        writes.append(Write(name: name, bytes: bytes, crashBefore: crashBefore, crashAfter: crashAfter))
    }
}
