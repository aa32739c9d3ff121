import APNsCore
import COpenSSL
import Crypto
import SwiftASN1

/// A private key (RSA, EC or Ed25519) held by OpenSSL.
///
/// Reads PKCS#8, encrypted PKCS#8 and traditional RSA/EC keys, as PEM or DER; writes PKCS#8 (plain or
/// encrypted with AES-256-CBC and PBKDF2, which `openssl pkey` reads) and the SubjectPublicKeyInfo.
public struct PrivateKey: Sendable {
    /// How the key was stored where it was read from.
    public enum Encoding: String, Sendable, Codable {
        case pkcs8
        case encryptedPKCS8 = "encrypted_pkcs8"
        case traditionalRSA = "traditional_rsa"
        case traditionalEC = "traditional_ec"
        case pkcs12
    }

    let key: EVPKey
    /// How the key was stored.
    public let encoding: Encoding
    /// Algorithm and size: `RSA 2048`, `EC P-256`, `EC P-384`, `Ed25519`.
    public let kind: String
    /// Size in bits.
    public let bits: Int

    init(key: EVPKey, encoding: Encoding) {
        self.key = key
        self.encoding = encoding
        let facts = PublicKeyFacts(key)
        self.bits = facts.bits
        self.kind = facts.type == "RSA" ? "RSA \(facts.bits)" : facts.type
    }

    /// True for an RSA key.
    public var isRSA: Bool { kind.hasPrefix("RSA") }
    /// True for an EC key on P-256 (what an APNs .p8 signing key is).
    public var isP256: Bool { kind == "EC P-256" }

    /// Reads a key from PEM text or DER bytes, recognised by content. `passphrase` is called only for an
    /// encrypted key. Throws ``CredentialError`` saying what the bytes are when they are not a private key.
    public init(bytes: [UInt8], passphrase: (() throws -> String)? = nil) throws {
        if PEMText.looksLikePEM(bytes) {
            if let legacy = PEMText.splitLegacyEncrypted(bytes) {
                self = try PrivateKey(legacyEncryptedPEM: legacy.block, passphrase: passphrase)
                return
            }
            let blocks = try PEMText.parse(bytes)
            guard let block = blocks.first(where: { PEMText.isPrivateKeyLabel($0.discriminator) }) else {
                throw CredentialError(.notAKey, "contains \(PEMText.describe(blocks)), not a private key")
            }
            self = try PrivateKey(derEncoded: block.derBytes, passphrase: passphrase)
        } else if ContentKind.isBlank(bytes) {
            throw CredentialError(.empty, "empty file")
        } else if bytes.first != 0x30 {
            // Not DER (which starts with a SEQUENCE): say what it is rather than how DER decoding failed.
            throw CredentialError(.unrecognised, "\(ContentKind.describe(bytes) ?? "unrecognised content"), not a private key")
        } else {
            self = try PrivateKey(derEncoded: bytes, passphrase: passphrase)
        }
    }

    /// Reads a PEM key (certificate blocks around it are ignored).
    public init(pemEncoded text: String, passphrase: (() throws -> String)? = nil) throws {
        try self.init(bytes: Array(text.utf8), passphrase: passphrase)
    }

