import APNsCore
import APNsCredentials
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `profile inspect`'s report on one profile, for people (``text``) and for scripts (JSON, documented in
/// docs/provisioning.md).
///
/// JSON fields: `kind` ("profile"), `file`, `sha256` (of the file), `name`, `uuid`, `team_id`, `team_name`,
/// `app_id_name`, `application_identifier`, `bundle_id` (after the team prefix, wildcards kept), `wildcard`,
/// `platforms`, `created_at`, `expires_at`, `days_left`, `expired`, `aps_environment` (null when absent),
/// `aps_environment_key`, `get_task_allow`, `provisioned_devices` (count, null without a list),
/// `provisions_all_devices`, `developer_certificates` (count), `certificates` (each `subject`, `common_name`,
/// `team_id`, `sha256`, `not_after`, `days_left`), `entitlements` (every entitlement as in the plist),
/// `signature` (verified/untrusted/invalid/unsigned), `signature_detail`, `signer`, `trust_anchor`,
/// `signature_checked_at`.
public struct ProfileReport: Encodable, Sendable {
    /// The profile as read.
    public var document: ProfileDocument
    /// "Now", for days left.
    public var now: Date

    public init(_ document: ProfileDocument, now: Date) {
        self.document = document
        self.now = now
    }

    enum CodingKeys: String, CodingKey {
        case kind, file, sha256, name, uuid, teamID = "team_id", teamName = "team_name", appIDName = "app_id_name"
        case applicationIdentifier = "application_identifier", bundleID = "bundle_id", wildcard, platforms
        case createdAt = "created_at", expiresAt = "expires_at", daysLeft = "days_left", expired
        case apsEnvironment = "aps_environment", apsEnvironmentKey = "aps_environment_key"
        case getTaskAllow = "get_task_allow", provisionedDevices = "provisioned_devices"
        case provisionsAllDevices = "provisions_all_devices", developerCertificates = "developer_certificates"
        case certificates, entitlements, signature, signatureDetail = "signature_detail", signer
        case trustAnchor = "trust_anchor", signatureCheckedAt = "signature_checked_at"
    }

    /// One developer certificate of the profile.
    struct CertificateSummary: Encodable {
        var certificate: APNsCertificate
        var now: Date

        enum CodingKeys: String, CodingKey {
            case subject, commonName = "common_name", teamID = "team_id", sha256, notAfter = "not_after"
            case daysLeft = "days_left"
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(certificate.subject, forKey: .subject)
            try c.encode(certificate.commonName, forKey: .commonName)
            try c.encode(certificate.teamID, forKey: .teamID)
            try c.encode(certificate.sha256Fingerprint, forKey: .sha256)
            try c.encode(certificate.notAfter, forKey: .notAfter)
            try c.encode(certificate.daysLeft(at: now), forKey: .daysLeft)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let p = document.profile
        try c.encode("profile", forKey: .kind)
        try c.encode(document.file, forKey: .file)
        try c.encode(document.sha256, forKey: .sha256)
        try c.encode(p.name, forKey: .name)
        try c.encode(p.uuid, forKey: .uuid)
        try c.encode(p.teamID, forKey: .teamID)
        try c.encode(p.teamName, forKey: .teamName)
        try c.encode(p.appIDName, forKey: .appIDName)
        try c.encode(p.applicationIdentifier, forKey: .applicationIdentifier)
        try c.encode(p.bundleID, forKey: .bundleID)
        try c.encode(p.isWildcard, forKey: .wildcard)
        try c.encode(p.platforms, forKey: .platforms)
        try c.encode(p.creationDate, forKey: .createdAt)
        try c.encode(p.expirationDate, forKey: .expiresAt)
        try c.encode(p.daysLeft(at: now), forKey: .daysLeft)
        try c.encode(p.expirationDate.map { $0 < now }, forKey: .expired)
        try c.encode(p.apsEnvironment, forKey: .apsEnvironment)
        try c.encode(p.apsEnvironmentKey, forKey: .apsEnvironmentKey)
        try c.encode(p.getTaskAllow, forKey: .getTaskAllow)
        try c.encode(p.provisionedDevices, forKey: .provisionedDevices)
        try c.encode(p.provisionsAllDevices, forKey: .provisionsAllDevices)
        try c.encode(p.developerCertificates.count + p.unreadableCertificates, forKey: .developerCertificates)
        try c.encode(p.developerCertificates.map { CertificateSummary(certificate: $0, now: now) }, forKey: .certificates)
        try c.encode(p.entitlements, forKey: .entitlements)
        let s = document.signature
        try c.encode(s.state, forKey: .signature)
        try c.encode(s.detail, forKey: .signatureDetail)
        try c.encode(s.signer, forKey: .signer)
        try c.encode(s.trustAnchor, forKey: .trustAnchor)
        try c.encode(s.checkedAt, forKey: .signatureCheckedAt)
    }

    /// The human form: one labelled row per fact, then the certificates and every entitlement.
    public var text: String {
        let p = document.profile
        var lines = [document.file + " (provisioning profile)"]
        func row(_ label: String, _ value: String?) {
            lines.append("  " + (label.isEmpty ? "" : label + ":").padded(toLength: 17)
                         + (value ?? "-"))
        }
        row("name", p.name)
        row("uuid", p.uuid)
        row("team", p.teamID.map { id in p.teamName.map { "\(id) (\($0))" } ?? id })
        row("app id name", p.appIDName)
        row("app identifier", p.applicationIdentifier)
        row("bundle id", p.bundleID.map { p.isWildcard ? "\($0) (wildcard)" : $0 })
        row("platforms", p.platforms.isEmpty ? nil : p.platforms.joined(separator: ", "))
        row("created", p.creationDate.map(ProfileDates.iso))
        if let expires = p.expirationDate, let days = p.daysLeft(at: now) {
            row("expires", ProfileDates.iso(expires) + (days < 0 ? " (expired \(-days) days ago)" : " (\(days) days left)"))
        } else {
            row("expires", nil)
        }
        row("aps-environment", p.apsEnvironment.map { env in
            p.apsEnvironmentKey == "aps-environment" ? env : "\(env) (\(p.apsEnvironmentKey ?? ""))"
        } ?? "absent (no push entitlement)")
        row("get-task-allow", p.getTaskAllow.map { $0 ? "true" : "false" })
        if p.provisionsAllDevices {
            row("devices", "all devices (enterprise)")
        } else {
            row("devices", p.provisionedDevices.map { "\($0) provisioned" } ?? "none listed")
        }
        let s = document.signature
        row("signature", "\(s.state.rawValue): \(s.detail)")
        if let signer = s.signer { row("signer", signer) }
        row("certificates", p.developerCertificates.isEmpty ? "none" : String(p.developerCertificates.count))
        for certificate in p.developerCertificates {
            let days = certificate.daysLeft(at: now)
            lines.append("    \(certificate.subject)")
            lines.append("      sha256 \(certificate.sha256Fingerprint)")
            lines.append("      not after \(ProfileDates.iso(certificate.notAfter))"
                         + (days < 0 ? " (expired \(-days) days ago)" : " (\(days) days left)"))
        }
        if p.unreadableCertificates > 0 { lines.append("    (\(p.unreadableCertificates) not readable as certificates)") }
        row("entitlements", p.entitlements.isEmpty ? "none" : String(p.entitlements.count))
        for (key, value) in p.entitlements.sorted(by: { $0.key < $1.key }) {
            lines.append("    \(key): \(value.text)")
        }
        return lines.joined(separator: "\n")
    }
}
