import APNsCore
import APNsModel
import COpenSSL
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1
import X509

/// An X.509 certificate read from DER, with the facts an APNs provider needs: who it is for (bundle id,
/// team id), when it expires, which environments and topics it grants, and its fingerprints.
///
/// A malformed topics extension (1.2.840.113635.100.6.3.6) does not make the certificate unusable:
/// ``topics`` is then empty and ``topicsError`` says what is wrong.
public struct APNsCertificate: Sendable, Hashable {
    /// The certificate exactly as read.
    public let derEncoded: [UInt8]
    /// The parsed certificate (swift-certificates); nil when only OpenSSL could read it (see ``warnings``).
    public let certificate: Certificate?
    /// What is unusual about the certificate (a weak key, BER encoding, unusual parameters), one phrase each;
    /// empty for an ordinary certificate. Set when swift-certificates refused it and OpenSSL gave the facts.
    public let warnings: [String]
    /// The subject and issuer Names as encoded (for issuer matching without swift-certificates).
    let subjectNameDER: [UInt8]
    let issuerNameDER: [UInt8]

    /// Subject common name (`Apple Push Services: com.example.app`).
    public let commonName: String?
    /// Subject UID (0.9.2342.19200300.100.1.1): the bundle id.
    public let bundleID: String?
    /// Subject OU: the team id.
    public let teamID: String?
    /// Subject O.
    public let organization: String?
    /// Subject C.
    public let country: String?
    /// The whole subject as one RFC 4514 string (``RFC4514Name``: `UID=…,CN=…,OU=…,O=…,C=…` for Apple's).
    public let subject: String
    /// The whole issuer, in the same form.
    public let issuer: String
    /// The issuer's common name.
    public let issuerCommonName: String?
    /// The serial number as lowercase hex.
    public let serialNumber: String
    /// Start of validity.
    public let notBefore: Date
    /// End of validity.
    public let notAfter: Date
    /// SHA-1 of the DER, lowercase hex (what Keychain and the developer portal show).
    public let sha1Fingerprint: String
    /// SHA-256 of the DER, lowercase hex.
    public let sha256Fingerprint: String
    /// The public key's algorithm: `RSA`, `EC P-256`, `EC P-384`, `EC P-521`, `Ed25519`.
    public let publicKeyType: String
    /// The public key's size in bits.
    public let publicKeyBits: Int
    /// The signature algorithm, e.g. `sha256WithRSAEncryption`.
    public let signatureAlgorithm: String
    /// True when the extended key usage includes TLS client authentication (APNs requires it).
    public let hasClientAuthUsage: Bool
    /// Environments granted by OIDs 1.2.840.113635.100.6.3.1 and .2, development first.
    public let environments: [APNsEnvironment]
    /// Topics from 1.2.840.113635.100.6.3.6, in certificate order; empty when absent or malformed.
    public let topics: [APNsTopic]
    /// Why 1.2.840.113635.100.6.3.6 could not be decoded, when it could not.
    public let topicsError: String?
    /// The dotted OIDs of the certificate's extensions under Apple's arc 1.2.840.113635.100.6 (what
    /// ``purpose`` is read from, with the subject), in certificate order.
    public let appleExtensionOIDs: [String]

    /// Parses a DER certificate with swift-certificates, or, when it refuses one that OpenSSL parses (an RSA key
    /// under 2048 bits, explicit NULL parameters, BER), with OpenSSL, recording why in ``warnings``.
    /// Throws `CertificateDecodingError` when neither can read the bytes.
    public init(derEncoded: [UInt8]) throws {
        let certificate: Certificate
        do {
            certificate = try Certificate(derEncoded: derEncoded)
        } catch {
            let reason = asn1Reason(error)
            guard let facts = OpenSSLCertificateFacts(derEncoded, refusal: reason) else {
                throw CertificateDecodingError(description: "not a valid X.509 certificate (\(reason))")
            }
            self.init(derEncoded: derEncoded, facts: facts)
            return
        }
        self.init(derEncoded: derEncoded, certificate: certificate)
    }

