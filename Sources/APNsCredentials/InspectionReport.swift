import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `cert inspect` reports for one file. Encoded as JSON with these snake_case fields:
///
/// - `kind`: `credential` (a certificate signing request's report says `csr`)
/// - `file`: the path given; `format`: `pem`, `der` or `pkcs12`; `friendly_name`: PKCS#12 friendlyName or null
/// - `certificates`: ``CertificateReport`` objects, leaf first
/// - `private_key`: null, or `{"description": "RSA 2048", "encoding": "pkcs12", "matches_certificate": true}`
/// - `private_keys`: every key in the file, `{"description", "encoding", "matches": subject of the certificate it
///   belongs to, or null, "friendly_name": that certificate's PKCS#12 friendlyName, or null}` (a .p12 may hold
///   several: each is an identity, chosen by its number or friendly name); `key_choice`: how the key was chosen among several, or null;
///   `key_ambiguity`: why none was chosen, naming the choices, or null
/// - `warnings`: what is unusual (weak key, BER, unusual parameters), one string each
public struct InspectionReport: Encodable, Sendable {
    /// The path given (`-` for standard input).
    public var file: String
    /// How the file was encoded.
    public var format: CredentialFormat
    /// The PKCS#12 friendlyName, if any.
    public var friendlyName: String?
    /// The certificates, leaf first.
    public var certificates: [CertificateReport]
    /// The private key, if the file held one.
    public var privateKey: KeyReport?
    /// Every private key in the file, with the certificate each matches.
    public var privateKeys: [KeyEntry]
    /// How the key was chosen among several.
    public var keyChoice: String?
    /// Why no key was chosen among several.
    public var keyAmbiguity: String?
    /// What is unusual in the file.
    public var warnings: [String]

    /// One key of the file and the subject of the certificate it matches.
    public struct KeyEntry: Encodable, Sendable {
        /// `RSA 2048`, `EC P-256`, …
        public var kind: String
        /// How it was stored.
        public var encoding: PrivateKey.Encoding
        /// The matching certificate's subject; null when none matches.
        public var matches: String?
        /// The matching certificate's friendlyName in a .p12; null when it has none.
        public var friendlyName: String?

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(encoding, forKey: .encoding)
            try container.encode(matches, forKey: .matches)
            try container.encode(friendlyName, forKey: .friendlyName)
        }
        enum CodingKeys: String, CodingKey { case kind = "description", encoding, matches, friendlyName = "friendly_name" }
    }

    /// The key part of a report.
    public struct KeyReport: Encodable, Sendable {
        /// `RSA 2048`, `EC P-256`, …
        public var kind: String
        /// `pkcs8`, `encrypted_pkcs8`, `traditional_rsa`, `traditional_ec`, `pkcs12`.
        public var encoding: PrivateKey.Encoding
        /// Whether it is the leaf certificate's key; null without a certificate.
        public var matchesCertificate: Bool?

        enum CodingKeys: String, CodingKey {
            case kind = "description", encoding
            case matchesCertificate = "matches_certificate"
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(encoding, forKey: .encoding)
            try container.encode(matchesCertificate, forKey: .matchesCertificate)
        }
    }

    /// The report of `bundle` read from `file`, with days left counted from `now`.
    public init(file: String, bundle: CredentialBundle, now: Date) {
        self.file = file
        format = bundle.format
        friendlyName = bundle.friendlyName
        certificates = bundle.certificates.enumerated().map {
            CertificateReport($0.element, role: $0.offset == 0 ? "leaf" : "chain", now: now)
        }
        privateKey = bundle.privateKey.map {
            KeyReport(kind: $0.kind, encoding: $0.encoding, matchesCertificate: bundle.keyMatchesLeaf)
        }
        privateKeys = bundle.keys.map {
            let certificate = bundle.certificate(matching: $0)
            return KeyEntry(kind: $0.kind, encoding: $0.encoding, matches: certificate?.subject,
                            friendlyName: certificate.flatMap { bundle.certificateNames[$0.sha256Fingerprint] })
        }
        keyChoice = bundle.keyChoice
        keyAmbiguity = bundle.keyAmbiguity
        warnings = bundle.warnings
    }

    enum CodingKeys: String, CodingKey {
        case kind, file, format, certificates
        case friendlyName = "friendly_name"
        case privateKey = "private_key"
        case privateKeys = "private_keys", keyChoice = "key_choice", keyAmbiguity = "key_ambiguity", warnings
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("credential", forKey: .kind)
        try container.encode(file, forKey: .file)
        try container.encode(format, forKey: .format)
        try container.encode(friendlyName, forKey: .friendlyName)
        try container.encode(certificates, forKey: .certificates)
        try container.encode(privateKey, forKey: .privateKey)
        try container.encode(privateKeys, forKey: .privateKeys)
        try container.encode(keyChoice, forKey: .keyChoice)
        try container.encode(keyAmbiguity, forKey: .keyAmbiguity)
        try container.encode(warnings, forKey: .warnings)
    }
}

