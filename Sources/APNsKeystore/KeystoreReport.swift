import APNsCore
import APNsCredentials
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl keystore status`: every key and certificate with its state, age and last use.
///
/// JSON fields: `keystore` (path), `min_days`, `passed` (false when a certificate expires within `min_days`, is
/// no push certificate, or its judge refuses it (``judged(_:)``); the word every checking command uses), `keys` ([KeyStatus]), `certificates` ([CertificateStatus]), `pending_requests`
/// ([PendingRequestStatus]: certificate requests waiting for Apple's certificate, with their age), `revoked_keys`
/// ([RevokedKey]: every key ever revoked here, purged or not; never added again).
public struct KeystoreReport: Codable, Sendable, Equatable {
    public var keystore: String
    public var minDays: Int
    public var passed: Bool
    public var keys: [KeyStatus]
    public var certificates: [CertificateStatus]
    public var pendingRequests: [PendingRequestStatus]
    public var revokedKeys: [RevokedKey]

    enum CodingKeys: String, CodingKey {
        case keystore, minDays = "min_days", passed, keys, certificates, pendingRequests = "pending_requests"
        case revokedKeys = "revoked_keys"
    }

    /// Builds the report. Pure: the manifest, last-use times, each certificate's purpose (by record id; absent:
    /// its file did not read) and "now" are given.
    public init(keystore: String, manifest: Manifest, lastSigned: [String: Date], now: Date, minDays: Int,
                purposes: [String: CertificatePurpose] = [:]) {
        self.keystore = keystore
        self.minDays = minDays
        keys = manifest.keys.map { KeyStatus(record: $0, lastUsed: lastSigned[$0.keyID], now: now) }
        certificates = manifest.certificates.map {
            CertificateStatus(record: $0, now: now, minDays: minDays, purpose: purposes[$0.id])
        }
        pendingRequests = manifest.pendingRequests.map { PendingRequestStatus(record: $0, now: now) }
        revokedKeys = manifest.revokedKeys
        passed = !certificates.contains { $0.expiring || $0.purpose == .notPush }
    }

    /// Takes the certificate judge's failed checks of each certificate (by record id; `validity` is left out:
    /// `state` says it) and fails the report for each certificate refused.
    public mutating func judged(_ failures: [String: [CertificateCheck]]) {
        for index in certificates.indices {
            certificates[index].findings = (failures[certificates[index].id] ?? []).filter {
                $0.status == .fail && $0.name != "validity"
            }
        }
        passed = passed && !certificates.contains { $0.refused }
    }
}

/// One key as `keystore status`, `key list` and `key inspect` show it. No secret.
///
/// JSON fields: `key_id`, `team_id`, `state`, `origin` (`imported` | `generated`), `registered_with_apple`,
/// `encrypted`, `public_key_sha256` (SHA-256 of the SubjectPublicKeyInfo DER, hex), `created_at`, `age_days`,
/// `activated_at`, `retired_at`, `verify_until` (end of a retired key's grace period), `revoked_at`, `last_used`
/// (last time it signed a token), and the key's scope (``KeyScope``): `environments` (a list of `development`,
/// `production`), `restriction` (`team` | `topics`), `topics` (null for a team-scoped key), `related_key_id`
/// (null when none) and `scope_source` (`declared` | `discovered` | `legacy`). Absent dates are null.
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
    /// Where the key may be used (encoded flat: `environments`, `restriction`, `topics`, `related_key_id`,
    /// `scope_source`).
    public var scope: KeyScope

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
        scope = record.scope
    }

    enum CodingKeys: String, CodingKey {
        case keyID = "key_id", teamID = "team_id", state, origin, registeredWithApple = "registered_with_apple"
        case encrypted, fingerprint = "public_key_sha256", createdAt = "created_at", ageDays = "age_days"
        case activatedAt = "activated_at", retiredAt = "retired_at", verifyUntil = "verify_until"
        case revokedAt = "revoked_at", lastUsed = "last_used"
        case environments, restriction, topics, relatedKeyID = "related_key_id", scopeSource = "scope_source"
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        keyID = try c.decode(String.self, forKey: .keyID)
        teamID = try c.decode(String.self, forKey: .teamID)
        state = try c.decode(KeyState.self, forKey: .state)
        origin = try c.decode(KeyOrigin.self, forKey: .origin)
        registeredWithApple = try c.decode(Bool.self, forKey: .registeredWithApple)
        encrypted = try c.decode(Bool.self, forKey: .encrypted)
        fingerprint = try c.decode(String.self, forKey: .fingerprint)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        ageDays = try c.decode(Int.self, forKey: .ageDays)
        activatedAt = try c.decodeIfPresent(Date.self, forKey: .activatedAt)
        retiredAt = try c.decodeIfPresent(Date.self, forKey: .retiredAt)
        verifyUntil = try c.decodeIfPresent(Date.self, forKey: .verifyUntil)
        revokedAt = try c.decodeIfPresent(Date.self, forKey: .revokedAt)
        lastUsed = try c.decodeIfPresent(Date.self, forKey: .lastUsed)
        let topics = try c.decodeIfPresent([String].self, forKey: .topics)
        // An unsound scope is thrown as its ModelError: the manifest's reader quotes it (``ModelError/description``).
        scope = try KeyScope(environments: try c.decode([APNsEnvironment].self, forKey: .environments),
                             restriction: topics.map { .topics($0) } ?? .team,
                             relatedKeyID: try c.decodeIfPresent(String.self, forKey: .relatedKeyID),
                             source: try c.decode(KeyScope.Source.self, forKey: .scopeSource))
    }

    /// Every field always present: absent dates are null.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(keyID, forKey: .keyID)
        try c.encode(teamID, forKey: .teamID)
        try c.encode(state, forKey: .state)
        try c.encode(origin, forKey: .origin)
        try c.encode(registeredWithApple, forKey: .registeredWithApple)
        try c.encode(encrypted, forKey: .encrypted)
        try c.encode(fingerprint, forKey: .fingerprint)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(ageDays, forKey: .ageDays)
        try c.encode(activatedAt, forKey: .activatedAt)
        try c.encode(retiredAt, forKey: .retiredAt)
        try c.encode(verifyUntil, forKey: .verifyUntil)
        try c.encode(revokedAt, forKey: .revokedAt)
        try c.encode(lastUsed, forKey: .lastUsed)
        try c.encode(scope.environments, forKey: .environments)
        try c.encode(scope.isTeamScoped ? "team" : "topics", forKey: .restriction)
        try c.encode(scope.topics, forKey: .topics)
        try c.encode(scope.relatedKeyID, forKey: .relatedKeyID)
        try c.encode(scope.source, forKey: .scopeSource)
    }
}

/// One certificate in `keystore status`.
///
/// JSON fields: `id`, `state` (`valid` | `expiring` | `expired`), `subject`, `topics`, `environments`,
/// `team_id` (null when the subject has no OU), `not_after`, `days_left` (whole days, rounded down; negative once
/// past), `expiring` (true when `days_left` < `min_days`, that is when less than `min_days` days of 86,400 seconds
/// are left),
/// `imported_at`, `age_days`, `purpose` (``CertificatePurpose``: `app_push`, `voip`, `pass_type_id`, `website_push`,
/// `not_push`; null when the stored file does not read), `verdict` (`accepted`, or `refused` when the certificate
/// judge fails it for anything but its dates) and `findings` (those failed checks).
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
    /// "10 days left", "less than a day left", "expired 1 day ago" (``Wording``); not in JSON.
    public var timeLeft: String = ""

    /// The state and the time left for people, the state said once: "valid, 300 days left", "expiring, 12 days
    /// left", "expired 3 days ago" (not "expired, expired 3 days ago").
    public var stateAndTimeLeft: String {
        state == .expired ? timeLeft : "\(state.rawValue), \(timeLeft)"
    }
    public var expiring: Bool
    public var importedAt: Date
    public var ageDays: Int
    /// What the certificate is for (cert verify's purpose check); nil when its stored file does not read.
    public var purpose: CertificatePurpose?
    /// The certificate judge's failed checks, dates aside (``KeystoreReport/judged(_:)``); empty until judged.
    public var findings: [CertificateCheck] = []
    /// True when the certificate judge refuses it.
    public var refused: Bool { !findings.isEmpty }

    init(record: CertificateRecord, now: Date, minDays: Int, purpose: CertificatePurpose?) {
        self.purpose = purpose
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
        case importedAt = "imported_at", ageDays = "age_days", purpose, findings
    }

    enum VerdictKey: String, CodingKey { case verdict }

    /// Every field always present: `team_id` is null when the subject has no OU.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(state, forKey: .state)
        try c.encode(teamID, forKey: .teamID)
        try c.encode(subject, forKey: .subject)
        try c.encode(topics, forKey: .topics)
        try c.encode(environments, forKey: .environments)
        try c.encode(notAfter, forKey: .notAfter)
        try c.encode(daysLeft, forKey: .daysLeft)
        try c.encode(expiring, forKey: .expiring)
        try c.encode(importedAt, forKey: .importedAt)
        try c.encode(ageDays, forKey: .ageDays)
        try c.encode(purpose, forKey: .purpose)
        var verdict = encoder.container(keyedBy: VerdictKey.self)
        try verdict.encode(refused ? "refused" : "accepted", forKey: .verdict)
        try c.encode(findings, forKey: .findings)
    }
}

extension Keystore {
    /// The status report at the keystore clock's "now".
    public func status(minDays: Int = 30) throws -> KeystoreReport {
        let manifest = try manifest()
        var purposes = [String: CertificatePurpose]()
        for record in manifest.certificates {
            guard let pem = try? certificatePEM(of: record),
                  let leaf = try? CredentialReader().read(bytes: pem, name: record.certificateFile).leaf else { continue }
            purposes[record.id] = leaf.purpose
        }
        return KeystoreReport(keystore: path, manifest: manifest, lastSigned: lastSigned(), now: clock.now(),
                              minDays: minDays, purposes: purposes)
    }
}
