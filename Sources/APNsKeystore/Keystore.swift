import APNsCore
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A keystore directory: signing keys with their states, certificates, the token cache and the audit log.
///
/// A value names the directory; every read goes to disk, so several processes (and `Keystore` values) see one
/// another's changes. Changes take an exclusive flock on `.lock`, rewrite `keystore.json` atomically (temp
/// file, fsync, rename, directory fsync) and append to `audit.log`. Opening checks permissions as ssh does.
public struct Keystore: Sendable {
    /// The files of this keystore.
    public let layout: KeystoreLayout
    /// How long a change waits for another process's lock before giving up.
    public var lockTimeout: TimeInterval
    /// "Now", for records, the audit log and tokens.
    public var clock: any APNsClock
    /// Supplies the passphrase of an encrypted key when it must be decrypted (signing). Nil: encrypted keys
    /// cannot sign.
    public var passphrase: (@Sendable (KeyRecord) throws -> String)?

    /// The default wait for the lock.
    public static let defaultLockTimeout: TimeInterval = 10

    private init(layout: KeystoreLayout, lockTimeout: TimeInterval, clock: any APNsClock) {
        self.layout = layout
        self.lockTimeout = lockTimeout
        self.clock = clock
    }

    /// The directory path.
    public var path: String { layout.root }

