import APNsMock
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1
import X509

/// The mock's CA: new (key and all) at every start, never written with its key. Like Apple's CAs it long predates
/// what it signs, so a seeded profile created years ago still chains to it as of its creation date (which is how
/// the profile judge checks a signature); it is valid from 20 years before now (or before the oldest date it must
/// cover) to 20 years after.
enum MockASCAuthority {
    static let span: TimeInterval = 20 * 365 * 86_400

    static func make(now: Date, covering oldest: Date?) throws -> MockCertificateAuthority {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            CommonName("Mock App Store Connect CA " + MockASCIdentifier.make())
            OrganizationName("apnsctl (throwaway, do not trust outside tests)")
        }
        let publicKey = Certificate.PublicKey(key.publicKey)
        let start = min(now.addingTimeInterval(-span), (oldest ?? now).addingTimeInterval(-86_400))
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
            notValidBefore: start, notValidAfter: now.addingTimeInterval(span),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: publicKey)
            },
            issuerPrivateKey: Certificate.PrivateKey(key))
        return try MockCertificateAuthority(identity: TLSIdentity(certificatePEM: certificate.serializeAsPEM().pemString,
                                                                  privateKeyPEM: key.pemRepresentation))
    }
}
