import APNsCore
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The embedded keystore storage: one directory (keystore/README.md).
///
/// Every change takes an exclusive flock on `.lock`, writes the new objects first, appends an `intent` audit line
/// (fsynced, with the SHA-256 of the manifest about to be written), writes `keystore.json` atomically (temp file,
/// fsync, rename, directory fsync), removes what the change shreds, then appends the outcome line. A process
/// killed at any instant leaves a directory that loads; the next change (and every reader of the audit log)
/// settles what it left.
public struct DirectoryStorage: KeystoreStorage, ObjectFileStorage {
    /// The files of the directory.
    public let layout: KeystoreLayout
    public var lockTimeout: TimeInterval

    public init(layout: KeystoreLayout, lockTimeout: TimeInterval) {
        self.layout = layout
        self.lockTimeout = lockTimeout
    }

    public var location: String { layout.root }

    var auditLog: AuditLog { AuditLog(path: layout.audit) }

    public func readManifest() throws -> [UInt8] {
        try SecureFile.read(layout.manifest, limit: 64 << 20, offerStandardInput: false)
    }

    public func readObject(_ name: String, limit: Int) throws -> [UInt8] {
        try SecureFile.read(layout.absolute(name), limit: limit, offerStandardInput: false)
    }

    public func objectPath(_ name: String) -> String { layout.absolute(name) }

    public func objectLocation(_ name: String) -> String { layout.absolute(name) }

    public func commit<T>(action: String, team: String?, keyID: String?, now: () -> Date,
                          _ prepare: (inout Manifest, inout KeystoreChange) throws -> T) throws -> T {
        let lock = try KeystoreLock(path: layout.lock, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        removeAbandonedTemporaryFiles()
        settleInterruptedChanges(now: now)
        var manifest = try Manifest.decode(try readManifest(), path: layout.manifest)
        removeOrphanedRequestKeys(manifest)
        let before = manifest
        var change = KeystoreChange()
        var changeID: String?
        let result: T
        func record(_ outcome: AuditEntry.Outcome, _ detail: String) throws {
            try auditLog.append(AuditEntry(time: now(), action: action, teamID: team ?? change.teamID, keyID: keyID,
                                           outcome: outcome, detail: detail, changeID: changeID))
        }
        do {
            result = try prepare(&manifest, &change)
            for write in change.writes {
                write.crashBefore.map { CrashPoint.reach("\(action):\($0)") }
                let path = layout.absolute(write.name)
                try SecureFile.ensureDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
                // An orphan file from an earlier crash (no manifest entry) is replaced.
                try SecureFile.write(write.bytes, to: path, mode: 0o600, overwrite: true)
                write.crashAfter.map { CrashPoint.reach("\(action):\($0)") }
            }
            for shred in change.shredBefore {
                shred.crashBefore.map { CrashPoint.reach("\(action):\($0)") }
                try Shredder.shred(layout.absolute(shred.name))
            }
            if !change.dropTokensOf.isEmpty {
                var cache = readTokenCache()
                for keyID in change.dropTokensOf { cache.drop(keyID: keyID) }
                try writeTokenCache(cache)
            }
            if manifest != before {
                let bytes = try KeystoreJSON.encode(manifest)
                let id = UUID().uuidString.lowercased()
                try auditLog.append(AuditEntry(time: now(), action: action, teamID: team ?? change.teamID,
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
            try? record(error.status == .keystore || error.status == .usage ? .refused : .failed, error.message)
            throw error
        } catch {
            try? record(.failed, "\(error)")
            throw APNsError(.internalError, "\(action) failed: \(error)", hint: "the manifest was not changed; please report this")
        }
        do {
            try record(.ok, change.detail)
        } catch let error as APNsError {
            throw APNsError.keystore("\(action) was made, but recording it failed: \(error.message)",
                                     hint: "check the free space and permissions of \(layout.audit)")
        }
        return result
    }

    public func withTokenCache<T>(_ body: (inout TokenCache) throws -> T) throws -> T {
        let lock = try KeystoreLock(path: layout.lock, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        let before = readTokenCache()
        var cache = before
        let result = try body(&cache)
        if cache != before {
            try writeTokenCache(cache)
        }
        return result
    }

    public func readTokenCache() -> TokenCache {
        guard let bytes = try? SecureFile.read(layout.tokenCache, limit: 16 << 20) else { return TokenCache() }
        return Keystore.decodeTokenCache(bytes)
    }

    /// Nil: a directory's cache is read under its flock (``withTokenCache(_:)``), which is as cheap as a read.
    public func peekTokenCache() throws -> TokenCache? { nil }

    func writeTokenCache(_ cache: TokenCache) throws {
        try SecureFile.write(try KeystoreJSON.encode(cache), to: layout.tokenCache, mode: 0o600, overwrite: true)
    }

    /// Runs `body` as it is: a directory serves one machine, whose changes its flock already serialises.
    public func withOperationLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T {
        try await body()
    }

    public func appendAudit(_ entry: AuditEntry) throws { try auditLog.append(entry) }

    public func auditEntries(since: Date?) throws -> [AuditEntry] {
        let current = (try? readManifest()).map(AuditLog.digest)
        return AuditLog.reconcile(try auditLog.entries(since: since), currentManifestSHA256: current)
    }

    /// Writes the outcome of every change a killed process announced but never finished: `ok` when the manifest
    /// on disk is the one its intent announced, else `failed`. Only called under the lock.
    func settleInterruptedChanges(now: () -> Date) {
        let pending = auditLog.unsettledIntents()
        guard !pending.isEmpty else { return }
        let current = (try? readManifest()).map(AuditLog.digest)
        for intent in pending {
            let committed = intent.manifestSHA256 != nil && intent.manifestSHA256 == current
            try? auditLog.append(AuditEntry(
                time: now(), action: intent.action, teamID: intent.teamID, keyID: intent.keyID,
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

    /// Shreds request keys the manifest no longer names (a crash between a join's manifest write and the
    /// removal of the request key). Only called under the lock.
    func removeOrphanedRequestKeys(_ manifest: Manifest) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.requestsDirectory)) ?? []
        let wanted = Set(manifest.pendingRequests.map(\.keyFile))
        for name in names where name.hasSuffix(".key.pem") && !name.hasPrefix(".") && !wanted.contains("requests/" + name) {
            try? Shredder.shred(layout.requestsDirectory + "/" + name)
        }
    }
}
