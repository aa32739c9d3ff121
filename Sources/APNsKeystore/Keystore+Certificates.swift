import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A client certificate with its private key, as the keystore stores and indexes it. The CLI fills it from
/// APNsCredentials' `CredentialReader`; this module only stores it.
public struct CertificateImport: Sendable {
    /// The leaf certificate, DER.
    public var certificateDER: [UInt8]
    /// Intermediate certificates, DER, leaf's issuer first.
    public var chainDER: [[UInt8]]
    /// The private key as unencrypted PKCS#8 PEM (stored 0600).
    public var privateKeyPEM: String
    /// The subject, for people.
    public var subject: String
    /// The topics the certificate allows.
    public var topics: [String]
    /// `development`, `production`.
    public var environments: [String]
    /// The subject's OU, when present.
    public var teamID: String?
    /// The certificate's notAfter.
    public var notAfter: Date
    /// SHA-256 of the leaf DER, hex.
    public var sha256: String

    public init(certificateDER: [UInt8], chainDER: [[UInt8]], privateKeyPEM: String, subject: String,
                topics: [String], environments: [String], teamID: String?, notAfter: Date, sha256: String) {
        self.certificateDER = certificateDER
        self.chainDER = chainDER
        self.privateKeyPEM = privateKeyPEM
        self.subject = subject
        self.topics = topics
        self.environments = environments
        self.teamID = teamID
        self.notAfter = notAfter
        self.sha256 = sha256
    }
}

/// What a certificate import did.
public struct CertificateImportResult: Sendable, Equatable {
    public let certificate: CertificateRecord
    /// True when the same certificate was already stored and nothing changed.
    public let alreadyPresent: Bool
}

extension Keystore {
    /// Stores a certificate and its key (both 0600), indexed by topics and environments for `keystore status`.
    public func addCertificate(_ input: CertificateImport) throws -> CertificateImportResult {
        try change(action: "cert.import", team: input.teamID, keyID: nil) { manifest, change in
            try storeCertificate(input, action: "cert.import", manifest: &manifest, change: &change)
        }
    }

    /// Writes the certificate and key files and adds the record to `manifest`; shared by import and join.
    func storeCertificate(_ input: CertificateImport, action: String, manifest: inout Manifest,
                          change: inout Change) throws -> CertificateImportResult {
        let id = String(input.sha256.lowercased().prefix(16))
        guard id.count == 16, id.allSatisfy(\.isHexDigit) else {
            throw APNsError(.internalError, "certificate fingerprint is not hex: \(input.sha256)")
        }
        if let existing = manifest.certificates.first(where: { $0.id == id }) {
            change.detail = "certificate \(id) already present; nothing changed"
            return CertificateImportResult(certificate: existing, alreadyPresent: true)
        }
        let record = CertificateRecord(
            id: id, subject: input.subject, topics: input.topics, environments: input.environments,
            teamID: input.teamID, notAfter: input.notAfter, importedAt: clock.now(),
            certificateFile: "certs/\(id).pem", keyFile: "certs/\(id).key.pem")
        let pem = ([input.certificateDER] + input.chainDER).map { PEMBlock.encode($0, label: "CERTIFICATE") }
            .joined()
        change.write(record.keyFile, Array(input.privateKeyPEM.utf8), crashBefore: "before-files")
        change.write(record.certificateFile, Array(pem.utf8))
        manifest.certificates.append(record)
        manifest.certificates.sort { ($0.notAfter, $0.id) < ($1.notAfter, $1.id) }
        change.detail = "certificate \(id): \(input.subject); \(input.environments.joined(separator: "+"))"
        return CertificateImportResult(certificate: record, alreadyPresent: false)
    }

    /// Files holding the stored certificate (PEM, leaf first) and private key (PEM) of `record`, for programs
    /// that read files (libcurl); nil when the keystore keeps no files (etcd): such a caller reads the objects
    /// (``certificatePEM(of:)``) and writes its own 0600 file.
    public func certificateFiles(of record: CertificateRecord) -> (certificate: String, key: String)? {
        files.map { ($0.objectPath(record.certificateFile), $0.objectPath(record.keyFile)) }
    }

    /// The stored certificate of `record`: PEM, leaf first, then its chain.
    public func certificatePEM(of record: CertificateRecord) throws -> [UInt8] {
        try storage.readObject(record.certificateFile, limit: 16 << 20)
    }
}

/// PEM encoding of DER bytes.
enum PEMBlock {
    static func encode(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString()
        var lines = [String]()
        var index = base64.startIndex
        while index < base64.endIndex {
            let end = base64.index(index, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[index..<end]))
            index = end
        }
        return "-----BEGIN \(label)-----\n" + lines.joined(separator: "\n") + "\n-----END \(label)-----\n"
    }
}
