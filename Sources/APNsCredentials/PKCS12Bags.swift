import APNsCore
import COpenSSL

extension PKCS12 {
    /// The bags of a PKCS#12 file, decrypted in one walk over its safes once the password is known.
    ///
    /// `PKCS12_parse` would verify the MAC again and return only the first key, and reading every key besides
    /// meant decrypting the safes a second time: each decryption of a legacy file is two PKCS#12 key derivations
    /// (2048 SHA-1 iterations each). One walk does what `openssl pkcs12` does (apps/pkcs12.c): every safe and
    /// every shrouded key decrypted once. The result is what `PKCS12_parse` returns: the first key, the first
    /// certificate that matches it as the leaf, the other certificates in file order.
    struct Bags {
        /// Certificates in bag order, each with its bag's friendlyName.
        var certificates: [(handle: X509Handle, friendlyName: String?)] = []
        /// Every private key, in bag order.
        var keys: [PrivateKey] = []

        /// Decrypts every safe and key bag of `p12` with `password`, in the encoding that verified the MAC (an empty
        /// password's two encodings derive different keys: the bags must be decrypted with the MAC's).
        init(_ p12: OpaquePointer, password: Password) throws {
            defer { ERR_clear_error() }
            guard let safes = PKCS12_unpack_authsafes(p12) else {
                throw PKCS12.undecryptable(OpenSSLRuntime.drainErrors())
            }
            defer { apns_sk_PKCS7_pop_free(safes) }
            for index in 0..<apns_sk_PKCS7_num(safes) {
                guard let p7 = apns_sk_PKCS7_value(safes, index) else { continue }
                let bags: OpaquePointer?
                switch apns_PKCS7_type_nid(p7) {
                case NID_pkcs7_data: bags = PKCS12_unpack_p7data(p7)
                case NID_pkcs7_encrypted: bags = password.withOpenSSL { PKCS12_unpack_p7encdata(p7, $0, $1) }
                default: continue   // enveloped (public-key) safes: OpenSSL skips them too
                }
                guard let bags else { throw PKCS12.undecryptable(OpenSSLRuntime.drainErrors()) }
                defer { apns_sk_PKCS12_SAFEBAG_pop_free(bags) }
                try collect(bags, password: password, depth: 0)
            }
        }

        private mutating func collect(_ bags: OpaquePointer, password: Password, depth: Int) throws {
            for index in 0..<apns_sk_PKCS12_SAFEBAG_num(bags) {
                guard let bag = apns_sk_PKCS12_SAFEBAG_value(bags, index) else { continue }
                switch PKCS12_SAFEBAG_get_nid(bag) {
                case NID_keyBag:
                    guard let info = PKCS12_SAFEBAG_get0_p8inf(bag), let key = EVP_PKCS82PKEY(info) else {
                        throw PKCS12.undecryptable(OpenSSLRuntime.drainErrors())
                    }
                    keys.append(try PrivateKey(checking: EVPKey(owning: key), encoding: .pkcs12))
                case NID_pkcs8ShroudedKeyBag:
                    guard let info = password.withOpenSSL({ PKCS12_decrypt_skey(bag, $0, $1) }) else {
                        throw PKCS12.undecryptable(OpenSSLRuntime.drainErrors())
                    }
                    defer { PKCS8_PRIV_KEY_INFO_free(info) }
                    guard let key = EVP_PKCS82PKEY(info) else { throw PKCS12.undecryptable(OpenSSLRuntime.drainErrors()) }
                    keys.append(try PrivateKey(checking: EVPKey(owning: key), encoding: .pkcs12))
                case NID_certBag:
                    // Only X.509 certificates; SDSI certificates are skipped, as OpenSSL does.
                    guard PKCS12_SAFEBAG_get_bag_nid(bag) == NID_x509Certificate else { continue }
                    guard let x509 = PKCS12_SAFEBAG_get1_cert(bag) else {
                        throw PKCS12.undecryptable(OpenSSLRuntime.drainErrors())
                    }
                    var name: String?
                    if let text = PKCS12_get_friendlyname(bag) {
                        name = String(cString: text)
                        apns_OPENSSL_free(text)
                    }
                    certificates.append((X509Handle(owning: x509), name))
                case NID_safeContentsBag:
                    // Nested safe contents: OpenSSL recurses without a bound; a bound keeps a crafted file finite.
                    guard depth < 8, let nested = PKCS12_SAFEBAG_get0_safes(bag) else { continue }
                    try collect(nested, password: password, depth: depth + 1)
                default:
                    continue   // CRL and secret bags carry nothing apnsctl reads
                }
            }
        }

        /// The certificates leaf first: the first one that matches the first key (as `PKCS12_parse` picks
        /// its `cert`), then the others in file order. Without a key, file order.
        var leafFirst: [(handle: X509Handle, friendlyName: String?)] {
            guard let key = keys.first,
                  let leaf = certificates.firstIndex(where: { X509_check_private_key($0.handle.pointer, key.key.pointer) == 1 })
            else { return certificates }
            ERR_clear_error()
            var ordered = certificates
            ordered.insert(ordered.remove(at: leaf), at: 0)
            return ordered
        }
    }

    static func undecryptable(_ reasons: [String]) -> CredentialError {
        CredentialError(.unsupported, "cannot decrypt the PKCS#12 contents (\(reasons.last ?? "unknown error"))",
                        remedy: .missingAlgorithm)
    }
}