    /// A certificate swift-certificates parsed.
    private init(derEncoded: [UInt8], certificate: Certificate) {
        self.derEncoded = derEncoded
        self.certificate = certificate
        warnings = []
        let subject = certificate.subject
        subjectNameDER = Self.encode(subject)
        issuerNameDER = Self.encode(certificate.issuer)
        commonName = Self.attribute(.RDNAttributeType.commonName, in: subject)
        bundleID = Self.attribute(APNsOID.userID, in: subject)
        teamID = Self.attribute(.RDNAttributeType.organizationalUnitName, in: subject)
        organization = Self.attribute(.RDNAttributeType.organizationName, in: subject)
        country = Self.attribute(.RDNAttributeType.countryName, in: subject)
        self.subject = Self.render(subject)
        issuer = Self.render(certificate.issuer)
        issuerCommonName = Self.attribute(.RDNAttributeType.commonName, in: certificate.issuer)
        serialNumber = Hex.encode(certificate.serialNumber.bytes)
        notBefore = certificate.notValidBefore
        notAfter = certificate.notValidAfter
        sha1Fingerprint = Hex.encode(Insecure.SHA1.hash(data: derEncoded))
        sha256Fingerprint = Hex.encode(SHA256.hash(data: derEncoded))
        let key = PublicKeyFacts(certificateDER: derEncoded)
        publicKeyType = key.type
        publicKeyBits = key.bits
        let algorithm = String(describing: certificate.signatureAlgorithm)
        signatureAlgorithm = algorithm.hasPrefix("SignatureAlgorithm.")
            ? String(algorithm.dropFirst("SignatureAlgorithm.".count)) : algorithm
        let usages = (try? certificate.extensions.extendedKeyUsage).flatMap { $0 }
        hasClientAuthUsage = usages?.contains(.clientAuth) ?? false
        environments = APNsEnvironment.allCases.filter { certificate.extensions[oid: $0.oid] != nil }
        let decoded = Self.decodeTopics(certificate.extensions[oid: APNsOID.topics].map(\.value))
        topics = decoded.topics
        topicsError = decoded.error
        appleExtensionOIDs = certificate.extensions.map(\.oid.description).filter(Self.isAppleCertificateExtension)
    }

    /// A certificate described by OpenSSL's facts (see ``OpenSSLCertificateFacts``).
    private init(derEncoded: [UInt8], facts: OpenSSLCertificateFacts) {
        self.derEncoded = derEncoded
        certificate = nil
        warnings = facts.warnings
        subjectNameDER = facts.subjectNameDER
        issuerNameDER = facts.issuerNameDER
        func first(_ oid: ASN1ObjectIdentifier, _ entries: [(type: String, value: String)]) -> String? {
            entries.first { $0.type == oid.description }?.value
        }
        commonName = first(.RDNAttributeType.commonName, facts.subject)
        bundleID = first(APNsOID.userID, facts.subject)
        teamID = first(.RDNAttributeType.organizationalUnitName, facts.subject)
        organization = first(.RDNAttributeType.organizationName, facts.subject)
        country = first(.RDNAttributeType.countryName, facts.subject)
        subject = Self.render(facts.subject)
        issuer = Self.render(facts.issuer)
        issuerCommonName = first(.RDNAttributeType.commonName, facts.issuer)
        serialNumber = facts.serialNumber
        notBefore = facts.notBefore
        notAfter = facts.notAfter
        sha1Fingerprint = facts.sha1
        sha256Fingerprint = facts.sha256
        publicKeyType = facts.key.type
        publicKeyBits = facts.key.bits
        signatureAlgorithm = facts.signatureAlgorithm
        hasClientAuthUsage = facts.clientAuth
        environments = APNsEnvironment.allCases.filter { facts.extensions[$0.oid.description] != nil }
        let decoded = Self.decodeTopics(facts.extensions[APNsOID.topics.description].map { $0[...] })
        topics = decoded.topics
        topicsError = decoded.error
        appleExtensionOIDs = facts.extensions.keys.sorted().filter(Self.isAppleCertificateExtension)
    }

    /// True for a dotted OID under 1.2.840.113635.100.6 (Apple's certificate extensions).
    static func isAppleCertificateExtension(_ oid: String) -> Bool { oid.hasPrefix("1.2.840.113635.100.6.") }

    /// Decodes the raw value of 1.2.840.113635.100.6.3.6 with swift-asn1; absent gives no topics and no error.
    private static func decodeTopics(_ value: ArraySlice<UInt8>?) -> (topics: [APNsTopic], error: String?) {
        guard let value else { return ([], nil) }
        do {
            return (try APNsTopic.decodeExtension(value), nil)
        } catch {
            return ([], "extension 1.2.840.113635.100.6.3.6 (topics) is malformed: \(error)")
        }
    }

    /// The common name, else the whole subject: how messages name the certificate.
    public var displayName: String { commonName.map { "\"\($0)\"" } ?? subject }

    /// True when only OpenSSL could read the certificate (swift-certificates refused it).
    public var readByOpenSSL: Bool { certificate == nil }

