import APNsCore
import COpenSSL

/// PKCS#12 (.p12/.pfx) reading and writing with OpenSSL.
///
/// Reads modern files (PBES2, AES-256-CBC, PBKDF2-SHA256) and legacy Keychain exports (RC2-40-CBC, 3DES,
/// SHA-1 MAC) alike: the legacy provider is loaded by `OpenSSLRuntime.bootstrap()`.
public enum PKCS12 {
    /// Encryption profiles for writing.
    public enum Profile: String, Sendable, Codable {
        /// AES-256-CBC with PBKDF2-HMAC-SHA256 for keys and certificates, HMAC-SHA256 MAC.
        case modern
        /// 3DES for the key, RC2-40-CBC for certificates, HMAC-SHA1 MAC: what older macOS Keychain imports.
        case legacy
    }

    /// What a PKCS#12 file held.
    struct Contents {
        var certificates: [APNsCertificate]
        var key: PrivateKey?
        var friendlyName: String?
        /// Every private key in the file, in bag order (``key`` is one of them).
        var keys: [PrivateKey] = []
        /// The friendlyName of each certificate's bag, aligned with ``certificates``.
        var certificateNames: [String?] = []
    }

    /// Decodes a PKCS#12 file. `password` is asked only when the empty password does not open it; with
    /// `givenFirst` (the password is at hand, from a file or the environment, so asking costs no prompt) it is
    /// tried before the empty one, which saves the key derivations of the empty-password MAC checks.
    static func read(_ der: [UInt8], password: () throws -> String, givenFirst: Bool = false) throws -> Contents {
        OpenSSLRuntime.bootstrap()
        try IterationBound.check(der)
        let handle: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PKCS12(nil, &cursor, buffer.count)
        }
        guard let p12 = handle else {
            ERR_clear_error()
            throw CredentialError(.malformed, "malformed PKCS#12 file")
        }
        defer { PKCS12_free(p12) }
        let secret = try openingPassword(p12, password: password, givenFirst: givenFirst)
        let bags = try Bags(p12, password: secret)
        let ordered = bags.leafFirst
        let certificates = try ordered.map { try APNsCertificate(derEncoded: $0.handle.der) }
        // The first friendlyName, leaf first (what `X509_alias_get0` gave after `PKCS12_parse`).
        let friendlyName = ordered.lazy.compactMap(\.friendlyName).first { !$0.isEmpty }
        return Contents(certificates: certificates, key: bags.keys.first, friendlyName: friendlyName, keys: bags.keys,
                        certificateNames: ordered.map(\.friendlyName))
    }

    /// Finds the password that verifies the MAC: the empty one first (in whichever of its two encodings
    /// verifies), then the caller's. A password that decrypts the contents but fails the MAC means the file
    /// is corrupted.
    private static func openingPassword(_ p12: OpaquePointer, password: () throws -> String,
                                        givenFirst: Bool) throws -> Password {
        if givenFirst, PKCS12_mac_present(p12) == 1, let given = try? password(), !given.isEmpty,
           macVerifies(p12, Password(text: given)) {
            return Password(text: given)
        }
        if PKCS12_mac_present(p12) != 1 {
            if let empty = Password.emptyEncodings.first(where: { decrypts(p12, $0) }) { return empty }
            let given = try password()
            if given.isEmpty { throw wrongPassword }
            guard decrypts(p12, Password(text: given)) else { throw wrongPassword }
            return Password(text: given)
        }
        if let empty = Password.emptyEncodings.first(where: { macVerifies(p12, $0) }) { return empty }
        let given = try password()
        if given.isEmpty { throw wrongPassword }
        if macVerifies(p12, Password(text: given)) { return Password(text: given) }
        if decrypts(p12, Password(text: given)) {
            throw CredentialError(.integrity, "integrity check failed: the MAC does not match (the file is corrupted)",
                                  hint: "the password is right, but the contents changed: export the file again")
        }
        throw wrongPassword
    }

    private static let wrongPassword = CredentialError(.wrongPassword, "wrong password",
        remedy: .giveExportPassword)

    private static func macVerifies(_ p12: OpaquePointer, _ password: Password) -> Bool {
        defer { ERR_clear_error() }
        return password.withOpenSSL { PKCS12_verify_mac(p12, $0, $1) } == 1
    }

    /// True when `password` decrypts an encrypted safe or a shrouded key bag, or when nothing is encrypted.
    private static func decrypts(_ p12: OpaquePointer, _ password: Password) -> Bool {
        defer { ERR_clear_error() }
        guard let safes = PKCS12_unpack_authsafes(p12) else { return false }
        defer { apns_sk_PKCS7_pop_free(safes) }
        var encrypted = false
        for index in 0..<apns_sk_PKCS7_num(safes) {
            guard let p7 = apns_sk_PKCS7_value(safes, index) else { continue }
            if apns_PKCS7_type_nid(p7) == NID_pkcs7_encrypted {
                encrypted = true
                guard let bags = password.withOpenSSL({ PKCS12_unpack_p7encdata(p7, $0, $1) }) else { continue }
                apns_sk_PKCS12_SAFEBAG_pop_free(bags)
                return true
            }
            guard let bags = PKCS12_unpack_p7data(p7) else { continue }
            defer { apns_sk_PKCS12_SAFEBAG_pop_free(bags) }
            for bagIndex in 0..<apns_sk_PKCS12_SAFEBAG_num(bags) {
                guard let bag = apns_sk_PKCS12_SAFEBAG_value(bags, bagIndex),
                      PKCS12_SAFEBAG_get_nid(bag) == NID_pkcs8ShroudedKeyBag else { continue }
                encrypted = true
                if let info = password.withOpenSSL({ PKCS12_decrypt_skey(bag, $0, $1) }) {
                    PKCS8_PRIV_KEY_INFO_free(info)
                    return true
                }
            }
        }
        return !encrypted
    }

    /// Encodes certificates (leaf first) and an optional key as PKCS#12 under `password`.
    /// The leaf gets `friendlyName` and, with a key, a localKeyId binding it to the key.
    public static func encode(certificates: [APNsCertificate], key: PrivateKey?, password: String,
                              friendlyName: String?, profile: Profile = .modern) throws -> [UInt8] {
        OpenSSLRuntime.bootstrap()
        guard key != nil || !certificates.isEmpty else {
            throw CredentialError(.unsupported, "nothing to write: no certificate and no key")
        }
        let x509s = try certificates.map { certificate -> X509Handle in
            guard let handle = X509Handle(der: certificate.derEncoded) else {
                throw CredentialError(.internalFailure, "OpenSSL could not read a certificate back")
            }
            return handle
        }
        guard let chain = apns_sk_X509_new_null() else {
            throw CredentialError(.internalFailure, "OpenSSL could not allocate a stack")
        }
        defer { apns_sk_X509_free(chain) }
        for handle in x509s.dropFirst() { _ = apns_sk_X509_push(chain, handle.pointer) }
        let (keyNID, certNID, mac) = profile == .modern
            ? (NID_aes_256_cbc, NID_aes_256_cbc, EVP_sha256())
            : (NID_pbe_WithSHA1And3_Key_TripleDES_CBC, NID_pbe_WithSHA1And40BitRC2_CBC, EVP_sha1())
        let iterations: Int32 = 2048
        guard let p12 = PKCS12_create(password, friendlyName, key?.key.pointer, x509s.first?.pointer,
                                      x509s.count > 1 ? chain : nil, keyNID, certNID, iterations, -1, 0) else {
            let reasons = OpenSSLRuntime.drainErrors()
            throw CredentialError(.internalFailure, "OpenSSL could not build the PKCS#12 file (\(reasons.last ?? "unknown"))")
        }
        defer { PKCS12_free(p12) }
        guard PKCS12_set_mac(p12, password, -1, nil, 0, iterations, mac) == 1 else {
            throw CredentialError(.internalFailure, "OpenSSL could not add the PKCS#12 MAC")
        }
        return try MemoryBIO.writing { i2d_PKCS12_bio($0, p12) == 1 }
    }
}