    /// Reads a DER key: PKCS#8, encrypted PKCS#8 (EncryptedPrivateKeyInfo), or traditional RSA/EC.
    public init(derEncoded der: [UInt8], passphrase: (() throws -> String)? = nil) throws {
        OpenSSLRuntime.bootstrap()
        let shape = DERShape.classify(der)
        let encoding: Encoding
        switch shape {
        case .pkcs8: encoding = .pkcs8
        case .encryptedPKCS8: encoding = .encryptedPKCS8
        case .traditionalRSA: encoding = .traditionalRSA
        case .traditionalEC: encoding = .traditionalEC
        case .invalid(let reason):
            throw CredentialError(.malformed, "truncated or malformed DER (\(reason))")
        default:
            throw CredentialError(.notAKey, "contains \(shape.phrase), not a private key")
        }
        var secret = ""
        if encoding == .encryptedPKCS8 {
            try IterationBound.check(der)
            guard let passphrase else {
                throw CredentialError(.passwordRequired, "the private key is encrypted and no passphrase was given",
                                      remedy: .giveKeyPassphrase)
            }
            secret = try passphrase()
        }
        guard let pointer = Self.decode(der, passphrase: secret, encrypted: encoding == .encryptedPKCS8) else {
            let reasons = OpenSSLRuntime.drainErrors()
            if encoding == .encryptedPKCS8 {
                throw CredentialError(.wrongPassword, "wrong password for the encrypted private key",
                                      remedy: .checkKeyPassphraseSource)
            }
            throw CredentialError(.malformed, "malformed private key (\(reasons.last ?? "OpenSSL could not decode it"))")
        }
        self = try PrivateKey(checking: EVPKey(owning: pointer), encoding: encoding)
    }

    /// Reads a traditional key under legacy PEM encryption (`Proc-Type: 4,ENCRYPTED`, `DEK-Info: …`).
    init(legacyEncryptedPEM block: [UInt8], passphrase: (() throws -> String)?) throws {
        OpenSSLRuntime.bootstrap()
        guard let passphrase else {
            throw CredentialError(.passwordRequired, "the private key is encrypted and no passphrase was given",
                                  remedy: .giveKeyPassphrase)
        }
        // With no callback OpenSSL takes `u` as the NUL-terminated passphrase (and never prompts).
        var secret = Array(try passphrase().utf8).map { CChar(bitPattern: $0) } + [0]
        let pointer = try MemoryBIO.reading(block) { bio in
            secret.withUnsafeMutableBytes { PEM_read_bio_PrivateKey(bio, nil, nil, $0.baseAddress) }
        }
        guard let pointer else {
            let reasons = OpenSSLRuntime.drainErrors()
            if reasons.contains(where: { $0.contains("unsupported") }) {
                throw CredentialError(.unsupported, "the key's PEM encryption is not supported (\(reasons.last ?? ""))")
            }
            // A wrong key fails the padding check, or (rarely) yields bytes that are not a key: both mean this.
            throw CredentialError(.wrongPassword, "wrong password for the encrypted private key",
                                  remedy: .checkKeyPassphraseSource)
        }
        let key = EVPKey(owning: pointer)
        let isRSA = EVP_PKEY_get_base_id(pointer) == apns_EVP_PKEY_RSA()
        self = try PrivateKey(checking: key, encoding: isRSA ? .traditionalRSA : .traditionalEC)
    }

    /// A key read from a file, refused unless its private half matches the public half it carries: OpenSSL's
    /// pairwise check (`openssl pkey -check`). A PKCS#8 EC key as Apple's .p8 files hold it stores the public
    /// point beside the private scalar; one flipped bit in the scalar leaves a key that loads and signs, with
    /// signatures its own public key refuses. An RSA key must have n = p·q and d the inverse of e.
    init(checking key: EVPKey, encoding: Encoding) throws {
        self.init(key: key, encoding: encoding)
        if let failure = Self.pairwiseFailure(key) {
            throw CredentialError(.inconsistentKey, "the \(kind) private key does not match \(failure)")
        }
    }

    /// How messages name the check a damaged key fails (callers that reword a reader's error look for it).
    public static let pairwiseCheckName = "OpenSSL's pairwise check"

