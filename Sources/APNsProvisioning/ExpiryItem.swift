import APNsCredentials
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One credential `apnsctl expiry` watches: a certificate, a provisioning profile, a signing key (.p8, which
/// never expires: its age is shown), a pending certificate request of the keystore (no expiry: its age is
/// shown), or a file that could not be read.
///
/// JSON fields: `kind` (`certificate`, `chain_certificate`, `profile`, `signing_key`, `request`, `unreadable`),
/// `source` (`keystore` or `file`), `file`, `name` (subject, profile name, key id, or request id and subject),
/// `team_id`, `key_id` (a signing key's id), `purpose` (a certificate's: `app_push`, `voip`, `pass_type_id`,
/// `website_push`, `not_push`), `environment`, `bundle_id` (a certificate's topic, a profile's app id, a request's
/// note), `not_after`, `days_left`, `created_at`, `age_days`, `error`, `verdict` (a certificate's or profile's, as
/// its judge says: `accepted` or `refused`; null for other credentials), `findings` (the judge's failed checks, each
/// `name`, `status`, `detail`, as `cert verify` and `profile verify` list them); absent values are null. (Prometheus labels
/// them `team_id`, `key_id`, `purpose`, `topic`.)
public struct ExpiryItem: Sendable, Encodable, Equatable {
    /// What kind of credential this is.
    public enum Kind: String, Sendable, Encodable, CaseIterable {
        case certificate
        case chainCertificate = "chain_certificate"
        case profile
        case signingKey = "signing_key"
        /// A pending certificate request (`cert request`) waiting for Apple's certificate.
        case request
        case unreadable
    }

    public var kind: Kind
    /// `keystore` or `file`.
    public var source: String
    /// The file it was read from.
    public var file: String
    /// Subject, profile name or key id.
    public var name: String
    public var team: String?
    /// A signing key's key id.
    public var keyID: String?
    /// What a certificate is for.
    public var purpose: String?
    /// `development`, `production`, `universal`; a profile's aps-environment.
    public var environment: String?
    /// The bundle id (a certificate's topic, a profile's app id).
    public var topic: String?
    public var notAfter: Date?
    public var daysLeft: Int?
    /// When a signing key or request was created (keystore) or a key file last changed.
    public var createdAt: Date?
    public var ageDays: Int?
    /// Why an unreadable file could not be read.
    public var error: String?
    /// What the certificate judge (a leaf certificate) or the profile judge (a profile) says; nil for the rest.
    public var verdict: Verdict?
    /// The judge's failed checks (empty when accepted).
    public var findings: [CertificateCheck] = []

    /// A judge's verdict on a certificate or profile.
    public enum Verdict: String, Sendable, Encodable {
        case accepted, refused
    }

    /// Records the judge's `checks`: refused when any failed.
    public mutating func judged(_ checks: [CertificateCheck]) {
        findings = checks.filter { $0.status == .fail }
        verdict = findings.isEmpty ? .accepted : .refused
    }

    public init(kind: Kind, source: String, file: String, name: String, team: String? = nil, keyID: String? = nil,
                purpose: String? = nil, environment: String? = nil, topic: String? = nil, notAfter: Date? = nil,
                daysLeft: Int? = nil, createdAt: Date? = nil, ageDays: Int? = nil, error: String? = nil) {
        self.kind = kind
        self.source = source
        self.file = file
        self.name = name
        self.team = team
        self.keyID = keyID
        self.purpose = purpose
        self.environment = environment
        self.topic = topic
        self.notAfter = notAfter
        self.daysLeft = daysLeft
        self.createdAt = createdAt
        self.ageDays = ageDays
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case kind, source, file, name, team = "team_id", keyID = "key_id", purpose, environment, topic = "bundle_id", notAfter = "not_after", daysLeft = "days_left"
        case createdAt = "created_at", ageDays = "age_days", error, verdict, findings
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(source, forKey: .source)
        try c.encode(file, forKey: .file)
        try c.encode(name, forKey: .name)
        try c.encode(team, forKey: .team)
        try c.encode(keyID, forKey: .keyID)
        try c.encode(purpose, forKey: .purpose)
        try c.encode(environment, forKey: .environment)
        try c.encode(topic, forKey: .topic)
        try c.encode(notAfter, forKey: .notAfter)
        try c.encode(daysLeft, forKey: .daysLeft)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(ageDays, forKey: .ageDays)
        try c.encode(error, forKey: .error)
        try c.encode(verdict, forKey: .verdict)
        try c.encode(verdict == nil ? nil : findings, forKey: .findings)
    }

    /// Soonest expiry first; then credentials that do not expire (oldest first); unreadable files last.
    public static func soonestFirst(_ a: ExpiryItem, _ b: ExpiryItem) -> Bool {
        func rank(_ item: ExpiryItem) -> Int { item.notAfter != nil ? 0 : (item.kind == .unreadable ? 2 : 1) }
        if rank(a) != rank(b) { return rank(a) < rank(b) }
        if let x = a.notAfter, let y = b.notAfter, x != y { return x < y }
        if let x = a.createdAt, let y = b.createdAt, x != y { return x < y }
        return (a.file, a.name) < (b.file, b.name)
    }
}
