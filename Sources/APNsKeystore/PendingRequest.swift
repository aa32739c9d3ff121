import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A certificate signing request whose private key waits in the keystore for the certificate Apple returns.
///
/// JSON fields (`pending_requests` in `keystore.json`): `id` (first 16 hex digits of the SHA-256 of the
/// SubjectPublicKeyInfo DER), `subject` (RFC 2253), `created_at`, `bundle_id`, `environment` and `team_id` (notes
/// given to `cert request`, absent when not given), `public_key` (base64 SubjectPublicKeyInfo DER), `fingerprint`
/// (SHA-256 of that DER, hex), `key_file` (`requests/ID.key.pem`, relative to the keystore; PKCS#8 PEM, 0600).
public struct PendingRequestRecord: Codable, Sendable, Equatable {
    public var id: String
    public var subject: String
    public var createdAt: Date
    public var bundleID: String?
    public var environment: String?
    /// Note: the team the certificate is for (absent in requests made before the note existed).
    public var teamID: String?
    public var publicKey: String
    public var fingerprint: String
    public var keyFile: String

    public init(id: String, subject: String, createdAt: Date, bundleID: String?, environment: String?,
                teamID: String? = nil, publicKey: String, fingerprint: String, keyFile: String) {
        self.teamID = teamID
        self.id = id
        self.subject = subject
        self.createdAt = createdAt
        self.bundleID = bundleID
        self.environment = environment
        self.publicKey = publicKey
        self.fingerprint = fingerprint
        self.keyFile = keyFile
    }

    enum CodingKeys: String, CodingKey {
        case id, subject, createdAt = "created_at", bundleID = "bundle_id", environment, teamID = "team_id"
        case publicKey = "public_key", fingerprint, keyFile = "key_file"
    }
}

/// A new pending request, as `cert request` hands it to the keystore.
public struct NewPendingRequest: Sendable {
    /// SHA-256 of the SubjectPublicKeyInfo DER, hex (the id is its first 16 digits).
    public var fingerprint: String
    /// The SubjectPublicKeyInfo DER.
    public var publicKeyDER: [UInt8]
    /// The private key, unencrypted PKCS#8 PEM (stored 0600).
    public var privateKeyPEM: String
    /// The CSR's subject, for people.
    public var subject: String
    /// Notes: the bundle id, environment and team the certificate is meant for.
    public var bundleID: String?
    public var environment: String?
    public var teamID: String?

    public init(fingerprint: String, publicKeyDER: [UInt8], privateKeyPEM: String, subject: String,
                bundleID: String?, environment: String?, teamID: String? = nil) {
        self.teamID = teamID
        self.fingerprint = fingerprint
        self.publicKeyDER = publicKeyDER
        self.privateKeyPEM = privateKeyPEM
        self.subject = subject
        self.bundleID = bundleID
        self.environment = environment
    }
}

