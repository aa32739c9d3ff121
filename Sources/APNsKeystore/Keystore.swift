import APNsCore
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A keystore: signing keys with their states and scopes, certificates, the token cache and the audit log,
/// kept by a ``KeystoreStorage`` (a directory by default).
///
/// A value names the store; every read goes to the storage, so several processes (and `Keystore` values) see one
/// another's changes. Every change runs through ``change(action:team:keyID:_:)``: the rules edit the manifest and
/// record what else to store or remove, the storage makes it one atomic, audited step. Opening a directory checks
/// its permissions as ssh does.
public struct Keystore: Sendable {
    /// Where the records are kept.
    public private(set) var storage: any KeystoreStorage
    /// The same store as files, when it keeps its objects as files (a directory); nil for one that does not (etcd).
    public let files: (any ObjectFileStorage)?
    /// "Now", for records, the audit log and tokens.
    public var clock: any APNsClock
    /// Supplies the passphrase of an encrypted key when it must be decrypted (signing). Nil: encrypted keys
    /// cannot sign.
    public var passphrase: (@Sendable (KeyRecord) throws -> String)?

    /// The default wait for the lock.
    public static let defaultLockTimeout: TimeInterval = 10

    /// A keystore over `storage`, which keeps no files.
    public init(storage: some KeystoreStorage, clock: any APNsClock = SystemClock()) {
        self.storage = storage
        self.files = nil
        self.clock = clock
    }

    /// A keystore over `storage`, which keeps its objects as files.
    public init(storage: some KeystoreStorage & ObjectFileStorage, clock: any APNsClock = SystemClock()) {
        self.storage = storage
        self.files = storage
        self.clock = clock
    }

    private init(layout: KeystoreLayout, lockTimeout: TimeInterval, clock: any APNsClock) {
        self.init(storage: DirectoryStorage(layout: layout, lockTimeout: lockTimeout), clock: clock)
    }

    /// How long a change waits for another writer before giving up.
    public var lockTimeout: TimeInterval {
        get { storage.lockTimeout }
        set { storage.lockTimeout = newValue }
    }

    /// The files of a directory keystore; nil for a store that keeps no files.
    public var layout: KeystoreLayout? { files?.layout }

    /// Where the object `name` (a manifest path such as `keys/ID.p8`) is kept, for messages: a file path, or a URL.
    public func objectLocation(_ name: String) -> String { storage.objectLocation(name) }

    /// The store's location: the directory path, or a URL.
    public var path: String { storage.location }

