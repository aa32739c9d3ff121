import APNsCore
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1
import X509

/// A certificate and its private key, both PEM.
public struct TLSIdentity: Sendable, Equatable {
    /// `-----BEGIN CERTIFICATE-----` …
    public var certificatePEM: String
    /// PEM labelled `PRIVATE KEY` (PKCS#8).
    public var privateKeyPEM: String

    public init(certificatePEM: String, privateKeyPEM: String) {
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
    }
}

/// A throwaway certificate authority (P-256) for the mock: it issues the server's TLS certificate, and
/// APNs-style client certificates for tests of certificate authentication.
public struct MockCertificateAuthority: Sendable {
    /// The CA certificate: what clients must trust (`curl --cacert`, `apnsctl probe --cacert`).
    public let certificate: Certificate
    private let key: P256.Signing.PrivateKey

    /// The CA certificate as PEM.
    public var certificatePEM: String {
        get throws { try certificate.serializeAsPEM().pemString }
    }

    /// The CA certificate and its key as PEM (to issue client certificates from another process).
    public var identity: TLSIdentity {
        get throws { TLSIdentity(certificatePEM: try certificatePEM, privateKeyPEM: key.pemRepresentation) }
    }

    /// Makes a new CA, valid from an hour before `now` for 30 days.
    public init(commonName: String = "apnsctl mock APNs CA", now: Date = Date()) throws {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            CommonName(commonName)
            OrganizationName("apnsctl (throwaway, do not trust outside tests)")
        }
        let publicKey = Certificate.PublicKey(key.publicKey)
        self.certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(30 * 86400),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: publicKey)
            },
            issuerPrivateKey: Certificate.PrivateKey(key))
        self.key = key
    }

    /// Loads a CA from its PEM certificate and P-256 PKCS#8 key.
    public init(identity: TLSIdentity) throws {
        do {
            self.certificate = try Certificate(pemEncoded: identity.certificatePEM)
            self.key = try P256.Signing.PrivateKey(pemRepresentation: identity.privateKeyPEM)
        } catch {
            throw APNsError.badInput("CA identity: not a PEM certificate and P-256 key: \(error)")
        }
    }

    /// Issues a server certificate for `dnsNames` and `ipAddresses` (4 or 16 bytes each), valid 30 days.
    public func issueServerIdentity(dnsNames: [String] = ["localhost"], ipAddresses: [[UInt8]] = [[127, 0, 0, 1]],
                                    now: Date = Date()) throws -> TLSIdentity {
        let names = dnsNames.map { GeneralName.dnsName($0) }
            + ipAddresses.map { GeneralName.ipAddress(ASN1OctetString(contentBytes: $0[...])) }
        let subject = try DistinguishedName { CommonName(dnsNames.first ?? "localhost") }
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            try ExtendedKeyUsage([.serverAuth])
            SubjectAlternativeNames(names)
        }
        return try issue(subject: subject, now: now, days: 30, extensions: extensions)
    }

    /// Issues an APNs-style client certificate: subject `CN=Apple Push Services: <bundle id>`, `UID`, `OU`
    /// team; the environment OIDs asked for; and, when `topics` is not empty, extension 1.2.840.113635.100.6.3.6
    /// listing each topic with its labels.
    public func issueClientCertificate(bundleID: String, teamID: String, topics: [(topic: String, labels: [String])],
                                       development: Bool, production: Bool, now: Date = Date(),
                                       validity days: Int = 395) throws -> TLSIdentity {
        let (subject, extensions) = try Self.clientProfile(bundleID: bundleID, teamID: teamID, topics: topics,
                                                           development: development, production: production)
        return try issue(subject: subject, now: now, days: days, extensions: extensions)
    }

    /// Signs a certificate signing request (PEM) as Apple's WWDR CA does for the portal: the request's public key
    /// under Apple's subject and extensions (see ``issueClientCertificate(bundleID:teamID:topics:development:production:now:validity:)``).
    /// Returns the certificate as DER, what the portal's download (`aps.cer`) holds. The request's self-signature
    /// must verify.
    public func signRequest(pem: String, bundleID: String, teamID: String, topics: [(topic: String, labels: [String])],
                            development: Bool, production: Bool, now: Date = Date(),
                            validity days: Int = 395) throws -> [UInt8] {
        let request: CertificateSigningRequest
        do {
            request = try CertificateSigningRequest(pemEncoded: pem)
        } catch {
            throw APNsError.badInput("not a certificate signing request: \(error)")
        }
        guard request.publicKey.isValidSignature(request.signature, for: request) else {
            throw APNsError.badInput("the certificate signing request's self-signature does not verify")
        }
        let (subject, extensions) = try Self.clientProfile(bundleID: bundleID, teamID: teamID, topics: topics,
                                                           development: development, production: production)
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: request.publicKey,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(Double(days) * 86400),
            issuer: certificate.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions, issuerPrivateKey: Certificate.PrivateKey(key))
        var serializer = DER.Serializer()
        try serializer.serialize(leaf)
        return serializer.serializedBytes
    }

    /// The subject and extensions of an APNs client certificate.
    private static func clientProfile(bundleID: String, teamID: String, topics: [(topic: String, labels: [String])],
                                      development: Bool, production: Bool) throws
        -> (DistinguishedName, Certificate.Extensions) {
        let subject = DistinguishedName([
            RelativeDistinguishedName(.init(type: .init(arrayLiteral: 0, 9, 2342, 19_200_300, 100, 1, 1),
                                            utf8String: bundleID)),
            RelativeDistinguishedName(.init(type: .RDNAttributeType.commonName,
                                            utf8String: "Apple Push Services: \(bundleID)")),
            RelativeDistinguishedName(.init(type: .RDNAttributeType.organizationalUnitName, utf8String: teamID)),
        ])
        let null: ArraySlice<UInt8> = [0x05, 0x00]
        var extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            try ExtendedKeyUsage([.clientAuth])
        }
        if development {
            try extensions.append(.init(oid: [1, 2, 840, 113_635, 100, 6, 3, 1], critical: false, value: null))
        }
        if production {
            try extensions.append(.init(oid: [1, 2, 840, 113_635, 100, 6, 3, 2], critical: false, value: null))
        }
        if !topics.isEmpty {
            var serializer = DER.Serializer()
            try serializer.appendConstructedNode(identifier: .sequence) { list in
                for entry in topics {
                    try list.serialize(ASN1UTF8String(entry.topic))
                    try list.appendConstructedNode(identifier: .sequence) { labels in
                        for label in entry.labels { try labels.serialize(ASN1UTF8String(label)) }
                    }
                }
            }
            try extensions.append(.init(oid: [1, 2, 840, 113_635, 100, 6, 3, 6], critical: false,
                                    value: serializer.serializedBytes[...]))
        }
        return (subject, extensions)
    }

    private func issue(subject: DistinguishedName, now: Date, days: Int,
                       extensions: Certificate.Extensions) throws -> TLSIdentity {
        let leafKey = P256.Signing.PrivateKey()
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(leafKey.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(Double(days) * 86400),
            issuer: certificate.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions,
            issuerPrivateKey: Certificate.PrivateKey(key))
        return TLSIdentity(certificatePEM: try leaf.serializeAsPEM().pemString, privateKeyPEM: leafKey.pemRepresentation)
    }
}
