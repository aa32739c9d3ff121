import APNsCore
import COpenSSL

/// Owns one OpenSSL `EVP_PKEY` and frees it. Immutable after creation, so safe to share between threads.
final class EVPKey: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes ownership of `pointer`.
    init(owning pointer: OpaquePointer) { self.pointer = pointer }

    deinit { EVP_PKEY_free(pointer) }

    /// Reads a SubjectPublicKeyInfo; nil when OpenSSL cannot.
    convenience init?(subjectPublicKeyInfo der: [UInt8]) {
        OpenSSLRuntime.bootstrap()
        let key: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        ERR_clear_error()
        guard let key else { return nil }
        self.init(owning: key)
    }
}

/// Owns one OpenSSL `X509` and frees it.
final class X509Handle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(owning pointer: OpaquePointer) { self.pointer = pointer }
    deinit { X509_free(pointer) }

    /// Takes a new reference to a certificate someone else owns.
    convenience init(borrowing pointer: OpaquePointer) {
        X509_up_ref(pointer)
        self.init(owning: pointer)
    }

    /// Reads a DER certificate; nil when OpenSSL cannot.
    convenience init?(der: [UInt8]) {
        let x509: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
        guard let x509 else { return nil }
        self.init(owning: x509)
    }

    /// The certificate's DER encoding.
    var der: [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_X509(pointer, &out)
        guard length > 0, let out else { return [] }
        defer { apns_OPENSSL_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(length)))
    }
}

/// Memory BIOs: the way bytes go in and out of OpenSSL.
enum MemoryBIO {
    /// Runs `body` with a read-only BIO over `bytes`.
    static func reading<T>(_ bytes: [UInt8], _ body: (OpaquePointer) throws -> T) throws -> T {
        try bytes.withUnsafeBytes { raw in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else {
                throw CredentialError(.internalFailure, "OpenSSL could not allocate a buffer")
            }
            defer { BIO_free(bio) }
            return try body(bio)
        }
    }

    /// Runs `body` with an empty writable BIO and returns what it wrote; `body` returns false on failure.
    static func writing(_ body: (OpaquePointer) throws -> Bool) throws -> [UInt8] {
        guard let bio = BIO_new(BIO_s_mem()) else {
            throw CredentialError(.internalFailure, "OpenSSL could not allocate a buffer")
        }
        defer { BIO_free(bio) }
        guard try body(bio) else {
            let reasons = OpenSSLRuntime.drainErrors()
            throw CredentialError(.internalFailure, "OpenSSL could not encode: \(reasons.last ?? "unknown error")")
        }
        var data: UnsafeMutablePointer<CChar>? = nil
        let length = apns_BIO_get_mem_data(bio, &data)
        guard length > 0, let data else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}

/// Type and size of a public key, as OpenSSL sees it.
struct PublicKeyFacts {
    var type: String
    var bits: Int

    /// The facts of a certificate's public key (read with OpenSSL from the whole certificate).
    init(certificateDER der: [UInt8]) {
        OpenSSLRuntime.bootstrap()
        if let x509 = X509Handle(der: der), let key = X509_get0_pubkey(x509.pointer) {
            self.init(pointer: key)
        } else {
            ERR_clear_error()
            self.init(type: "unknown", bits: 0)
        }
    }

    init(type: String, bits: Int) {
        self.type = type
        self.bits = bits
    }

    init(_ key: EVPKey) { self.init(pointer: key.pointer) }

    /// Reads the facts of a key the caller keeps alive.
    init(pointer key: OpaquePointer) {
        bits = Int(EVP_PKEY_get_bits(key))
        let id = EVP_PKEY_get_base_id(key)
        if id == apns_EVP_PKEY_RSA() {
            type = "RSA"
        } else if id == apns_EVP_PKEY_EC() {
            type = "EC " + Self.curveName(key)
        } else if id == apns_EVP_PKEY_ED25519() {
            type = "Ed25519"
        } else {
            type = String(cString: OBJ_nid2sn(id))
        }
    }

    private static func curveName(_ key: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 80)
        var length = 0
        guard EVP_PKEY_get_utf8_string_param(key, "group", &buffer, buffer.count, &length) == 1 else {
            ERR_clear_error()
            return "unknown curve"
        }
        let name = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch name {
        case "prime256v1", "P-256": return "P-256"
        case "secp384r1", "P-384": return "P-384"
        case "secp521r1", "P-521": return "P-521"
        default: return name
        }
    }
}