    /// Creates a keystore at `path` (directory 0700, empty manifest 0600). Refuses a directory that already
    /// holds one; an existing empty or README-only directory (the repository's `keystore/`) is fine.
    public static func create(at path: String, clock: any APNsClock = SystemClock(),
                              lockTimeout: TimeInterval = defaultLockTimeout) throws -> Keystore {
        let layout = KeystoreLayout(root: path)
        let store = Keystore(layout: layout, lockTimeout: lockTimeout, clock: clock)
        if let denied = KeystoreAccess.check(path).error { throw denied }
        if FileManager.default.fileExists(atPath: layout.manifest) {
            throw APNsError.keystore("\(path): already holds a keystore",
                                     remedy: KeystoreRemedy.useExisting(path))
        }
        try SecureFile.ensureDirectory(path)
        try SecureFile.ensureDirectory(layout.keysDirectory)
        try SecureFile.ensureDirectory(layout.certificatesDirectory)
        let lock = try KeystoreLock(path: layout.lock, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        if !FileManager.default.fileExists(atPath: layout.manifest) {
            try SecureFile.write(try KeystoreJSON.encode(Manifest()), to: layout.manifest, mode: 0o600)
        }
        try? store.storage.appendAudit(AuditEntry(time: clock.now(), action: "keystore.init", teamID: nil, keyID: nil,
                                              outcome: .ok, detail: "created \(path)"))
        return store
    }

    /// Opens the keystore at `path`: it must exist, be the user's, have safe permissions and a readable manifest.
    /// A manifest from an older apnsctl is migrated to the current version first (``migrateIfNeeded()``).
    public static func open(at path: String, clock: any APNsClock = SystemClock(),
                            lockTimeout: TimeInterval = defaultLockTimeout) throws -> Keystore {
        let layout = KeystoreLayout(root: path)
        let store = Keystore(layout: layout, lockTimeout: lockTimeout, clock: clock)
        if let denied = KeystoreAccess.check(path).error { throw denied }
        guard FileManager.default.fileExists(atPath: layout.manifest) else {
            throw APNsError.keystore("\(path): no keystore here (no keystore.json)",
                                     remedy: KeystoreRemedy.createKeystore(path, orNameAnother: true))
        }
        try KeystorePermissions.enforce(layout)
        try store.migrateIfNeeded()
        return store
    }

    /// Opens the keystore a ``KeystoreLocation`` names.
    public static func open(_ location: KeystoreLocation, clock: any APNsClock = SystemClock(),
                            lockTimeout: TimeInterval = defaultLockTimeout) throws -> Keystore {
        try open(at: location.path, clock: clock, lockTimeout: lockTimeout)
    }

    /// Reads the manifest as it is stored now.
    public func manifest() throws -> Manifest {
        try Manifest.decode(try storage.readManifest(), path: layout?.manifest ?? storage.location)
    }

    /// Every key, or the keys of `team`, sorted by team and creation.
    public func keys(team: String? = nil) throws -> [KeyRecord] {
        try manifest().keys.filter { team == nil || $0.teamID == team }
    }

    /// The key with `keyID`; a keystore error (exit 5) when it is not there.
    public func key(_ keyID: String) throws -> KeyRecord {
        try manifest().requireKey(keyID)
    }

    /// The active keys of `team` (one per slot); a keystore error naming the team when it has none.
    public func activeKeys(team: String) throws -> [KeyRecord] {
        try manifest().requireActiveKeys(team: team, keystore: path)
    }

    /// Audit entries, oldest first, at or after `since`, with intents settled against the manifest on disk
    /// (see ``AuditEntry``).
    public func auditEntries(since: Date? = nil) throws -> [AuditEntry] {
        try storage.auditEntries(since: since)
    }

    /// Sets every directory to 0700 and file to 0600. Works on a keystore `open` refuses.
    public static func fixPermissions(at path: String) throws -> [PermissionProblem] {
        let layout = KeystoreLayout(root: path)
        if let denied = KeystoreAccess.check(path).error { throw denied }
        guard FileManager.default.fileExists(atPath: layout.manifest) else {
            throw APNsError.keystore("\(path): no keystore here (no keystore.json)",
                                     remedy: KeystoreRemedy.createKeystore(path, orNameAnother: false))
        }
        return try KeystorePermissions.fix(layout)
    }

    /// What a change does besides editing the manifest.
    typealias Change = KeystoreChange

    /// Runs `body` (the keystore's rules) on the stored manifest and has the storage commit the result in one
    /// atomic, audited step (``ManifestStorage/commit(action:team:keyID:now:_:)``). The last guard of the
    /// invariants runs here: a manifest that breaks one (two active keys in a slot) is refused, never stored.
    func change<T>(action: String, team: String?, keyID: String?,
                   _ body: (inout Manifest, inout KeystoreChange) throws -> T) throws -> T {
        let clock = self.clock
        return try storage.commit(action: action, team: team, keyID: keyID, now: { clock.now() }) { manifest, change in
            let before = manifest
            let result = try body(&manifest, &change)
            if manifest != before, let problem = manifest.problems.first {
                throw APNsError.keystore("\(action) refused: it would leave \(problem)",
                                         remedy: KeystoreRemedy.listKeyStates)
            }
            return result
        }
    }

    /// The token cache as stored; empty when absent or unreadable (a cache can always be rebuilt).
    func readTokenCache() -> TokenCache { storage.readTokenCache() }

    /// Decodes token cache bytes; empty when they are not one (public for the fuzz target `fuzz-token-cache`).
    public static func decodeTokenCache(_ bytes: [UInt8]) -> TokenCache {
        (try? KeystoreJSON.decoder.decode(TokenCache.self, from: Data(bytes))) ?? TokenCache()
    }
}
