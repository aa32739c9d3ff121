import APNsModel
import APNsCore

extension Keystore {
    /// Rewrites a manifest written by an older apnsctl (version 1 to 3) as ``Manifest/currentVersion``: every key
    /// then records ``KeyScope/legacy`` (both environments, team-scoped, scope unknown), which is how it was
    /// already read (versions 1 and 2), and every revoked key its tombstone (``RevokedKey``, version 4). Like every
    /// change it runs under the lock, writes atomically and is audited
    /// (`keystore.migrate`, with the versions and the number of keys). Returns the version migrated from; nil
    /// when the manifest was already current (nothing written, nothing audited).
    @discardableResult
    public func migrateIfNeeded() throws -> Int? {
        guard try manifest().needsMigration else { return nil }
        return try change(action: "keystore.migrate", team: nil, keyID: nil) { manifest, change in
            guard manifest.needsMigration else {
                change.detail = "already migrated by another apnsctl; nothing changed"
                return nil
            }
            let from = manifest.version
            manifest.version = Manifest.currentVersion
            let keys = manifest.keys.count
            var detail = "manifest version \(from) to \(Manifest.currentVersion): \(keys) key\(keys == 1 ? "" : "s")"
            if from < 3 { detail += " recorded with legacy scope (development+production, team-scoped, scope unknown)" }
            // Version 4: every revoked key gets its tombstone (who revoked it was not recorded).
            let revoked = manifest.keys.filter { $0.state == .revoked }
            for record in revoked { manifest.recordRevocation(of: record, at: clock.now(), by: nil) }
            if !revoked.isEmpty {
                detail += "; tombstones kept for revoked \(revoked.map(\.keyID).joined(separator: ", "))"
            }
            change.detail = detail
            return from
        }
    }
}