    /// True when the public key is what APNs accepts for a client certificate: RSA of 2048 bits or more, or EC.
    public var hasAPNsKeySize: Bool {
        publicKeyType == "RSA" ? publicKeyBits >= 2048 : publicKeyType.hasPrefix("EC")
    }

    /// Whole days from `date` to ``notAfter``, rounded to the nearest day (``Wording``); negative once well
    /// past. Decide expiry with ``isValid(at:)``, not with this.
    public func daysLeft(at date: Date) -> Int {
        Wording.daysLeft(until: notAfter, now: date)
    }

    /// True when `date` lies inside the validity period.
    public func isValid(at date: Date) -> Bool { date >= notBefore && date <= notAfter }

    /// The topics a provider may send to: those of 1.2.840.113635.100.6.3.6, else the one the subject UID gives
    /// for the certificate's ``purpose``: the UID itself (an app's bundle id, a `pass.…` or `web.…` id), the UID
    /// with `.voip` for a VoIP Services certificate, none for a certificate that is not for push (whose UID is
    /// the team id).
    public var allowedTopics: [String] {
        if !topics.isEmpty { return topics.map(\.topic) }
        guard let bundleID else { return [] }
        switch purpose {
        case .notPush: return []
        case .voip: return [bundleID + ".voip"]
        case .appPush, .passTypeID, .websitePush: return [bundleID]
        }
    }

    /// `development`, `production`, `universal` (both) or `none`.
    public var environmentSummary: String {
        switch environments {
        case [.development, .production]: return "universal"
        case [.development]: return "development"
        case [.production]: return "production"
        default: return "none"
        }
    }

    /// The public key and size in one phrase: `RSA 2048`, `EC P-256`.
    public var publicKeyDescription: String {
        publicKeyType.hasPrefix("EC") || publicKeyType == "Ed25519" ? publicKeyType : "\(publicKeyType) \(publicKeyBits)"
    }

    /// The public key as DER SubjectPublicKeyInfo (compare with ``PrivateKey/publicKeyDER``).
    public var publicKeyDER: [UInt8] {
        get throws {
            if let certificate {
                var serializer = DER.Serializer()
                try serializer.serialize(certificate.publicKey)
                return serializer.serializedBytes
            }
            guard let x509 = X509Handle(der: derEncoded), let key = X509_get0_pubkey(x509.pointer) else {
                throw CertificateDecodingError(description: "OpenSSL could not read the certificate's public key")
            }
            return try MemoryBIO.writing { i2d_PUBKEY_bio($0, key) == 1 }
        }
    }

    /// True when this certificate's subject is `other`'s issuer (and they are not the same certificate).
    public func isIssuer(of other: APNsCertificate) -> Bool {
        guard self != other else { return false }
        if let mine = certificate, let theirs = other.certificate { return mine.subject == theirs.issuer }
        return subjectNameDER == other.issuerNameDER
    }

    /// True when subject and issuer are the same name.
    public var isSelfIssued: Bool {
        if let certificate { return certificate.subject == certificate.issuer }
        return subjectNameDER == issuerNameDER
    }

    /// The certificate as one PEM block, with a trailing newline.
    public var pemEncoded: String {
        PEMDocument(type: "CERTIFICATE", derBytes: derEncoded).pemString + "\n"
    }

    public static func == (lhs: APNsCertificate, rhs: APNsCertificate) -> Bool { lhs.derEncoded == rhs.derEncoded }
    public func hash(into hasher: inout Hasher) { hasher.combine(derEncoded) }

    private static func attribute(_ type: ASN1ObjectIdentifier, in name: DistinguishedName) -> String? {
        for rdn in name {
            for attribute in rdn where attribute.type == type {
                return String(attribute.value) ?? String(describing: attribute.value)
            }
        }
        return nil
    }

    /// Renders a name as one RFC 4514 string (``RFC4514Name``), the one subject format of every command.
    private static func render(_ name: DistinguishedName) -> String {
        RFC4514Name.render(name)
    }

    /// Renders OpenSSL's `(dotted OID, value)` entries the same way.
    private static func render(_ entries: [(type: String, value: String)]) -> String {
        RFC4514Name.render(entries: entries)
    }

    private static func encode(_ name: DistinguishedName) -> [UInt8] {
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(name)) != nil else { return [] }
        return serializer.serializedBytes
    }
}

/// Why bytes could not be read as a certificate.
public struct CertificateDecodingError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// Lowercase hexadecimal.
public enum Hex {
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
