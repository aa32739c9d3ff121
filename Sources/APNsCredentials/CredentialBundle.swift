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
    /// Every private key the file held, in file order: a .p12 may hold several; ``privateKey`` is the leaf's.
    public var keys: [PrivateKey]
    /// How the key was chosen among several, when it was: "holds 2 private keys; using key 2 (RSA 2048), …".
    public var keyChoice: String?
    /// Set when several keys were found and not exactly one matches an end-entity certificate; names the choices.
    /// ``privateKey`` is then nil, and commands that need the key refuse with this message.
    public var keyAmbiguity: String?

    /// A bundle; the certificates are put leaf first (see ``leaf``).
    public init(certificates: [APNsCertificate], privateKey: PrivateKey?, format: CredentialFormat,
                friendlyName: String? = nil) {
        self.certificates = CertificateOrder.leafFirst(certificates, key: privateKey)
        self.privateKey = privateKey
        self.format = format
        self.friendlyName = friendlyName
        self.keys = privateKey.map { [$0] } ?? []
    }

    /// A bundle from a file holding `keys` (perhaps several): the key is the one that matches the only end-entity
    /// certificate some key matches; otherwise there is no key and ``keyAmbiguity`` names the choices.
    init(certificates: [APNsCertificate], keys: [PrivateKey], format: CredentialFormat, friendlyName: String?) {
        guard keys.count > 1 else {
            self.init(certificates: certificates, privateKey: keys.first, format: format, friendlyName: friendlyName)
            return
        }
        let endEntities = certificates.filter { candidate in !certificates.contains { candidate.isIssuer(of: $0) } }
        let pairs = endEntities.compactMap { leaf in keys.firstIndex { $0.matches(leaf) }.map { (leaf, $0) } }
        let chosen = pairs.count == 1 ? keys[pairs[0].1] : nil
        self.init(certificates: certificates, privateKey: chosen, format: format, friendlyName: friendlyName)
        self.keys = keys
        if pairs.count == 1 {
            let (leaf, index) = pairs[0]
            keyChoice = "holds \(keys.count) private keys; using key \(index + 1) (\(keys[index].kind)), "
                + "the one matching the leaf certificate \(leaf.displayName)"
        } else {
            let choices = keys.enumerated().map { index, key in
                "key \(index + 1) (\(key.kind)) " + (certificates.first { key.matches($0) }.map { "matches \($0.displayName)" }
                                                      ?? "matches no certificate")
            }
            keyAmbiguity = "holds \(keys.count) private keys and \(pairs.isEmpty ? "none" : "\(pairs.count)") "
                + "match a leaf certificate: " + choices.joined(separator: "; ")
        }
    }

    /// The PKCS#12 friendlyName of each certificate that had one, by the certificate's SHA-256 fingerprint (what
    /// a .p12 identity is chosen by).
    public var certificateNames: [String: String] = [:]

    /// PEM blocks left out because they are damaged (a key block that is not base64 or not a key), each
    /// described: "PEM block 1 (RSA PRIVATE KEY) is not valid base64: ignored". The certificates were read.
    public var ignoredBlocks: [String] = []

    /// What is unusual in the file, one line each: ignored PEM blocks, then certificate warnings (weak key, BER,
    /// unusual parameters).
    public var warnings: [String] {
        ignoredBlocks + certificates.flatMap { certificate in certificate.warnings.map { "certificate \(certificate.displayName): \($0)" } }
    }

    /// The certificate a key matches, for reports; nil when none does.
    public func certificate(matching key: PrivateKey) -> APNsCertificate? {
        certificates.first { key.matches($0) }
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
