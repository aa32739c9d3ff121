import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl keystore status`: every key and certificate with its state, age and last use.
///
/// JSON fields: `keystore` (path), `min_days`, `ok` (false when a certificate expires within `min_days`),
/// `keys` ([KeyStatus]), `certificates` ([CertificateStatus]), `pending_requests` ([PendingRequestStatus]:
/// certificate requests waiting for Apple's certificate, with their age).
public struct KeystoreReport: Codable, Sendable, Equatable {
    public var keystore: String
    public var minDays: Int
    public var ok: Bool
    public var keys: [KeyStatus]
    public var certificates: [CertificateStatus]
    public var pendingRequests: [PendingRequestStatus]

    enum CodingKeys: String, CodingKey {
        case keystore, minDays = "min_days", ok, keys, certificates, pendingRequests = "pending_requests"
    }

    /// Builds the report. Pure: the manifest, last-use times and "now" are given.
    public init(keystore: String, manifest: Manifest, lastSigned: [String: Date], now: Date, minDays: Int) {
        self.keystore = keystore
        self.minDays = minDays
        keys = manifest.keys.map { KeyStatus(record: $0, lastUsed: lastSigned[$0.keyID], now: now) }
        certificates = manifest.certificates.map { CertificateStatus(record: $0, now: now, minDays: minDays) }
        pendingRequests = manifest.pendingRequests.map { PendingRequestStatus(record: $0, now: now) }
        ok = !certificates.contains { $0.expiring }
    }
}

/// One key as `keystore status`, `key list` and `key inspect` show it. No secret.
///
/// JSON fields: `key_id`, `team_id`, `state`, `origin` (`imported` | `generated`), `registered_with_apple`,
/// `encrypted`, `fingerprint` (SHA-256 of the public key DER, hex), `created_at`, `age_days`, `activated_at`,
/// `retired_at`, `verify_until` (end of a retired key's grace period), `revoked_at`, `last_used` (last time it
/// signed a token). Absent dates are omitted.
public struct KeyStatus: Codable, Sendable, Equatable {
    public var keyID: String
    public var teamID: String
    public var state: KeyState
    public var origin: KeyOrigin
    public var registeredWithApple: Bool
    public var encrypted: Bool
    public var fingerprint: String
    public var createdAt: Date
    public var ageDays: Int
    public var activatedAt: Date?
    public var retiredAt: Date?
    public var verifyUntil: Date?
    public var revokedAt: Date?
    public var lastUsed: Date?

    public init(record: KeyRecord, lastUsed: Date?, now: Date) {
        keyID = record.keyID
        teamID = record.teamID
        state = record.state
        origin = record.origin
        registeredWithApple = record.registeredWithApple
        encrypted = record.encrypted
        fingerprint = record.fingerprint
        createdAt = record.createdAt
        ageDays = Wording.ageDays(since: record.createdAt, now: now)
        activatedAt = record.activatedAt
        retiredAt = record.retiredAt
        verifyUntil = record.verifyUntil
        revokedAt = record.revokedAt
        self.lastUsed = lastUsed
    }

    enum CodingKeys: String, CodingKey {
        case keyID = "key_id", teamID = "team_id", state, origin, registeredWithApple = "registered_with_apple"
        case encrypted, fingerprint, createdAt = "created_at", ageDays = "age_days", activatedAt = "activated_at"
        case retiredAt = "retired_at", verifyUntil = "verify_until", revokedAt = "revoked_at"
        case lastUsed = "last_used"
    }
}

/// One certificate in `keystore status`.
///
/// JSON fields: `id`, `state` (`valid` | `expiring` | `expired`), `subject`, `topics`, `environments`,
/// `team_id`, `not_after`, `days_left` (rounded to the nearest day; negative once well past), `expiring` (true when `days_left` < `min_days`),
/// `imported_at`, `age_days`.
public struct CertificateStatus: Codable, Sendable, Equatable {
    /// A stored certificate's state at report time.
    public enum State: String, Codable, Sendable {
        case valid
        case expiring
        case expired
    }

    public var id: String
    public var state: State
    public var teamID: String?
    public var subject: String
    public var topics: [String]
    public var environments: [String]
    public var notAfter: Date
    public var daysLeft: Int
    /// "10 days left", "expires today", "expired 1 day ago" (``Wording``); not in JSON.
    public var timeLeft: String = ""
    public var expiring: Bool
    public var importedAt: Date
    public var ageDays: Int

    init(record: CertificateRecord, now: Date, minDays: Int) {
        id = record.id
        subject = record.subject
        topics = record.topics
        environments = record.environments
        notAfter = record.notAfter
        daysLeft = Wording.daysLeft(until: record.notAfter, now: now)
        timeLeft = Wording.timeLeft(until: record.notAfter, now: now)
        expiring = daysLeft < minDays
        state = record.notAfter <= now ? .expired : (expiring ? .expiring : .valid)
        teamID = record.teamID
        importedAt = record.importedAt
        ageDays = Wording.ageDays(since: record.importedAt, now: now)
    }

    enum CodingKeys: String, CodingKey {
        case id, state, teamID = "team_id", subject, topics, environments, notAfter = "not_after"
        case daysLeft = "days_left", expiring
        case importedAt = "imported_at", ageDays = "age_days"
    }
}

extension Keystore {
    /// The status report at the keystore clock's "now".
    public func status(minDays: Int = 30) throws -> KeystoreReport {
        KeystoreReport(keystore: path, manifest: try manifest(), lastSigned: lastSigned(), now: clock.now(),
                       minDays: minDays)
    }
}