/// One certificate in `cert inspect --format json`. Fields (snake_case, stable; absent values are null):
/// `role` (`leaf`/`chain`), `subject`, `common_name`, `bundle_id` (UID), `team_id` (OU), `organization` (O),
/// `country` (C), `purpose` (``CertificatePurpose``: `app_push`, `voip`, `pass_type_id`, `website_push`,
/// `not_push`; `bundle_id` is null for `not_push`, whose UID is a team id), `issuer`, `issuer_common_name`, `serial` (hex), `not_before`, `not_after` (ISO 8601),
/// `days_left` (negative when expired), `sha1`, `sha256` (hex of the DER), `public_key` (`RSA 2048`),
/// `public_key_type`, `public_key_bits`, `signature_algorithm`, `client_auth` (EKU), `environments`
/// (`development`, `production`), `environment` (`development`/`production`/`universal`/`none`), `topics` (the
/// topics the certificate may send to, strings: those of 1.2.840.113635.100.6.3.6, else the UID alone; the same
/// shape as in `cert import`, `cert join` and `keystore status`), `topic_labels` (`[{"topic", "labels"}]`: Apple's
/// labels from 6.3.6, empty without it), `topics_error` (why 6.3.6 is malformed, or null).
public struct CertificateReport: Encodable, Sendable {
    /// `leaf` or `chain`.
    public var role: String
    /// The certificate reported on.
    public var certificate: APNsCertificate
    /// Whole days left at the report's time, rounded to the nearest day; negative once well past.
    public var daysLeft: Int
    /// "10 days left", "expires today", "expired 1 day ago" (``Wording``), at the report's time.
    public var timeLeft: String

    /// The report of one certificate at `now`.
    public init(_ certificate: APNsCertificate, role: String, now: Date) {
        self.role = role
        self.certificate = certificate
        self.daysLeft = certificate.daysLeft(at: now)
        self.timeLeft = Wording.timeLeft(until: certificate.notAfter, now: now)
    }

    enum CodingKeys: String, CodingKey {
        case role, subject, issuer, serial, sha1, sha256, country, organization, environments, environment, topics, purpose
        case commonName = "common_name", bundleID = "bundle_id", teamID = "team_id"
        case issuerCommonName = "issuer_common_name", notBefore = "not_before", notAfter = "not_after"
        case daysLeft = "days_left", publicKey = "public_key", publicKeyType = "public_key_type"
        case publicKeyBits = "public_key_bits", signatureAlgorithm = "signature_algorithm", clientAuth = "client_auth"
        case topicsError = "topics_error", topicLabels = "topic_labels"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let cert = certificate
        try c.encode(role, forKey: .role)
        try c.encode(cert.subject, forKey: .subject)
        try c.encode(cert.commonName, forKey: .commonName)
        try c.encode(cert.purpose == .notPush ? nil : cert.bundleID, forKey: .bundleID)
        try c.encode(cert.teamID, forKey: .teamID)
        try c.encode(cert.organization, forKey: .organization)
        try c.encode(cert.country, forKey: .country)
        try c.encode(cert.issuer, forKey: .issuer)
        try c.encode(cert.issuerCommonName, forKey: .issuerCommonName)
        try c.encode(cert.serialNumber, forKey: .serial)
        try c.encode(cert.notBefore, forKey: .notBefore)
        try c.encode(cert.notAfter, forKey: .notAfter)
        try c.encode(daysLeft, forKey: .daysLeft)
        try c.encode(cert.sha1Fingerprint, forKey: .sha1)
        try c.encode(cert.sha256Fingerprint, forKey: .sha256)
        try c.encode(cert.publicKeyDescription, forKey: .publicKey)
        try c.encode(cert.publicKeyType, forKey: .publicKeyType)
        try c.encode(cert.publicKeyBits, forKey: .publicKeyBits)
        try c.encode(cert.signatureAlgorithm, forKey: .signatureAlgorithm)
        try c.encode(cert.hasClientAuthUsage, forKey: .clientAuth)
        try c.encode(cert.purpose, forKey: .purpose)
        try c.encode(cert.environments, forKey: .environments)
        try c.encode(cert.environmentSummary, forKey: .environment)
        try c.encode(cert.allowedTopics, forKey: .topics)
        try c.encode(cert.topics, forKey: .topicLabels)
        try c.encode(cert.topicsError, forKey: .topicsError)
    }
}

