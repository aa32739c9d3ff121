import APNsCore
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a keystore keeps its records, one small protocol per concern (as etcd's clientv3 has KV, Lease, Watch
/// and Lock): the manifest and its changes (``ManifestStorage``), the secret objects it names
/// (``SecretObjectStorage``), the shared token cache (``TokenCacheStorage``), the audit log (``AuditStorage``) and
/// the lock of long operations (``OperationLockStorage``).
///
/// ``Keystore`` holds the rules (states, slots, scopes, selection); a storage holds bytes and makes each change
/// atomic and audited. ``DirectoryStorage`` is the embedded default (one directory, flock, write-ahead intents);
/// a fleet storage (etcd) keeps the same records under a key prefix and makes each change one transaction that
/// compares the revision it read. Nothing above these protocols knows which one it talks to. A store that also
/// keeps each object as a file, for programs that only read files, conforms to ``ObjectFileStorage`` too.
public typealias KeystoreStorage = ManifestStorage & SecretObjectStorage & TokenCacheStorage & AuditStorage
    & OperationLockStorage

/// The manifest: read as stored, and changed in one atomic, audited step.
public protocol ManifestStorage: Sendable {
    /// Names the store in messages and JSON: a directory path, or a URL.
    var location: String { get }

    /// How long a change waits for another writer before failing with a keystore error (exit 5).
    var lockTimeout: TimeInterval { get set }

    /// The manifest as stored now.
    func readManifest() throws -> [UInt8]

    /// Runs `prepare` exclusively on the manifest as stored, then stores what it returns in one atomic step and
    /// audits it: the new manifest (when it changed), ``KeystoreChange/writes`` before it, the shreds around it,
    /// the dropped tokens. A `prepare` that throws changes nothing and is audited as refused (keystore and usage
    /// errors) or failed.
    func commit<T>(action: String, team: String?, keyID: String?, now: () -> Date,
                   _ prepare: (inout Manifest, inout KeystoreChange) throws -> T) throws -> T
}

/// The secret objects a manifest names (`keys/ID.p8`, `certs/ID.pem`, `requests/ID.key.pem`). They are written
/// only by a change (``KeystoreChange/writes``), so this side reads.
public protocol SecretObjectStorage: Sendable {
    /// A stored object named by a manifest path (`keys/ID.p8`); a keystore error naming it when it is missing.
    func readObject(_ name: String, limit: Int) throws -> [UInt8]

    /// Where the object `name` is kept, for messages: a file path, or a URL.
    func objectLocation(_ name: String) -> String
}

/// A store whose objects are files, for programs that only read files (libcurl's client certificate and key).
/// Only stores that keep files conform; a caller that needs a file from another store makes one itself.
public protocol ObjectFileStorage: Sendable {
    /// The files of the store.
    var layout: KeystoreLayout { get }

    /// The file holding the object `name`.
    func objectPath(_ name: String) -> String
}

/// The token cache every user of the keystore shares.
public protocol TokenCacheStorage: Sendable {
    /// Runs `body` on the token cache with every other user of the cache kept out; writes it back if changed.
    func withTokenCache<T>(_ body: (inout TokenCache) throws -> T) throws -> T

    /// The token cache as stored now; empty when absent or unreadable (a cache can always be rebuilt).
    func readTokenCache() -> TokenCache

    /// The token cache read without exclusive access, when that is cheaper than ``withTokenCache(_:)`` (etcd: one
    /// read, no lock); nil to always go through ``withTokenCache(_:)``.
    func peekTokenCache() throws -> TokenCache?
}

/// The audit log: every change's entry, and the entries that belong to no change.
public protocol AuditStorage: Sendable {
    /// Appends an entry that belongs to no manifest change (a refused canary, `keystore.init`).
    func appendAudit(_ entry: AuditEntry) throws

    /// Audit entries, oldest first, at or after `since`, with interrupted changes settled (see ``AuditEntry``).
    func auditEntries(since: Date?) throws -> [AuditEntry]
}

/// The lock of a long operation (a rotation with its canary), held across hosts.
public protocol OperationLockStorage: Sendable {
    /// Runs `body`, a long operation named `name`, while no other host runs one on this keystore; another host's
    /// operation in progress is a keystore error (exit 5) naming its holder. A fleet store holds the lock on a
    /// lease, so a crashed holder frees it within seconds.
    func withOperationLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T
}
