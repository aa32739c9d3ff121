import APNsCore
import APNsTokens
import Foundation

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
    public static func open(at path: String, clock: any APNsClock = SystemClock(),
                            lockTimeout: TimeInterval = defaultLockTimeout) throws -> Keystore {
        let store = Keystore(layout: KeystoreLayout(root: path), lockTimeout: lockTimeout, clock: clock)
        guard FileManager.default.fileExists(atPath: store.layout.manifest) else {
            throw APNsError.keystore("\(path): no keystore here (no keystore.json)",
                                     hint: "create one with `apnsctl keystore init \(path)`, or pass --keystore PATH")
        }
        try KeystorePermissions.enforce(store.layout)
        _ = try store.manifest()
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

    /// The active key of `team`; a keystore error naming the team when it has none.
    public func activeKey(team: String) throws -> KeyRecord {
        try manifest().requireActiveKey(team: team, keystore: path)
    }

    /// The team to use when the user gave none: the only team in the keystore.
    public func defaultTeam() throws -> String {
        try manifest().onlyTeam(keystore: path)
    }

    /// Audit entries, oldest first, at or after `since`.
    public func auditEntries(since: Date? = nil) throws -> [AuditEntry] {
        try auditLog.entries(since: since)
    }

    /// Sets every directory to 0700 and file to 0600. Works on a keystore `open` refuses.
    public static func fixPermissions(at path: String) throws -> [PermissionProblem] {
        let layout = KeystoreLayout(root: path)
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
    }

    /// Runs `body` under the lock on a fresh manifest; writes the manifest atomically if it changed and
    /// appends an audit entry either way.
    func change<T>(action: String, team: String?, keyID: String?,
                   _ body: (inout Manifest, inout Change) throws -> T) throws -> T {
        let lock = try KeystoreLock(path: layout.lock, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        removeAbandonedTemporaryFiles()
        var manifest = try manifest()
        let before = manifest
        var change = Change()
        let result: T
        do {
            result = try body(&manifest, &change)
            if !change.dropTokensOf.isEmpty {
                var cache = readTokenCache()
                for keyID in change.dropTokensOf { cache.drop(keyID: keyID) }
                try writeTokenCache(cache)
            }
            if manifest != before {
                CrashPoint.reach("\(action):before-manifest")
                try SecureFile.write(try KeystoreJSON.encode(manifest), to: layout.manifest, mode: 0o600,
                                     overwrite: true)
                CrashPoint.reach("\(action):after-manifest")
            }
        } catch let error as APNsError {
            let outcome: AuditEntry.Outcome = error.status == .keystore || error.status == .usage ? .refused : .failed
            try? auditLog.append(AuditEntry(time: clock.now(), action: action, teamID: team ?? change.teamID,
                                            keyID: keyID, outcome: outcome, detail: error.message))
            throw error
        } catch {
            try? auditLog.append(AuditEntry(time: clock.now(), action: action, teamID: team ?? change.teamID,
                                            keyID: keyID, outcome: .failed, detail: "\(error)"))
            throw APNsError(.internalError, "\(action) failed: \(error)", hint: "the manifest was not changed; please report this")
        }
        do {
            try auditLog.append(AuditEntry(time: clock.now(), action: action, teamID: team ?? change.teamID,
                                           keyID: keyID, outcome: .ok, detail: change.detail))
        } catch let error as APNsError {
            throw APNsError.keystore("\(action) was made, but recording it failed: \(error.message)",
                                     hint: "check the free space and permissions of \(layout.audit)")
        }
        return result
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