extension Keystore {
    /// Stores the key of a new certificate request (0600, atomically) and records it as pending.
    public func addPendingRequest(_ request: NewPendingRequest) throws -> PendingRequestRecord {
        let id = String(request.fingerprint.lowercased().prefix(16))
        guard id.count == 16, id.allSatisfy(\.isHexDigit) else {
            throw APNsError(.internalError, "public key fingerprint is not hex: \(request.fingerprint)")
        }
        return try change(action: "cert.request", team: nil, keyID: nil) { manifest, change in
            if manifest.pendingRequests.contains(where: { $0.id == id }) {
                throw APNsError.keystore("certificate request \(id) is already pending",
                                         remedy: KeystoreRemedy.listPendingRequests)
            }
            let record = PendingRequestRecord(
                id: id, subject: request.subject, createdAt: clock.now(), bundleID: request.bundleID,
                environment: request.environment, teamID: request.teamID, publicKey: Data(request.publicKeyDER).base64EncodedString(),
                fingerprint: request.fingerprint.lowercased(), keyFile: "requests/\(id).key.pem")
            change.write(record.keyFile, Array(request.privateKeyPEM.utf8), crashBefore: "before-key-file")
            manifest.pendingRequests.append(record)
            manifest.pendingRequests.sort { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            change.detail = "request \(id): \(request.subject)"
                + (request.bundleID.map { "; bundle id \($0)" } ?? "")
                + (request.environment.map { "; \($0)" } ?? "")
                + (request.teamID.map { "; team \($0)" } ?? "")
            return record
        }
    }

    /// The pending certificate requests, oldest first.
    public func pendingRequests() throws -> [PendingRequestRecord] {
        try manifest().pendingRequests
    }

    /// The pending request whose public key (SubjectPublicKeyInfo DER) is `publicKeyDER`, if any.
    public func pendingRequest(publicKeyDER: [UInt8]) throws -> PendingRequestRecord? {
        let encoded = Data(publicKeyDER).base64EncodedString()
        return try pendingRequests().first { $0.publicKey == encoded }
    }

    /// The private key of a pending request, PKCS#8 PEM.
    public func privateKeyPEM(of request: PendingRequestRecord) throws -> String {
        let bytes = try storage.readObject(request.keyFile, limit: 1 << 20)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Removes a pending request: its manifest entry, then its key (overwritten with zeros and unlinked).
    @discardableResult
    public func discardPendingRequest(_ id: String) throws -> PendingRequestRecord {
        try change(action: "cert.request.discard", team: nil, keyID: nil) { manifest, change in
            let record = try manifest.requirePendingRequest(id)
            manifest.pendingRequests.removeAll { $0.id == record.id }
            change.shredAfterWrite.append(record.keyFile)
            change.detail = "request \(record.id) discarded; key removed"
            return record
        }
    }

    /// Stores the certificate Apple issued for a pending request, with the request's key, exactly as
    /// ``addCertificate(_:)`` stores an import, and removes the request in the same manifest write. The request's
    /// key file is shredded only once the new manifest is on disk: a crash at any point leaves the request or the
    /// certificate (or both, until the next change removes the orphaned request key).
    public func joinCertificate(_ input: CertificateImport, request id: String) throws -> CertificateImportResult {
        try change(action: "cert.join", team: input.teamID, keyID: nil) { manifest, change in
            let request = try manifest.requirePendingRequest(id)
            let result = try storeCertificate(input, action: "cert.join", manifest: &manifest, change: &change)
            manifest.pendingRequests.removeAll { $0.id == request.id }
            change.shredAfterWrite.append(request.keyFile)
            change.detail += "; joined request \(request.id)"
            return result
        }
    }
}

extension Manifest {
    /// The pending request `id` (the full 16 hex digits, or a unique prefix of at least 4), or a keystore error.
    public func requirePendingRequest(_ id: String) throws -> PendingRequestRecord {
        let wanted = id.lowercased()
        let matches = wanted.count >= 4 ? pendingRequests.filter { $0.id.hasPrefix(wanted) } : []
        guard matches.count == 1 else {
            throw APNsError.keystore(matches.isEmpty ? "certificate request \(id): not pending in the keystore"
                                                     : "certificate request \(id): matches \(matches.count) requests",
                                     remedy: KeystoreRemedy.listPendingRequests)
        }
        return matches[0]
    }
}

/// One pending request in `keystore status` and `cert request --list`.
///
/// JSON fields: `id`, `subject`, `bundle_id`, `environment` (null when not noted), `public_key_sha256` (SHA-256
/// of the SubjectPublicKeyInfo DER, hex), `created_at`, `age_days`.
public struct PendingRequestStatus: Codable, Sendable, Equatable {
    public var id: String
    public var subject: String
    public var bundleID: String?
    public var environment: String?
    public var teamID: String?
    public var fingerprint: String
    public var createdAt: Date
    public var ageDays: Int

    public init(record: PendingRequestRecord, now: Date) {
        id = record.id
        subject = record.subject
        bundleID = record.bundleID
        environment = record.environment
        teamID = record.teamID
        fingerprint = record.fingerprint
        createdAt = record.createdAt
        ageDays = Wording.ageDays(since: record.createdAt, now: now)
    }

    enum CodingKeys: String, CodingKey {
        case id, subject, bundleID = "bundle_id", environment, teamID = "team_id", fingerprint = "public_key_sha256"
        case createdAt = "created_at", ageDays = "age_days"
    }

    /// Every field always present: notes not given are null.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(subject, forKey: .subject)
        try c.encode(bundleID, forKey: .bundleID)
        try c.encode(environment, forKey: .environment)
        try c.encode(teamID, forKey: .teamID)
        try c.encode(fingerprint, forKey: .fingerprint)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(ageDays, forKey: .ageDays)
    }
}
