import APNsCore
import APNsCredentials
import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A CMS SignedData message (RFC 5652) as OpenSSL reads it: the envelope of a provisioning profile.
///
/// Owns its `CMS_ContentInfo` and frees it. Immutable after creation; every method works on copies of what
/// OpenSSL holds, so values can be shared between threads.
final class CMSSignedData: @unchecked Sendable {
    private let pointer: OpaquePointer

    /// Reads DER (or BER, as Apple writes it); nil when the bytes are not a CMS SignedData.
    init?(der: [UInt8]) {
        OpenSSLRuntime.bootstrap()
        let parsed: OpaquePointer? = der.withUnsafeBytes { raw in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { BIO_free(bio) }
            return d2i_CMS_bio(bio, nil)
        }
        ERR_clear_error()
        guard let parsed else { return nil }
        guard OBJ_obj2nid(CMS_get0_type(parsed)) == NID_pkcs7_signed else {
            CMS_ContentInfo_free(parsed)
            return nil
        }
        pointer = parsed
    }

    deinit { CMS_ContentInfo_free(pointer) }

    /// The encapsulated content (the property list), as signed; nil when the message carries none (detached).
    var content: [UInt8]? {
        guard let slot = CMS_get0_content(pointer), let octets = slot.pointee,
              let data = ASN1_STRING_get0_data(octets) else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(ASN1_STRING_length(octets))))
    }

    /// How many SignerInfos the message has (0: a degenerate, unsigned message).
    var signerCount: Int {
        guard let infos = CMS_get0_SignerInfos(pointer) else { return 0 }
        return Int(apns_sk_CMS_SignerInfo_num(infos))
    }

    /// The certificates embedded in the message, DER-encoded, in the order they appear.
    var certificates: [[UInt8]] {
        guard let stack = CMS_get1_certs(pointer) else { return [] }
        defer { apns_sk_X509_pop_free(stack) }
        return (0..<apns_sk_X509_num(stack)).compactMap { index in
            apns_sk_X509_value(stack, index).map(Self.der(of:))
        }
    }

    /// The outcome of checking the signature itself (not who made it).
    enum SignatureCheck: Sendable, Equatable {
        /// The signature is good over the content; the signer's certificate, DER.
        case good(signer: [UInt8])
        /// The signature does not match the content (altered after signing), or cannot be checked; OpenSSL's reason.
        case bad(String)
    }

    /// Checks every SignerInfo's signature and the content digest, without judging the signer's certificate.
    func checkSignature() -> SignatureCheck {
        ERR_clear_error()
        guard CMS_verify(pointer, nil, nil, nil, nil, apns_CMS_verify_signature_only_flags()) == 1 else {
            let reasons = OpenSSLRuntime.drainErrors()
            return .bad(reasons.last ?? "the signature does not verify")
        }
        guard let signers = CMS_get0_signers(pointer) else { return .bad("no signer certificate") }
        defer { apns_sk_X509_free(signers) }
        guard apns_sk_X509_num(signers) > 0, let first = apns_sk_X509_value(signers, 0) else {
            return .bad("no signer certificate")
        }
        return .good(signer: Self.der(of: first))
    }

    /// The outcome of building the signer's chain to a trust anchor.
    struct ChainCheck: Sendable, Equatable {
        /// True when a chain to one of the anchors verified.
        var trusted: Bool
        /// OpenSSL's reason when it did not ("unable to get local issuer certificate").
        var reason: String?
        /// The chain's certificates from the signer to the anchor, DER (empty when it did not verify).
        var chain: [[UInt8]]
    }

    /// Verifies `signer`'s chain, with the message's certificates as intermediates, against `anchors`,
    /// as of `time` (a profile is judged at its signing time: Apple's signing certificates expire).
    func checkChain(signer: [UInt8], anchors: [[UInt8]], at time: Date) -> ChainCheck {
        let failed = { (reason: String) in ChainCheck(trusted: false, reason: reason, chain: []) }
        guard let store = X509_STORE_new() else { return failed("OpenSSL could not allocate a store") }
        defer { X509_STORE_free(store) }
        for anchor in anchors {
            guard let certificate = Self.x509(anchor) else { continue }
            X509_STORE_add_cert(store, certificate)
            X509_free(certificate)
        }
        ERR_clear_error()
        guard let leaf = Self.x509(signer) else { return failed("the signer certificate cannot be read") }
        defer { X509_free(leaf) }
        let untrusted = CMS_get1_certs(pointer)
        defer { if let untrusted { apns_sk_X509_pop_free(untrusted) } }
        guard let context = X509_STORE_CTX_new() else { return failed("OpenSSL could not allocate a context") }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leaf, untrusted) == 1 else {
            return failed(OpenSSLRuntime.drainErrors().last ?? "cannot start verification")
        }
        X509_VERIFY_PARAM_set_time(X509_STORE_CTX_get0_param(context), time_t(time.timeIntervalSince1970))
        guard X509_verify_cert(context) == 1 else {
            let code = X509_STORE_CTX_get_error(context)
            ERR_clear_error()
            return failed(String(cString: X509_verify_cert_error_string(Int(code))))
        }
        var chain = [[UInt8]]()
        if let built = X509_STORE_CTX_get0_chain(context) {
            for index in 0..<apns_sk_X509_num(built) {
                if let certificate = apns_sk_X509_value(built, index) { chain.append(Self.der(of: certificate)) }
            }
        }
        return ChainCheck(trusted: true, reason: nil, chain: chain)
    }

    /// Signs `content` as a CMS SignedData (content included, SHA-256) with `certificatePEM` and its
    /// `privateKeyPEM`, adding `chainPEM` certificates; DER. What `openssl cms -sign -nodetach -binary` makes.
    static func sign(content: [UInt8], certificatePEM: String, privateKeyPEM: String,
                     chainPEM: [String] = []) throws -> [UInt8] {
        OpenSSLRuntime.bootstrap()
        func readPEM<T>(_ text: String, _ body: (OpaquePointer) -> T?) -> T? {
            Array(text.utf8).withUnsafeBytes { raw in
                guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
                defer { BIO_free(bio) }
                return body(bio)
            }
        }
        guard let certificate = readPEM(certificatePEM, { PEM_read_bio_X509($0, nil, nil, nil) }) else {
            throw ProfileError("the signing certificate is not PEM")
        }
        defer { X509_free(certificate) }
        guard let key = readPEM(privateKeyPEM, { PEM_read_bio_PrivateKey($0, nil, nil, nil) }) else {
            throw ProfileError("the signing key is not PEM")
        }
        defer { EVP_PKEY_free(key) }
        guard let chain = apns_sk_X509_new_null() else { throw ProfileError("OpenSSL could not allocate a stack") }
        defer { apns_sk_X509_pop_free(chain) }
        for pem in chainPEM {
            if let extra = readPEM(pem, { PEM_read_bio_X509($0, nil, nil, nil) }) { apns_sk_X509_push(chain, extra) }
        }
        let signed: OpaquePointer? = content.withUnsafeBytes { raw in
            guard let input = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { BIO_free(input) }
            return CMS_sign(certificate, key, chain, input, UInt32(CMS_BINARY))
        }
        guard let signed else {
            throw ProfileError("OpenSSL could not sign: \(OpenSSLRuntime.drainErrors().last ?? "unknown error")")
        }
        defer { CMS_ContentInfo_free(signed) }
        guard let output = BIO_new(BIO_s_mem()) else { throw ProfileError("OpenSSL could not allocate a buffer") }
        defer { BIO_free(output) }
        guard i2d_CMS_bio(output, signed) == 1 else {
            throw ProfileError("OpenSSL could not encode: \(OpenSSLRuntime.drainErrors().last ?? "unknown error")")
        }
        var data: UnsafeMutablePointer<CChar>? = nil
        let length = apns_BIO_get_mem_data(output, &data)
        guard length > 0, let data else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    private static func x509(_ der: [UInt8]) -> OpaquePointer? {
        der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
    }

    private static func der(of certificate: OpaquePointer) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_X509(certificate, &out)
        guard length > 0, let out else { return [] }
        defer { apns_OPENSSL_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(length)))
    }
}
