import APNsCore
import APNsEtcd
import APNsKeystore
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EtcdStorage {
    /// One change as one transaction (see the type's summary). Crash-test points: the change's own points
    /// (`before-key-file`, …) and `before-manifest` are reached before the transaction, `after-manifest` after it:
    /// a process killed at any of them has committed everything or nothing, audit entry included.
    public func commit<T>(action: String, team: String?, keyID: String?, now: () -> Date,
                          _ prepare: (inout Manifest, inout KeystoreChange) throws -> T) throws -> T {
        for _ in 1...Self.attempts {
            guard let stored = try get(manifestKey) else { _ = try readManifest(); break }
            var manifest = try Manifest.decode(stored.value, path: location)
            let before = manifest
            var change = KeystoreChange()
            let result: T
            do {
                result = try prepare(&manifest, &change)
            } catch let error as APNsError {
                try? audit(action, team ?? change.teamID, keyID,
                           error.status == .keystore || error.status == .usage ? .refused : .failed, error.message, now)
                throw error
            } catch {
                try? audit(action, team ?? change.teamID, keyID, .failed, "\(error)", now)
                throw APNsError(.internalError, "\(action) failed: \(error)",
                                hint: "the keystore was not changed; please report this")
            }
            var compare = [EtcdCompare.unchanged(manifestKey, since: stored)]
            var operations = [EtcdOperation]()
            for write in change.writes {
                write.crashBefore.map { CrashPoint.reach("\(action):\($0)") }
                let sealed = try requireKEK("storing \(write.name)").seal(write.bytes, name: write.name)
                operations.append(.put(key: objectKey(write.name), value: sealed))
                write.crashAfter.map { CrashPoint.reach("\(action):\($0)") }
            }
            for shred in change.shredBefore {
                shred.crashBefore.map { CrashPoint.reach("\(action):\($0)") }
                operations.append(.delete(key: objectKey(shred.name)))
            }
            operations += change.shredAfterWrite.map { .delete(key: objectKey($0)) }
            // A dropped token goes with the change (every agent sees the delete at once), unless it is a retired
            // key's whose slots stay covered: that one stays until its successor's token replaces it.
            let drops = try tokenDrops(change.dropTokensOf, after: manifest)
            operations += drops.operations
            compare += drops.compare
            if manifest != before {
                operations.append(.put(key: manifestKey, value: try KeystoreCoding.encode(manifest)))
            }
            let entry = AuditEntry(time: now(), action: action, teamID: team ?? change.teamID, keyID: keyID,
                                   outcome: .ok, detail: change.detail)
            operations.append(.put(key: auditKey(entry), value: try KeystoreCoding.encode(entry)))
            CrashPoint.reach("\(action):before-manifest")
            if try txn(compare, operations).succeeded {
                CrashPoint.reach("\(action):after-manifest")
                return result
            }
            // Another host changed the keystore since it was read: read it again and apply the rules again.
        }
        let message = "\(location): the keystore kept changing while \(action) was being made (\(Self.attempts) attempts)"
        try? audit(action, team, keyID, .failed, message, now)
        throw APNsError.keystore(message, remedy: FleetRemedy.retryCommit)
    }

    func audit(_ action: String, _ team: String?, _ keyID: String?, _ outcome: AuditEntry.Outcome, _ detail: String,
               _ now: () -> Date) throws {
        try appendAudit(AuditEntry(time: now(), action: action, teamID: team, keyID: keyID, outcome: outcome,
                                   detail: detail))
    }
}
