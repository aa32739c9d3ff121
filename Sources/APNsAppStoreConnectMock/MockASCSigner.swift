import APNsCore
import APNsMock
import APNsProvisioning
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1
import X509

/// Makes what Apple's portal signs: profiles (a CMS SignedData by the mock's CA, through ``ProfileSigner``) and
/// signing certificates from a CSR (issued by the mock's CA).
struct MockASCSigner: Sendable {
    let authority: MockCertificateAuthority
    let now: Date

    /// How long a new profile is valid (Apple: a year, or less when its certificates expire sooner).
    static let profileLifetime: TimeInterval = 365 * 86_400

    /// The aps-environment a profile of `profileType` carries when its App ID has Push Notifications.
    static func apsEnvironment(profileType: String) -> String {
        profileType.hasSuffix("_DEVELOPMENT") ? "development" : "production"
    }

    /// The platform a profile type is for, as the API names it.
    static func platform(profileType: String) -> String {
        profileType.hasPrefix("MAC_") ? "MAC_OS" : "IOS"
    }

    /// Signs a profile; returns its content (base64) and the UUID its property list carries.
    func profileContent(name: String, teamID: String, bundleID: String, apsEnvironment: String?, created: Date,
                        expires: Date, devices: [String]) throws -> (content: String, uuid: String) {
        let template = ProfileSigner.Template(name: name, teamID: teamID, bundleID: bundleID,
                                              apsEnvironment: apsEnvironment, created: created, expires: expires,
                                              devices: devices)
        let identity = try authority.identity
        let signed = try ProfileSigner.sign(template, certificatePEM: identity.certificatePEM,
                                            privateKeyPEM: identity.privateKeyPEM)
        let document = try ProfileReader().read(bytes: signed, file: name)
        return (Data(signed).base64EncodedString(), document.profile.uuid ?? UUID().uuidString)
    }

    /// Gives each seeded profile without content one signed now, from its facts (its uuid becomes the content's).
    func completeSeededProfiles(_ state: inout MockASCState) throws {
        for index in state.profiles.indices where state.profiles[index].profileContent == nil {
            let profile = state.profiles[index]
            let identifier = state.bundleIds.first { $0.id == profile.bundleIdId }?.identifier ?? profile.bundleIdId
            let udids = (profile.deviceIds ?? []).compactMap { id in state.devices.first { $0.id == id }?.udid }
            let created = MockASCDate.parse(profile.createdDate) ?? now
            let expires = MockASCDate.parse(profile.expirationDate) ?? created.addingTimeInterval(Self.profileLifetime)
            let made = try profileContent(name: profile.name, teamID: state.teamID, bundleID: identifier,
                                          apsEnvironment: profile.apsEnvironment, created: created, expires: expires,
                                          devices: udids)
            state.profiles[index].profileContent = made.content
            state.profiles[index].uuid = made.uuid
            state.profiles[index].createdDate = MockASCDate.text(created)
            state.profiles[index].expirationDate = MockASCDate.text(expires)
            state.profiles[index].profileState = profile.profileState ?? "ACTIVE"
        }
    }

    /// Issues a signing certificate for the request in `csrContent` (PEM, or base64 DER).
    func certificate(csrContent: String, certificateType: String, teamID: String,
                     id: String) throws -> MockASCState.CertificateRecord {
        let request: CertificateSigningRequest
        if csrContent.contains("-----BEGIN") {
            request = try CertificateSigningRequest(pemEncoded: csrContent)
        } else {
            guard let der = Data(base64Encoded: csrContent.filter { !$0.isWhitespace }) else {
                throw MockASCSignerError.notACSR
            }
            request = try CertificateSigningRequest(derEncoded: Array(der))
        }
        guard request.publicKey.isValidSignature(request.signature, for: request) else {
            throw MockASCSignerError.badSelfSignature
        }
        let role = certificateType.contains("DEVELOPMENT") ? "Apple Development"
            : certificateType.hasPrefix("DEVELOPER_ID_") ? "Developer ID Application" : "Apple Distribution"
        let displayName = "Mock Developer (\(teamID))"
        let subject = try DistinguishedName {
            CommonName("\(role): \(displayName)")
            OrganizationalUnitName(teamID)
            OrganizationName("Mock App Store Connect")
            CountryName("US")
        }
        let identity = try authority.identity
        let caKey = try P256.Signing.PrivateKey(pemRepresentation: identity.privateKeyPEM)
        let expires = now.addingTimeInterval(365 * 86_400)
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: request.publicKey,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: expires,
            issuer: authority.certificate.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.codeSigning])
            },
            issuerPrivateKey: Certificate.PrivateKey(caKey))
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        let serial = certificate.serialNumber.bytes.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        return MockASCState.CertificateRecord(
            id: id, name: "\(role): \(displayName)", displayName: displayName, certificateType: certificateType,
            platform: certificateType.hasPrefix("IOS_") ? "IOS" : certificateType.hasPrefix("MAC_") ? "MAC_OS" : nil,
            serialNumber: serial, expirationDate: MockASCDate.text(expires),
            certificateContent: Data(serializer.serializedBytes).base64EncodedString())
    }
}

enum MockASCSignerError: Error {
    case notACSR
    case badSelfSignature
}
