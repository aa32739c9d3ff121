import APNsCore
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a keystore keeps its records: the manifest, the objects it names (`keys/ID.p8`, `certs/ID.pem`,
/// `requests/ID.key.pem`), the shared token cache and the audit log.
///
/// ``Keystore`` holds the rules (states, slots, scopes, selection); a storage holds bytes and makes each change
/// atomic and audited. ``DirectoryStorage`` is the embedded default (one directory, flock, write-ahead intents);
/// a fleet storage (etcd) keeps the same records under a key prefix and makes each change one transaction that
/// compares the revision it read. Nothing above this protocol knows which one it talks to.
public protocol KeystoreStorage: Sendable {
    /// Names the store in messages and JSON: a directory path, or a URL.
    var location: String { get }

    /// How long a change waits for another writer before failing with a keystore error (exit 5).
    var lockTimeout: TimeInterval { get set }

    /// The manifest as stored now.
    func readManifest() throws -> [UInt8]

    /// A stored object named by a manifest path (`keys/ID.p8`); a keystore error naming it when it is missing.
    func readObject(_ name: String, limit: Int) throws -> [UInt8]

    /// A file holding the object, for programs that only read files (libcurl's client certificate and key).
    func objectPath(_ name: String) throws -> String

    /// Runs `prepare` exclusively on the manifest as stored, then stores what it returns in one atomic step and
    /// audits it: the new manifest (when it changed), ``KeystoreChange/writes`` before it, the shreds around it,
    /// the dropped tokens. A `prepare` that throws changes nothing and is audited as refused (keystore and usage
    /// errors) or failed.
    func commit<T>(action: String, team: String?, keyID: String?, now: () -> Date,
                   _ prepare: (inout Manifest, inout KeystoreChange) throws -> T) throws -> T

    /// Runs `body` on the token cache with every other user of the cache kept out; writes it back if changed.
    func withTokenCache<T>(_ body: (inout TokenCache) throws -> T) throws -> T

    /// The token cache as stored now; empty when absent or unreadable (a cache can always be rebuilt).
    func readTokenCache() -> TokenCache

    /// The token cache read without exclusive access, when that is cheaper than ``withTokenCache(_:)`` (etcd: one
    /// read, no lock); nil to always go through ``withTokenCache(_:)`` (the default).
    func peekTokenCache() throws -> TokenCache?

    /// Runs `body`, a long operation named `name` (a rotation with its canary), while no other host runs one on
    /// this keystore; another host's operation in progress is a keystore error (exit 5) naming its holder. A
    /// fleet store holds the lock on a lease, so a crashed holder frees it within seconds. The default runs
    /// `body` as it is: a directory's changes are already serialised by its flock.
    func withOperationLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T

    /// Appends an entry that belongs to no manifest change (a refused canary, `keystore.init`).
    func appendAudit(_ entry: AuditEntry) throws

    /// Audit entries, oldest first, at or after `since`, with interrupted changes settled (see ``AuditEntry``).
    func auditEntries(since: Date?) throws -> [AuditEntry]
}

extension KeystoreStorage {
    public func peekTokenCache() throws -> TokenCache? { nil }

    public func withOperationLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T {
        try await body()
    }
}

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
