/// How a credential file was encoded, recognised from its content.
public enum CredentialFormat: String, Codable, Sendable {
    /// PEM text: CERTIFICATE blocks and at most one private key.
    case pem
    /// A single DER certificate (.cer) or DER private key.
    case der
    /// PKCS#12 (.p12, .pfx).
    case pkcs12
}

/// What one credential file holds: certificates (leaf first, then its chain), perhaps a private key.
public struct CredentialBundle: Sendable {
    /// The certificates, leaf first, then the chain towards the root.
    public var certificates: [APNsCertificate]
    /// The private key, when the file held one.
    public var privateKey: PrivateKey?
    /// How the file was encoded.
    public var format: CredentialFormat
    /// The PKCS#12 friendlyName of the leaf (Keychain shows it), when there was one.
    public var friendlyName: String?

    /// A bundle; the certificates are put leaf first (see ``leaf``).
    public init(certificates: [APNsCertificate], privateKey: PrivateKey?, format: CredentialFormat,
                friendlyName: String? = nil) {
        self.certificates = CertificateOrder.leafFirst(certificates, key: privateKey)
        self.privateKey = privateKey
        self.format = format
        self.friendlyName = friendlyName
    }

    /// The end-entity certificate: the one the key belongs to.
    public var leaf: APNsCertificate? { certificates.first }

    /// The certificates after the leaf.
    public var chain: [APNsCertificate] { Array(certificates.dropFirst()) }

    /// Whether the key matches the leaf; nil when there is no key or no certificate.
    public var keyMatchesLeaf: Bool? {
        guard let privateKey, let leaf else { return nil }
        return privateKey.matches(leaf)
    }
}

/// Puts a set of certificates in leaf-first order.
enum CertificateOrder {
    /// The leaf is the certificate the key matches; without a key (or no match), the first one that issued
    /// none of the others. Then the issuer chain from the leaf, then anything left in the order given.
    static func leafFirst(_ certificates: [APNsCertificate], key: PrivateKey?) -> [APNsCertificate] {
        guard certificates.count > 1 else { return certificates }
        let byKey = key.flatMap { key in certificates.firstIndex(where: { key.matches($0) }) }
        let notAnIssuer = certificates.firstIndex { candidate in
            !certificates.contains { candidate.isIssuer(of: $0) }
        }
        let leafIndex = byKey ?? notAnIssuer ?? 0
        var ordered = [certificates[leafIndex]]
        var remaining = certificates
        remaining.remove(at: leafIndex)
        while let current = ordered.last, !current.isSelfIssued,
              let next = remaining.firstIndex(where: { $0.isIssuer(of: current) }) {
            ordered.append(remaining.remove(at: next))
        }
        return ordered + remaining
    }
}
