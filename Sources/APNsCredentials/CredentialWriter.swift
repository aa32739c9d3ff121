/// Encodes credentials as PEM, DER or PKCS#12 bytes. Writing them to disk is the caller's job
/// (`SecureFile.write` for anything holding a key).
public enum CredentialWriter {
    /// The target encodings of `cert convert`.
    public enum Target: String, Sendable, Codable, CaseIterable {
        case pem
        case der
        case p12
    }

    /// PEM text: each certificate (leaf first), then the key as PKCS#8, encrypted when a passphrase is given.
    /// This is what `openssl pkcs12 -nodes` gives, without its "Bag Attributes" comment lines.
    public static func pem(certificates: [APNsCertificate], key: PrivateKey?, keyPassphrase: String? = nil) throws -> [UInt8] {
        var text = certificates.map(\.pemEncoded).joined()
        if let key {
            text += try keyPassphrase.map { try key.encryptedPKCS8PEM(passphrase: $0) } ?? key.pkcs8PEM
        }
        return Array(text.utf8)
    }

    /// DER: one certificate, or (with no certificate) the key as PKCS#8 DER. DER holds one object only.
    public static func der(certificates: [APNsCertificate], key: PrivateKey?) throws -> [UInt8] {
        if certificates.count == 1, key == nil { return certificates[0].derEncoded }
        if certificates.isEmpty, let key { return try key.pkcs8DER }
        throw CredentialError(.unsupported,
                              "DER holds exactly one object; this would need \(certificates.count) certificate(s)"
                              + (key == nil ? "" : " and a key"),
                              remedy: .oneDERObject)
    }

    /// PKCS#12 under `password`; the friendlyName is the leaf's common name unless one is given.
    public static func pkcs12(certificates: [APNsCertificate], key: PrivateKey?, password: String,
                              profile: PKCS12.Profile = .modern, friendlyName: String? = nil) throws -> [UInt8] {
        try PKCS12.encode(certificates: certificates, key: key, password: password,
                          friendlyName: friendlyName ?? certificates.first?.commonName, profile: profile)
    }
}

extension CredentialBundle {
    /// The parts of the bundle a conversion keeps: the chain or only the leaf, the key or not, or only the key.
    public func selecting(chain: Bool = true, key: Bool = true, keyOnly: Bool = false) -> CredentialBundle {
        var copy = self
        if keyOnly {
            copy.certificates = []
        } else if !chain {
            copy.certificates = Array(certificates.prefix(1))
        }
        if !key && !keyOnly { copy.privateKey = nil }
        return copy
    }
}
