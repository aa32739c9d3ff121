import APNsCore
import APNsCredentials
import APNsKeystore
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1
import X509

/// Joining the certificate Apple returns with the key of the pending request it certifies: the pure checks
/// (is it a certificate APNs accepts, which request does it belong to) and the keystore input.
public enum CertificateJoin {
    /// What kind of APNs certificate a leaf is.
    public enum Kind: String, Codable, Sendable {
        /// Apple Push Notification service SSL (OIDs 1.2.840.113635.100.6.3.1 / .2).
        case push
        /// Pass Type ID (Wallet passes; OID 1.2.840.113635.100.6.1.16).
        case passTypeID = "pass_type_id"
        /// Website Push ID (Safari push).
        case websitePushID = "website_push_id"
    }

    /// The Pass Type ID certificate extension.
    static let passTypeOID: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 1, 16]

    /// The kind of `leaf`, or nil when APNs would not accept it.
    public static func kind(of leaf: APNsCertificate) -> Kind? {
        let name = leaf.commonName ?? ""
        if name.hasPrefix("Website Push ID:") { return .websitePushID }
        if leaf.certificate?.extensions[oid: passTypeOID] != nil || name.hasPrefix("Pass Type ID:") { return .passTypeID }
        if !leaf.environments.isEmpty || !leaf.topics.isEmpty { return .push }
        return nil
    }

    /// `kind(of:)`, or a bad-input error naming `file` that says what the certificate is instead.
    public static func requireAPNsKind(_ leaf: APNsCertificate, file: String) throws -> Kind {
        if let kind = kind(of: leaf) { return kind }
        throw APNsError.badInput(
            "\(file): not an APNs certificate: \(leaf.subject) has no push OIDs (1.2.840.113635.100.6.3.1/.2) and "
                + "is neither a Pass Type ID nor a Website Push ID certificate",
            hint: "in the developer portal choose \"Apple Push Notification service SSL\" when creating the certificate")
    }

    /// SHA-256 of the certificate's SubjectPublicKeyInfo DER, hex: the same fingerprint `cert inspect` shows
    /// for a CSR and `cert request --list` for a pending request.
    public static func publicKeySHA256(_ leaf: APNsCertificate) throws -> String {
        Hex.lower(SHA256.hash(data: try leaf.publicKeyDER))
    }

    /// The pending request whose public key `leaf` certifies, if any.
    public static func matchingRequest(for leaf: APNsCertificate,
                                       in requests: [PendingRequestRecord]) throws -> PendingRequestRecord? {
        let fingerprint = try publicKeySHA256(leaf)
        return requests.first { $0.fingerprint == fingerprint }
    }

    /// The keystore error for a certificate no pending request matches (exit 5).
    public static func noMatchingRequest(_ leaf: APNsCertificate, file: String, keystore: String) throws -> APNsError {
        APNsError.keystore(
            "\(file): no pending certificate request in \(keystore) has this certificate's public key "
                + "(sha256 \(try publicKeySHA256(leaf)))",
            remedy: ProvisioningRemedy.importWithKeyElsewhere)
    }
}

extension CertificateImport {
    /// What `cert import` and `cert join` store: the leaf, its chain and the key, indexed by the leaf's topics,
    /// environments, team and expiry.
    public init(leaf: APNsCertificate, chain: [APNsCertificate], key: PrivateKey) throws {
        self.init(certificateDER: leaf.derEncoded, chainDER: chain.map(\.derEncoded), privateKeyPEM: try key.pkcs8PEM,
                  subject: leaf.subject, topics: leaf.allowedTopics, environments: leaf.environments.map(\.rawValue),
                  teamID: leaf.teamID, notAfter: leaf.notAfter, sha256: leaf.sha256Fingerprint)
    }
}
