extension PKCS12 {
    /// One identity of a PKCS#12 file that holds several (a Keychain export of two push certificates, say):
    /// its private key and the certificate that key belongs to.
    public enum Identity: Sendable, Equatable {
        /// The Nth private key in the file (from 1) and its certificate.
        case number(Int)
        /// The certificate whose bag carries this friendlyName (what Keychain shows) and its key.
        case friendlyName(String)

        /// "identity 2", "identity \"second\"".
        public var phrase: String {
            switch self {
            case .number(let number): return "identity \(number)"
            case .friendlyName(let name): return "identity \"\(name)\""
            }
        }
    }

    /// The identities of `contents`: each private key, in file order, with the certificate it matches (nil when
    /// none does) and that certificate's friendlyName.
    static func identities(in contents: Contents) -> [(key: PrivateKey, certificate: APNsCertificate?, name: String?)] {
        contents.keys.map { key in
            let index = contents.certificates.firstIndex { key.matches($0) }
            return (key, index.map { contents.certificates[$0] }, index.flatMap { contents.certificateNames[$0] })
        }
    }

    /// The bundle of one identity: its certificate, that certificate's issuers found in the file, and its key.
    /// Throws when the file has no such identity, naming those it has.
    static func bundle(of identity: Identity, in contents: Contents) throws -> CredentialBundle {
        let all = identities(in: contents)
        let index: Int?
        switch identity {
        case .number(let number): index = number >= 1 && number <= all.count ? number - 1 : nil
        case .friendlyName(let name): index = all.firstIndex { $0.name == name }
        }
        guard let index else {
            let listing = all.enumerated().map { offset, entry in
                "\(offset + 1) " + (entry.name.map { "\"\($0)\" " } ?? "") + "(\(entry.certificate?.displayName ?? "no certificate"))"
            }
            let held = all.isEmpty ? "holds no private key, so no identity"
                : "holds \(all.count == 1 ? "1 identity" : "\(all.count) identities"): " + listing.joined(separator: "; ")
            throw CredentialError(.notAKey, "there is no \(identity.phrase): the file \(held)",
                                  hint: all.isEmpty ? "a .p12 without a key holds certificates only"
                                      : "choose one of the identities listed, by number or by friendly name")
        }
        let chosen = all[index]
        var certificates = [APNsCertificate]()
        if let leaf = chosen.certificate {
            certificates.append(leaf)
            var current = leaf
            while !current.isSelfIssued, let issuer = contents.certificates.first(where: { $0.isIssuer(of: current) }),
                  !certificates.contains(issuer) {
                certificates.append(issuer)
                current = issuer
            }
        }
        var bundle = CredentialBundle(certificates: certificates, privateKey: chosen.key, format: .pkcs12,
                                      friendlyName: chosen.name)
        if let leaf = chosen.certificate, let name = chosen.name { bundle.certificateNames[leaf.sha256Fingerprint] = name }
        if all.count > 1 {
            bundle.keyChoice = "holds \(all.count) identities; reading identity \(index + 1)"
                + (chosen.name.map { " \"\($0)\"" } ?? "") + " (\(chosen.certificate?.displayName ?? "a key without a certificate"))"
        }
        return bundle
    }
}
