import APNsCore
import APNsCredentials

extension ClientCertificateIdentity {
    /// Reads what a client certificate entitles its holder to, using APNsCredentials' certificate model (the
    /// certificate judge's, so the mock and `cert verify` agree): the subject UID, the topics the certificate
    /// allows (those of extension 1.2.840.113635.100.6.3.6, else the one its purpose gives: `<UID>.voip` for a VoIP
    /// Services certificate, none for a certificate that is not for push), and the environment OIDs.
    public init(certificate: APNsCertificate) {
        self.init(subjectTopic: certificate.purpose == .notPush ? nil : certificate.bundleID,
                  topics: certificate.allowedTopics,
                  development: certificate.environments.contains(.development),
                  production: certificate.environments.contains(.production))
    }

    /// Reads a client certificate's APNs entitlements from its DER encoding.
    public init(derEncoded bytes: [UInt8]) throws {
        self.init(certificate: try APNsCertificate(derEncoded: bytes))
    }
}
