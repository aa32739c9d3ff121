import APNsCore
import APNsModel
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
    /// The keys now active in the rotated slots, in the order asked.
    public let activeKeyIDs: [String]
    /// The keys this rotation retired (they held one of those slots); empty when the slots were free.
    public let retiredKeyIDs: [String]
    /// The slots the rotation changed.
    public let slots: [KeySlot]
    /// Slots a retired key covered that no key covers now (only with `allowGap`).
    public let uncovered: [KeySlot]
    /// Until when the retired keys still verify tokens; nil when none was retired.
    public let verifyUntil: Date?
    /// True when the canary probes ran and passed.
    public let probed: Bool

    /// The first key made active (the only one unless several were named).
    public var activeKeyID: String { activeKeyIDs.first ?? "" }
    /// The first key retired, if any.
    public var retiredKeyID: String? { retiredKeyIDs.first }
}

/// A canary run before a rotation commits: called once per key made active with a token that key signed;
/// the closure probes each environment it should and throws to refuse the rotation.
public typealias RotationCanary = @Sendable (KeyRecord, ProviderToken) async throws -> Void

extension Keystore {
    /// Default grace period during which a retired key still verifies tokens: 60 minutes.
    public static let defaultGrace: TimeInterval = 60 * 60

    /// Makes `newKeyID` active in the slots it covers; see the variant taking several keys.
    public func rotate(team: String, to newKeyID: String, grace: TimeInterval = defaultGrace, allowGap: Bool = false,
                       canary: RotationCanary? = nil) async throws -> RotationResult {
        try await rotate(team: team, to: [newKeyID], grace: grace, allowGap: allowGap, canary: canary)
    }

    /// Makes `newKeyIDs` active in every slot they cover and retires the keys active there, in one atomic
    /// manifest write (``ActiveKeyRule/planRotation(team:to:keys:allowGap:)``: refused when a slot would be left
    /// uncovered, unless `allowGap`).
    ///
    /// When `canary` is given it runs first, outside the lock, once per new key with a token that key signed; if
    /// it throws, nothing changes (the refusal is audited). Cached tokens of the retired keys are dropped.
    ///
    /// The whole rotation, canary included, holds the storage's operation lock
    /// (``OperationLockStorage/withOperationLock(_:_:)``): a second host rotating meanwhile is refused (exit 5).
    public func rotate(team: String, to newKeyIDs: [String], grace: TimeInterval = defaultGrace,
                       allowGap: Bool = false, canary: RotationCanary? = nil) async throws -> RotationResult {
        try AppleIdentifier.validate(team, as: .team)
        for keyID in newKeyIDs { try AppleIdentifier.validate(keyID, as: .rotationTarget) }
        guard grace >= 0 else { throw RotationRequestError.negativeGrace }
        try ActiveKeyRule.checkTargets(newKeyIDs)
        return try await storage.withOperationLock("rotation") {
            try await rotateHoldingLock(team: team, to: newKeyIDs, grace: grace, allowGap: allowGap, canary: canary)
        }
    }

    private func rotateHoldingLock(team: String, to newKeyIDs: [String], grace: TimeInterval, allowGap: Bool,
                                   canary: RotationCanary?) async throws -> RotationResult {
        let named = newKeyIDs.joined(separator: ",")
        var probed = false
        if let canary {
            // Check the transition first so a doomed rotation never probes.
            let keys = try manifest().keys
            _ = try ActiveKeyRule.planRotation(team: team, to: newKeyIDs, keys: keys, allowGap: allowGap)
            for keyID in newKeyIDs {
                let candidate = try key(keyID)
                let token = try ProviderToken.sign(keyID: keyID, teamID: team, issuedAt: clock.now(),
                                                   key: try privateKey(of: candidate))
                do {
                    try await canary(candidate, token)
                } catch {
                    let failure = error as? APNsError
                    let message = failure?.message ?? String(describing: error)
                    try? storage.appendAudit(AuditEntry(time: clock.now(), action: "key.rotate", teamID: team,
                                                    keyID: named, outcome: .refused,
                                                    detail: "canary probe of \(keyID) failed: \(message)"))
                    // The probe's own exit status stands: APNs refusing the key (1) is not APNs being unreachable (4).
                    let status = failure.map { $0.status == .ok ? .checkFailed : $0.status } ?? .checkFailed
                    let probeHint = failure.map { $0.hint.isEmpty ? "" : $0.hint + "; " } ?? ""
                    throw APNsError(status, "rotation to \(keyID) refused: the canary probe failed: \(message)",
                                    hint: probeHint + "nothing changed: \(team)'s active keys are unchanged")
                }
            }
            probed = true
        }
        return try change(action: "key.rotate", team: team, keyID: named) { manifest, change in
            let plan = try ActiveKeyRule.planRotation(team: team, to: newKeyIDs, keys: manifest.keys,
                                                      allowGap: allowGap)
            let now = clock.now()
            for keyID in plan.retire {
                var old = try manifest.requireKey(keyID)
                old.state = .retired
                old.retiredAt = now
                old.verifyUntil = now.addingTimeInterval(grace)
                manifest.update(old)
                change.dropTokensOf.append(keyID)
            }
            for keyID in plan.activate {
                var incoming = try manifest.requireKey(keyID)
                incoming.state = .active
                incoming.activatedAt = now
                incoming.retiredAt = nil
                incoming.verifyUntil = nil
                manifest.update(incoming)
            }
            change.detail = "active \(plan.activate.joined(separator: ", "))"
                + (plan.retire.isEmpty ? "" : ", retired \(plan.retire.joined(separator: ", "))")
                + " in \(plan.slots.map(\.description).joined(separator: " "))"
                + (plan.uncovered.isEmpty ? "" : "; left without a key: \(plan.uncovered.map(\.description).joined(separator: " "))")
                + (probed ? ", canary passed" : "")
            return RotationResult(teamID: team, activeKeyIDs: plan.activate, retiredKeyIDs: plan.retire,
                                  slots: plan.slots, uncovered: plan.uncovered,
                                  verifyUntil: plan.retire.isEmpty ? nil : now.addingTimeInterval(grace),
                                  probed: probed)
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
            manifest.recordRevocation(of: record, at: clock.now(), by: AuditEntry.currentActor)
            change.dropTokensOf.append(keyID)
            change.detail = "was \(was.rawValue); cached tokens dropped; revoked for good (sha256 "
                + "\(record.fingerprint.prefix(16)))"
            return record
        }
    }

    /// Removes a revoked key's material (overwritten with zeros, fsynced, unlinked), then its manifest entry.
    /// The audit log keeps its history, and the manifest its tombstone (``RevokedKey``): the key id and its
    /// material are refused forever after.
    public func purge(_ keyID: String) throws {
        try change(action: "key.purge", team: nil, keyID: keyID) { manifest, change in
            let record = try manifest.requireKey(keyID)
            change.teamID = record.teamID
            try KeyTransition.checkPurge(record)
            // Material first: a crash before the manifest write leaves a revoked entry without material,
            // which never signs and which a second purge removes.
            change.shredBefore.append((record.file, crashBefore: "before-shred"))
            manifest.keys.removeAll { $0.keyID == keyID }
            // A key revoked before tombstones were kept gets one now (who revoked it is not known).
            manifest.recordRevocation(of: record, at: clock.now(), by: nil)
            change.detail = "team \(record.teamID), sha256 \(record.fingerprint.prefix(16)); material removed; "
                + "tombstone kept"
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
