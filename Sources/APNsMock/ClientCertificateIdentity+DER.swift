import APNsCore

extension ClientCertificateIdentity {
    /// Reads a client certificate's APNs entitlements from its DER encoding.
    init(derEncoded bytes: [UInt8]) throws {
        // Filled in from APNsCredentials' APNsCertificate once it is on main.
        throw APNsError.badInput("client certificate: APNs certificate model not available yet")
    }
}
