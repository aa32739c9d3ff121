import APNsCore
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What a rotation did.
public struct RotationResult: Sendable, Equatable {
    /// The team rotated.
    public let teamID: String
    /// The key now active.
    public let activeKeyID: String
    /// The key retired by this rotation; nil when the team had no active key.
    public let retiredKeyID: String?
    /// Until when the retired key still verifies tokens.
    public let verifyUntil: Date?
    /// True when a canary probe ran and passed.
    public let probed: Bool
}

extension Keystore {
    /// Default grace period during which a retired key still verifies tokens: 60 minutes.
    public static let defaultGrace: TimeInterval = 60 * 60

    /// Makes `newKeyID` the active key of `team` and retires the old one, in one atomic manifest write.
    ///
    /// When `canary` is given it runs first, outside the lock, with a token signed by the NEW key; if it throws,
    /// nothing changes (the refusal is audited). Cached tokens of the old key are dropped.
    public func rotate(team: String, to newKeyID: String, grace: TimeInterval = defaultGrace,
                       canary: (@Sendable (ProviderToken) async throws -> Void)? = nil) async throws -> RotationResult {
        try AppleIdentifier.validate(team, what: "team id", flag: "--team")
        try AppleIdentifier.validate(newKeyID, what: "key id", flag: "--to")
        guard grace >= 0 else { throw APNsError.usage("--grace must not be negative") }
        var probed = false
        if let canary {
            // Check the transition first so a doomed rotation never probes.
            let candidate = try key(newKeyID)
            try KeyTransition.checkPromote(candidate, team: team)
            let token = try ProviderToken.sign(keyID: newKeyID, teamID: team, issuedAt: clock.now(),
                                               key: try privateKey(of: candidate))
            do {
                try await canary(token)
            } catch {
                let failure = error as? APNsError
                let message = failure?.message ?? String(describing: error)
                try? auditLog.append(AuditEntry(time: clock.now(), action: "key.rotate", teamID: team,
                                                keyID: newKeyID, outcome: .refused,
                                                detail: "canary probe failed: \(message)"))
                // The probe's own exit status stands: APNs refusing the key (1) is not APNs being unreachable (4).
                let status = failure.map { $0.status == .ok ? .checkFailed : $0.status } ?? .checkFailed
                let probeHint = failure.map { $0.hint.isEmpty ? "" : $0.hint + "; " } ?? ""
                throw APNsError(status, "rotation to \(newKeyID) refused: the canary probe failed: \(message)",
                                hint: probeHint + "nothing changed: \(team)'s active key is unchanged")
            }
            probed = true
        }
        return try change(action: "key.rotate", team: team, keyID: newKeyID) { manifest, change in
            var incoming = try manifest.requireKey(newKeyID)
            try KeyTransition.checkPromote(incoming, team: team)
            let now = clock.now()
            var retired: KeyRecord?
            if var old = manifest.activeKey(team: team) {
                old.state = .retired
                old.retiredAt = now
                old.verifyUntil = now.addingTimeInterval(grace)
                manifest.update(old)
                change.dropTokensOf.append(old.keyID)
                retired = old
            }
            incoming.state = .active
            incoming.activatedAt = now
            incoming.retiredAt = nil
            incoming.verifyUntil = nil
            manifest.update(incoming)
            change.detail = "active \(newKeyID)" + (retired.map { ", retired \($0.keyID)" } ?? "")
                + (probed ? ", canary passed" : "")
            return RotationResult(teamID: team, activeKeyID: newKeyID, retiredKeyID: retired?.keyID,
                                  verifyUntil: retired?.verifyUntil, probed: probed)
        }
    }

    /// Marks `keyID` revoked and drops every cached token it signed. The active key only with `force`.
    @discardableResult
    public func revoke(_ keyID: String, force: Bool = false) throws -> KeyRecord {
        try change(action: "key.revoke", team: nil, keyID: keyID) { manifest, change in
            var record = try manifest.requireKey(keyID)
            change.teamID = record.teamID
            try KeyTransition.checkRevoke(record, force: force)
            let was = record.state
            record.state = .revoked
            record.revokedAt = clock.now()
            record.verifyUntil = nil
            manifest.update(record)
            change.dropTokensOf.append(keyID)
            change.detail = "was \(was.rawValue); cached tokens dropped"
            return record
        }
    }

    /// Removes a revoked key's material (overwritten with zeros, fsynced, unlinked), then its manifest entry.
    /// The audit log keeps its history.
    public func purge(_ keyID: String) throws {
        try change(action: "key.purge", team: nil, keyID: keyID) { manifest, change in
            let record = try manifest.requireKey(keyID)
            change.teamID = record.teamID
            try KeyTransition.checkPurge(record)
            // Material first: a crash before the manifest write leaves a revoked entry without material,
            // which never signs and which a second purge removes.
            CrashPoint.reach("key.purge:before-shred")
            try Shredder.shred(layout.absolute(record.file))
            manifest.keys.removeAll { $0.keyID == keyID }
            change.detail = "team \(record.teamID), sha256 \(record.fingerprint.prefix(16)); material removed"
        }
    }
}

/// Overwrites a file with zeros, fsyncs, then unlinks it.
enum Shredder {
    static func shred(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return }
            throw APNsError.keystore("\(path): cannot overwrite: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        fstat(fd, &info)
        let zeros = [UInt8](repeating: 0, count: max(Int(info.st_size), 1))
        _ = zeros.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, Int(info.st_size)) }
        fsync(fd)
        close(fd)
        guard unlink(path) == 0 else {
            throw APNsError.keystore("\(path): cannot remove: \(String(cString: strerror(errno)))")
        }
        SecureFile.syncDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }
}