    /// Creates a keystore at `path` (directory 0700, empty manifest 0600). Refuses a directory that already
    /// holds one; an existing empty or README-only directory (the repository's `keystore/`) is fine.
    public static func create(at path: String, clock: any APNsClock = SystemClock(),
                              lockTimeout: TimeInterval = defaultLockTimeout) throws -> Keystore {
        let store = Keystore(layout: KeystoreLayout(root: path), lockTimeout: lockTimeout, clock: clock)
        if let denied = KeystoreAccess.check(path).error { throw denied }
        if FileManager.default.fileExists(atPath: store.layout.manifest) {
            throw APNsError.keystore("\(path): already holds a keystore",
                                     hint: "use it with --keystore \(path), or choose another directory")
        }
        try SecureFile.ensureDirectory(path)
        try SecureFile.ensureDirectory(store.layout.keysDirectory)
        try SecureFile.ensureDirectory(store.layout.certificatesDirectory)
        let lock = try KeystoreLock(path: store.layout.lock, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        if !FileManager.default.fileExists(atPath: store.layout.manifest) {
            try SecureFile.write(try KeystoreJSON.encode(Manifest()), to: store.layout.manifest, mode: 0o600)
        }
        try? store.auditLog.append(AuditEntry(time: clock.now(), action: "keystore.init", teamID: nil, keyID: nil,
                                              outcome: .ok, detail: "created \(path)"))
        return store
    }

    /// Opens the keystore at `path`: it must exist, be the user's, have safe permissions and a readable manifest.
    /// A manifest from an older apnsctl is migrated to the current version first (``migrateIfNeeded()``).
    public static func open(at path: String, clock: any APNsClock = SystemClock(),
                            lockTimeout: TimeInterval = defaultLockTimeout) throws -> Keystore {
        let store = Keystore(layout: KeystoreLayout(root: path), lockTimeout: lockTimeout, clock: clock)
        if let denied = KeystoreAccess.check(path).error { throw denied }
        guard FileManager.default.fileExists(atPath: store.layout.manifest) else {
            throw APNsError.keystore("\(path): no keystore here (no keystore.json)",
                                     hint: "create one with `apnsctl keystore init \(path)`, or pass --keystore PATH")
        }
        try KeystorePermissions.enforce(store.layout)
        try store.migrateIfNeeded()
        return store
    }

    /// Opens the keystore a ``KeystoreLocation`` names.
    public static func open(_ location: KeystoreLocation, clock: any APNsClock = SystemClock(),
                            lockTimeout: TimeInterval = defaultLockTimeout) throws -> Keystore {
        try open(at: location.path, clock: clock, lockTimeout: lockTimeout)
    }

    /// Reads the manifest as it is on disk now.
    public func manifest() throws -> Manifest {
        let bytes = try SecureFile.read(layout.manifest, limit: 64 << 20)
        return try Manifest.decode(bytes, path: layout.manifest)
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

    /// The team to use when the user gave none: the only team in the keystore.
    public func defaultTeam() throws -> String {
        try manifest().onlyTeam(keystore: path)
    }

    /// Audit entries, oldest first, at or after `since`, with intents settled against the manifest on disk
    /// (see ``AuditEntry``).
    public func auditEntries(since: Date? = nil) throws -> [AuditEntry] {
        let current = (try? SecureFile.read(layout.manifest, limit: 64 << 20)).map(AuditLog.digest)
        return AuditLog.reconcile(try auditLog.entries(since: since), currentManifestSHA256: current)
    }

    /// Sets every directory to 0700 and file to 0600. Works on a keystore `open` refuses.
    public static func fixPermissions(at path: String) throws -> [PermissionProblem] {
        let layout = KeystoreLayout(root: path)
        if let denied = KeystoreAccess.check(path).error { throw denied }
        guard FileManager.default.fileExists(atPath: layout.manifest) else {
            throw APNsError.keystore("\(path): no keystore here (no keystore.json)",
                                     hint: "create one with `apnsctl keystore init \(path)`")
        }
        return try KeystorePermissions.fix(layout)
    }

    var auditLog: AuditLog { AuditLog(path: layout.audit) }

    /// What a change does besides editing the manifest.
    struct Change {
        /// For the audit log: what happened.
        var detail = ""
        /// The team concerned, when only the body knows it (revoke, purge).
        var teamID: String?
        /// Key ids whose cached tokens must go (before the manifest is written).
        var dropTokensOf: [String] = []
        /// Files (relative) to overwrite and unlink once the new manifest is on disk (a joined request's key).
        var shredAfterWrite: [String] = []
    }

    /// Runs `body` under the lock on a fresh manifest; writes the manifest atomically if it changed and
    /// appends an audit entry either way. A manifest write is announced first by an `intent` line (fsynced), so
    /// a process killed after the write still leaves the change in the audit log (see ``AuditEntry``).
    func change<T>(action: String, team: String?, keyID: String?,
                   _ body: (inout Manifest, inout Change) throws -> T) throws -> T {
        let lock = try KeystoreLock(path: layout.lock, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        removeAbandonedTemporaryFiles()
        settleInterruptedChanges()
        var manifest = try manifest()
        removeOrphanedRequestKeys(manifest)
        let before = manifest
        var change = Change()
        var changeID: String?
        let result: T
        do {
            result = try body(&manifest, &change)
            if !change.dropTokensOf.isEmpty {
                var cache = readTokenCache()
                for keyID in change.dropTokensOf { cache.drop(keyID: keyID) }
                try writeTokenCache(cache)
            }
            if manifest != before {
                // The last guard of the invariants: a change that would break one is refused, never written.
                if let problem = manifest.problems.first {
                    throw APNsError.keystore("\(action) refused: it would leave \(problem)",
                                             hint: "`apnsctl key list` shows the keys' states and scopes")
                }
                let bytes = try KeystoreJSON.encode(manifest)
                let id = UUID().uuidString.lowercased()
                try auditLog.append(AuditEntry(time: clock.now(), action: action, teamID: team ?? change.teamID,
                                               keyID: keyID, outcome: .intent, detail: change.detail, changeID: id,
                                               manifestSHA256: AuditLog.digest(bytes)))
                changeID = id
                CrashPoint.reach("\(action):before-manifest")
                try SecureFile.write(bytes, to: layout.manifest, mode: 0o600, overwrite: true)
                CrashPoint.reach("\(action):after-manifest")
            }
            for file in change.shredAfterWrite {
                // The manifest no longer names it: a failure here leaves an orphan the next change removes.
                try? Shredder.shred(layout.absolute(file))
            }
        } catch let error as APNsError {
            let outcome: AuditEntry.Outcome = error.status == .keystore || error.status == .usage ? .refused : .failed
            try? auditLog.append(AuditEntry(time: clock.now(), action: action, teamID: team ?? change.teamID,
                                            keyID: keyID, outcome: outcome, detail: error.message, changeID: changeID))
            throw error
        } catch {
            try? auditLog.append(AuditEntry(time: clock.now(), action: action, teamID: team ?? change.teamID,
                                            keyID: keyID, outcome: .failed, detail: "\(error)", changeID: changeID))
            throw APNsError(.internalError, "\(action) failed: \(error)", hint: "the manifest was not changed; please report this")
        }
        do {
            try auditLog.append(AuditEntry(time: clock.now(), action: action, teamID: team ?? change.teamID,
                                           keyID: keyID, outcome: .ok, detail: change.detail, changeID: changeID))
        } catch let error as APNsError {
            throw APNsError.keystore("\(action) was made, but recording it failed: \(error.message)",
                                     hint: "check the free space and permissions of \(layout.audit)")
        }
        return result
    }

    /// Writes the outcome of every change a killed process announced but never finished: `ok` when the manifest
    /// on disk is the one its intent announced, else `failed`. Only called under the lock.
    func settleInterruptedChanges() {
        let pending = auditLog.unsettledIntents()
        guard !pending.isEmpty else { return }
        let current = (try? SecureFile.read(layout.manifest, limit: 64 << 20)).map(AuditLog.digest)
        for intent in pending {
            let committed = intent.manifestSHA256 != nil && intent.manifestSHA256 == current
            try? auditLog.append(AuditEntry(
                time: clock.now(), action: intent.action, teamID: intent.teamID, keyID: intent.keyID,
                outcome: committed ? .ok : .failed,
                detail: committed ? "\(intent.detail) (committed; the process making it was killed before its outcome line)"
                                  : "not committed: the process making it was killed before the manifest write",
                changeID: intent.changeID))
        }
    }

    /// Deletes temporary files a killed writer left (`.NAME.tmp-XXXXXX`, see `SecureFile.write`), so no copy
    /// of a key outlives its purge. Only called under the lock, when no other write is in flight.
    func removeAbandonedTemporaryFiles() {
        for directory in layout.directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names where name.hasPrefix(".") && name.contains(".tmp-") {
                try? FileManager.default.removeItem(atPath: directory + "/" + name)
            }
        }
    }

    /// The token cache file's contents; empty when absent or unreadable (a cache can always be rebuilt).
    func readTokenCache() -> TokenCache {
        guard let bytes = try? SecureFile.read(layout.tokenCache, limit: 16 << 20) else { return TokenCache() }
        return Self.decodeTokenCache(bytes)
    }

    /// Decodes token cache bytes; empty when they are not one (public for the fuzz target `fuzz-token-cache`).
    public static func decodeTokenCache(_ bytes: [UInt8]) -> TokenCache {
        (try? KeystoreJSON.decoder.decode(TokenCache.self, from: Data(bytes))) ?? TokenCache()
    }

    func writeTokenCache(_ cache: TokenCache) throws {
        try SecureFile.write(try KeystoreJSON.encode(cache), to: layout.tokenCache, mode: 0o600, overwrite: true)
    }
}