extension InspectionReport {
    /// The human form of the report: one indented block per certificate, then the key.
    public var text: String {
        var lines = [file + " (" + formatName + (friendlyName.map { ", friendly name \"\($0)\"" } ?? "") + ")"]
        for (index, report) in certificates.enumerated() {
            let cert = report.certificate
            lines.append("  certificate \(index + 1) (\(report.role))")
            func row(_ label: String, _ value: String?) {
                lines.append("    " + (label.isEmpty ? "" : label + ":").padded(toLength: 14) + (value ?? "-"))
            }
            row("subject", cert.subject)
            row("common name", cert.commonName)
            row("purpose", cert.purposeDescription)
            row("bundle id", cert.purpose == .notPush ? cert.bundleID.map { "none (UID \($0) is not a bundle id)" } : cert.bundleID)
            row("team id", cert.teamID)
            row("organization", cert.organization)
            row("country", cert.country)
            row("issuer", cert.issuer)
            row("serial", cert.serialNumber)
            row("not before", ISO8601Text.string(from: cert.notBefore))
            row("not after", ISO8601Text.string(from: cert.notAfter) + " (\(report.timeLeft))")
            row("sha1", cert.sha1Fingerprint)
            row("sha256", cert.sha256Fingerprint)
            row("public key", cert.publicKeyDescription)
            row("signature", cert.signatureAlgorithm)
            row("client auth", cert.hasClientAuthUsage ? "yes" : "no")
            row("environment", cert.environments.isEmpty ? "none (not an APNs certificate)"
                : cert.environmentSummary + (cert.environments.count == 2 ? " (development and production)" : ""))
            if let problem = cert.topicsError {
                row("topics", "MALFORMED: " + problem)
            } else if cert.topics.isEmpty {
                row("topics", cert.allowedTopics.first.map { "\($0) (from UID)" } ?? "none")
            } else {
                for (number, topic) in cert.topics.enumerated() {
                    row(number == 0 ? "topics" : "", "\(topic.topic) [\(topic.labels.joined(separator: ", "))]")
                }
            }
        }
        if let key = privateKey {
            let match: String
            switch key.matchesCertificate {
            case true?: match = ", matches the leaf certificate"
            case false?: match = ", DOES NOT match the leaf certificate"
            case nil: match = ""
            }
            lines.append("  private key:  \(key.kind) (\(key.encoding.rawValue))\(match)")
        } else {
            lines.append("  private key:  " + (keyAmbiguity == nil ? "none" : "not chosen"))
        }
        if privateKeys.count > 1 {
            for (index, entry) in privateKeys.enumerated() {
                lines.append("    key \(index + 1):       \(entry.kind), matches " + (entry.matches ?? "no certificate")
                             + (entry.friendlyName.map { " (friendly name \"\($0)\")" } ?? ""))
            }
        }
        if let keyChoice { lines.append("  key choice:   " + keyChoice) }
        if let keyAmbiguity { lines.append("  key choice:   NONE: " + keyAmbiguity) }
        for warning in warnings { lines.append("  warning:      " + warning) }
        return lines.joined(separator: "\n")
    }

    private var formatName: String {
        switch format {
        case .pem: return "PEM"
        case .der: return "DER"
        case .pkcs12: return "PKCS#12"
        }
    }
}
