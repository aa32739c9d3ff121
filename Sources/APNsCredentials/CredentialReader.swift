import APNsCore

/// Reads any credential file, recognising it by content rather than by extension: PEM (certificates and one
/// private key), a DER certificate or key, or PKCS#12.
///
/// The password is asked for through a closure, called at most once and only when the content needs one
/// (an encrypted key, or a PKCS#12 file that the empty password does not open).
public struct CredentialReader: Sendable {
    /// Where the password comes from when one is needed (the CLI passes `SecretSource.resolve`).
    public var password: @Sendable () throws -> String

    /// True when `password` answers without a prompt (a file or an environment variable): a PKCS#12 file then
    /// tries it before the empty password, one key derivation instead of three for a protected file.
    public var passwordAtHand: Bool

    /// Which identity (private key and its certificate) to read from a PKCS#12 file that holds several; nil
    /// reads the file whole (and picks the key that matches the only leaf, if one does).
    public var identity: PKCS12.Identity?

    /// A reader that asks `password` when needed. Without one, a file that needs a password fails saying so.
    public init(password: (@Sendable () throws -> String)? = nil, passwordAtHand: Bool = false) {
        self.passwordAtHand = passwordAtHand && password != nil
        self.password = password ?? {
            throw CredentialError(.passwordRequired, "a password is needed",
                                  remedy: .givePassword)
        }
    }

    /// Reads `path` (`-` for standard input). Every failure is an `APNsError` naming the file. Files over
    /// `SecureFile.credentialLimit` (16 MiB), FIFOs, directories and devices are refused before anything is read.
    /// `offerStandardInput`: whether a missing file's hint offers `-` (see ``SecureFile``).
    public func read(path: String, offerStandardInput: Bool = true) throws -> CredentialBundle {
        let bytes = try SecureFile.read(path, limit: SecureFile.credentialLimit, offerStandardInput: offerStandardInput)
        return try read(bytes: bytes, name: path)
    }

    /// Reads bytes that came from `name` (used in error messages).
    public func read(bytes: [UInt8], name: String) throws -> CredentialBundle {
        do {
            return try parse(bytes)
        } catch var error as CredentialError {
            if error.reason == .wrongPassword, passwordAtHand {
                // The user gave a password; repeating "give the password with --password-file" misleads.
                error.hint = ""
                error.remedy = .givenPasswordIsWrong
            }
            throw error.apnsError(file: name)
        } catch let error as APNsError {
            // From the password source (no terminal, unset variable): say which file wanted the password.
            let label = name == "-" ? "standard input" : name
            if error.message.hasPrefix(label) { throw error }
            throw APNsError(error.status, "\(label): \(error.message)", hint: error.hint, remedy: error.remedy)
        } catch {
            throw APNsError.badInput("\(name == "-" ? "standard input" : name): \(error)")
        }
    }

    /// Recognises and decodes `bytes`. Throws ``CredentialError``.
    public func parse(_ bytes: [UInt8]) throws -> CredentialBundle {
        OpenSSLRuntime.bootstrap()
        if ContentKind.isBlank(bytes) {
            throw CredentialError(.empty, "empty file", hint: "expected a certificate (.pem, .cer) or a .p12 file")
        }
        let asker = CachedPassword(password)
        if PEMText.looksLikePEM(bytes) {
            try refuseIdentity(in: "PEM text")
            return try parsePEM(bytes, password: asker)
        }
        if Self.looksLikePropertyList(bytes) || (bytes.first == 0x30 && DERShape.isSignedContent(bytes)) {
            throw CredentialError(.unrecognised, "a provisioning profile (a property list, CMS-signed or bare), not a certificate",
                                  remedy: .inspectProfileInstead)
        }
        guard bytes.first == 0x30 else {
            let what = ContentKind.describe(bytes).map { "\($0), " } ?? ""
            throw CredentialError(.unrecognised, "\(what)not a certificate, private key or PKCS#12 file (unrecognised content)",
                                  remedy: .readableFormats)
        }
        return try parseDER(bytes, password: asker)
    }

    /// An XML or binary property list (an unsigned provisioning profile, say).
    static func looksLikePropertyList(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(512), as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        return head.hasPrefix("bplist") || (head.hasPrefix("<") && head.contains("<plist"))
    }

