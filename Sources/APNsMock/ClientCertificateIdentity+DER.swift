import APNsCore
import APNsCredentials

extension ClientCertificateIdentity {
    /// Reads what a client certificate entitles its holder to, using APNsCredentials' certificate model:
    /// the subject UID, the topics of extension 1.2.840.113635.100.6.3.6, and the environment OIDs.
    public init(certificate: APNsCertificate) {
        self.init(subjectTopic: certificate.bundleID, topics: certificate.topics.map(\.topic),
                  development: certificate.environments.contains(.development),
                  production: certificate.environments.contains(.production))
    }

    /// Reads a client certificate's APNs entitlements from its DER encoding.
    public init(derEncoded bytes: [UInt8]) throws {
        self.init(certificate: try APNsCertificate(derEncoded: bytes))
    }
}