    /// Nil when the key passes OpenSSL's pairwise check; else what disagrees, as a phrase for
    /// "the private key does not match …".
    static func pairwiseFailure(_ key: EVPKey) -> String? {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            ERR_clear_error()
            return nil
        }
        defer { EVP_PKEY_CTX_free(context) }
        let result = EVP_PKEY_pairwise_check(context)
        let reasons = OpenSSLRuntime.drainErrors()
        // -2: the algorithm has no pairwise check (nothing to compare).
        guard result <= 0, result != -2 else { return nil }
        let check = pairwiseCheckName + (reasons.last.map { ": \($0)" } ?? " failed")
        switch EVP_PKEY_get_base_id(key.pointer) {
        case apns_EVP_PKEY_EC():
            return "the public key stored with it: the public point is not the private scalar times the generator "
                + "(\(check))"
        case apns_EVP_PKEY_RSA():
            return "its public modulus and exponent: the primes, modulus and exponents disagree (\(check))"
        default:
            return "its public key (\(check))"
        }
    }

    /// Decodes with OpenSSL: `PKCS8_decrypt` for EncryptedPrivateKeyInfo, `d2i_AutoPrivateKey` for the rest.
    private static func decode(_ der: [UInt8], passphrase: String, encrypted: Bool) -> OpaquePointer? {
        der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            guard encrypted else { return d2i_AutoPrivateKey(nil, &cursor, buffer.count) }
            guard let sig = d2i_X509_SIG(nil, &cursor, buffer.count) else { return nil }
            defer { X509_SIG_free(sig) }
            let secret = Array(passphrase.utf8).map { CChar(bitPattern: $0) } + [0]
            guard let info = PKCS8_decrypt(sig, secret, Int32(secret.count - 1)) else { return nil }
            defer { PKCS8_PRIV_KEY_INFO_free(info) }
            return EVP_PKCS82PKEY(info)
        }
    }

    /// Unencrypted PKCS#8 DER (`PrivateKeyInfo`).
    public var pkcs8DER: [UInt8] {
        get throws {
            try MemoryBIO.writing { i2d_PKCS8PrivateKey_bio($0, key.pointer, nil, nil, 0, nil, nil) == 1 }
        }
    }

    /// Unencrypted PKCS#8 PEM (label `PRIVATE KEY`), as an Apple .p8 file holds it.
    public var pkcs8PEM: String {
        get throws {
            let bytes = try MemoryBIO.writing { PEM_write_bio_PKCS8PrivateKey($0, key.pointer, nil, nil, 0, nil, nil) == 1 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Encrypted PKCS#8 PEM (label `ENCRYPTED PRIVATE KEY`): PBES2 with PBKDF2-HMAC-SHA256 and
    /// AES-256-CBC. `openssl pkey -passin` reads it. The passphrase must not be empty.
    public func encryptedPKCS8PEM(passphrase: String) throws -> String {
        guard !passphrase.isEmpty else {
            throw CredentialError(.passwordRequired, "an empty passphrase cannot encrypt a key",
                                  hint: "give a non-empty passphrase")
        }
        var secret = Array(passphrase.utf8).map { CChar(bitPattern: $0) }
        let count = Int32(secret.count)
        let bytes = try MemoryBIO.writing { bio in
            PEM_write_bio_PKCS8PrivateKey(bio, key.pointer, EVP_aes_256_cbc(), &secret, count, nil, nil) == 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The public half as DER SubjectPublicKeyInfo.
    public var publicKeyDER: [UInt8] {
        get throws {
            try MemoryBIO.writing { i2d_PUBKEY_bio($0, key.pointer) == 1 }
        }
    }

    /// True when `certificate` carries this key's public half.
    public func matches(_ certificate: APNsCertificate) -> Bool {
        guard let x509 = X509Handle(der: certificate.derEncoded), let other = X509_get0_pubkey(x509.pointer) else {
            ERR_clear_error()
            return false
        }
        let result = EVP_PKEY_eq(key.pointer, other)
        ERR_clear_error()
        return result == 1
    }

    /// The key as a swift-crypto P-256 signing key (an APNs .p8 key). Throws when it is not P-256.
    public func p256SigningKey() throws -> P256.Signing.PrivateKey {
        guard isP256 else {
            throw CredentialError(.unsupported, "the key is \(kind), not EC P-256",
                                  hint: "APNs signing keys (.p8) are EC P-256")
        }
        return try P256.Signing.PrivateKey(derRepresentation: try pkcs8DER)
    }
}