    private func parsePEM(_ bytes: [UInt8], password: CachedPassword) throws -> CredentialBundle {
        var text = bytes
        var legacyKey: PrivateKey?
        if let legacy = PEMText.splitLegacyEncrypted(bytes) {
            legacyKey = try PrivateKey(legacyEncryptedPEM: legacy.block, passphrase: password.get)
            text = legacy.rest
        }
        if legacyKey != nil && !PEMText.looksLikePEM(text) {
            return CredentialBundle(certificates: [], privateKey: legacyKey, format: .pem)
        }
        // A damaged key block beside good certificates does not hide them (as `openssl x509` reads such a file):
        // the certificates are shown and the block is named in a warning. Certificate blocks stay strict.
        var skipped = [String]()
        let blocks = try PEMText.parse(text, skipping: { $0 != "CERTIFICATE" }, skipped: &skipped)
        let keyBlocks = blocks.filter { PEMText.isPrivateKeyLabel($0.discriminator) }
        if keyBlocks.count + (legacyKey == nil ? 0 : 1) > 1 {
            throw CredentialError(.malformed, "holds several private keys; expected at most one",
                                  hint: "split the file so each holds one certificate chain and its key")
        }
        var certificates = [APNsCertificate]()
        for (index, block) in blocks.enumerated() where block.discriminator == "CERTIFICATE" {
            do {
                certificates.append(try APNsCertificate(derEncoded: block.derBytes))
            } catch {
                throw CredentialError(.malformed, "PEM block \(index + 1) (CERTIFICATE) is not a valid certificate (\(error))",
                                      hint: "neither swift-certificates nor OpenSSL can parse it; export it again")
            }
        }
        var key = legacyKey
        if key == nil, let block = keyBlocks.first {
            do {
                key = try PrivateKey(derEncoded: block.derBytes, passphrase: password.get)
            } catch let error as CredentialError where !certificates.isEmpty && Self.isDamage(error) {
                skipped.append("the \(block.discriminator) block is not a valid private key (\(error.message)): ignored")
            }
        }
        if !skipped.isEmpty && certificates.isEmpty {
            // Nothing usable besides the damaged block: that is the error.
            throw CredentialError(.malformed, skipped[0].replacing(": ignored", with: ""),
                                  hint: "the file was damaged, e.g. by an editor or a copy and paste")
        }
        if certificates.isEmpty && key == nil {
            // A public key gets the default hint, which says why it cannot stand in for a certificate or key.
            let publicKey = blocks.contains { PEMText.isPublicKeyLabel($0.discriminator) }
            throw CredentialError(.notACertificate, "contains \(PEMText.describe(blocks)), not a certificate or private key",
                                  hint: publicKey ? "" : "give the certificate (.pem, .cer) or the .p12 file")
        }
        var bundle = CredentialBundle(certificates: certificates, privateKey: key, format: .pem)
        bundle.ignoredBlocks = skipped
        return bundle
    }

    /// Choosing an identity applies to PKCS#12 files only: said rather than ignored.
    private func refuseIdentity(in what: String) throws {
        guard let identity else { return }
        throw CredentialError(.unsupported, "\(what), not a PKCS#12 file: there is no \(identity.phrase) to choose",
                              hint: "identities are chosen in .p12 files only; read this file without choosing one")
    }

    /// A key block that is damaged (not a password problem, nor an algorithm this OpenSSL lacks).
    private static func isDamage(_ error: CredentialError) -> Bool {
        error.reason == .malformed || error.reason == .unrecognised || error.reason == .notAKey
    }

    private func parseDER(_ bytes: [UInt8], password: CachedPassword) throws -> CredentialBundle {
        switch DERShape.classify(bytes) {
        case .certificate:
            try refuseIdentity(in: "a DER certificate")
            do {
                return CredentialBundle(certificates: [try APNsCertificate(derEncoded: bytes)], privateKey: nil, format: .der)
            } catch {
                throw CredentialError(.malformed, "malformed DER certificate (\(error))",
                                      hint: "neither swift-certificates nor OpenSSL can parse it; export it again")
            }
        case .pkcs12:
            let contents = try PKCS12.read(bytes, password: password.get, givenFirst: passwordAtHand)
            if let identity { return try PKCS12.bundle(of: identity, in: contents) }
            var bundle = CredentialBundle(certificates: contents.certificates, keys: contents.keys, format: .pkcs12,
                                          friendlyName: contents.friendlyName)
            for (certificate, name) in zip(contents.certificates, contents.certificateNames) {
                if let name, !name.isEmpty { bundle.certificateNames[certificate.sha256Fingerprint] = name }
            }
            return bundle
        case .pkcs8, .encryptedPKCS8, .traditionalRSA, .traditionalEC:
            try refuseIdentity(in: "a DER private key")
            return CredentialBundle(certificates: [], privateKey: try PrivateKey(derEncoded: bytes, passphrase: password.get),
                                    format: .der)
        case .publicKey:
            throw CredentialError(.notACertificate, "contains a public key, not a certificate, private key or PKCS#12 file")
        case .invalid(let reason):
            throw CredentialError(.malformed, "truncated or malformed DER (\(reason))",
                                  hint: "the file may be cut short or damaged; download or export it again")
        case .otherDER:
            throw CredentialError(.unrecognised, "DER data that is not a certificate, private key or PKCS#12 file",
                                  remedy: .readableFormats)
        }
    }
}
