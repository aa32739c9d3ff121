import APNsCore
import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1

/// The facts of a certificate read with OpenSSL, for certificates that swift-certificates refuses but OpenSSL
/// parses: RSA keys under 2048 bits, ECDSA signature algorithms with explicit NULL parameters (Java keytool),
/// BER rather than DER encoding. The APNs topics extension is still decoded with swift-asn1 from its raw value.
struct OpenSSLCertificateFacts {
    var subject: [(type: String, value: String)]
    var issuer: [(type: String, value: String)]
    var subjectNameDER: [UInt8]
    var issuerNameDER: [UInt8]
    var serialNumber: String
    var notBefore: Date
    var notAfter: Date
    var sha1: String
    var sha256: String
    var key: PublicKeyFacts
    var signatureAlgorithm: String
    var clientAuth: Bool
    /// Extension values by dotted OID.
    var extensions: [String: [UInt8]]
    /// What is unusual about the certificate, one phrase each.
    var warnings: [String]

    /// Reads `der` with OpenSSL; nil when OpenSSL cannot parse it either. `refusal` is swift-certificates' reason.
    init?(_ der: [UInt8], refusal: String) {
        OpenSSLRuntime.bootstrap()
        guard let x509 = X509Handle(der: der) else {
            ERR_clear_error()
            return nil
        }
        let pointer = x509.pointer
        guard let subjectName = X509_get_subject_name(pointer), let issuerName = X509_get_issuer_name(pointer),
              let start = X509_get0_notBefore(pointer), let end = X509_get0_notAfter(pointer),
              let notBefore = Self.date(start), let notAfter = Self.date(end) else {
            ERR_clear_error()
            return nil
        }
        subject = Self.entries(subjectName)
        issuer = Self.entries(issuerName)
        subjectNameDER = Self.nameDER(subjectName)
        issuerNameDER = Self.nameDER(issuerName)
        serialNumber = Self.serial(pointer)
        self.notBefore = notBefore
        self.notAfter = notAfter
        sha1 = Self.digest(pointer, EVP_sha1())
        sha256 = Self.digest(pointer, EVP_sha256())
        let keyFacts = X509_get0_pubkey(pointer).map { PublicKeyFacts(pointer: $0) } ?? PublicKeyFacts(type: "unknown", bits: 0)
        key = keyFacts
        let nid = X509_get_signature_nid(pointer)
        signatureAlgorithm = nid == NID_undef ? "unknown" : OBJ_nid2ln(nid).map { Self.camelCase(String(cString: $0)) } ?? "unknown"
        clientAuth = (X509_get_extension_flags(pointer) & UInt32(EXFLAG_XKUSAGE)) != 0
            ? (X509_get_extended_key_usage(pointer) & UInt32(XKU_SSL_CLIENT)) != 0 : false
        extensions = Self.extensions(pointer)
        ERR_clear_error()
        warnings = Self.unusual(der, key: keyFacts, refusal: refusal)
    }

    /// One phrase per oddity, most important first; always ends with swift-certificates' refusal.
    private static func unusual(_ der: [UInt8], key: PublicKeyFacts, refusal: String) -> [String] {
        var found = [String]()
        if key.type == "RSA" && key.bits < 2048 {
            found.append("weak key: RSA \(key.bits); APNs needs RSA 2048")
        }
        if (try? DER.parse(der)) == nil {
            found.append("not DER: the certificate uses BER encoding")
        }
        if hasNullECDSAParameters(der) {
            found.append("unusual parameters: the ECDSA signature algorithm carries explicit NULL parameters")
        }
        found.append("read with OpenSSL: the stricter certificate library refused it (\(refusal))")
        return found
    }

    /// True when either signature AlgorithmIdentifier is ecdsa-with-* followed by a NULL.
    private static func hasNullECDSAParameters(_ der: [UInt8]) -> Bool {
        guard let root = try? BER.parse(der), case .constructed(let top) = root.content else { return false }
        var identifiers = [ASN1Node]()
        let children = Array(top)
        if children.count > 1 { identifiers.append(children[1]) }
        if let tbs = children.first, case .constructed(let fields) = tbs.content {
            identifiers.append(contentsOf: Array(fields).prefix(3).filter { $0.identifier == .sequence })
        }
        return identifiers.contains { node in
            guard case .constructed(let parts) = node.content else { return false }
            let items = Array(parts)
            guard items.count == 2, items[1].identifier == .null,
                  let oid = try? ASN1ObjectIdentifier(derEncoded: items[0]) else { return false }
            return oid.description.hasPrefix("1.2.840.10045.4.")
        }
    }

    private static func entries(_ name: OpaquePointer) -> [(type: String, value: String)] {
        var result = [(type: String, value: String)]()
        for index in 0..<X509_NAME_entry_count(name) {
            guard let entry = X509_NAME_get_entry(name, index), let object = X509_NAME_ENTRY_get_object(entry),
                  let data = X509_NAME_ENTRY_get_data(entry) else { continue }
            var out: UnsafeMutablePointer<UInt8>? = nil
            let length = ASN1_STRING_to_UTF8(&out, data)
            var value = ""
            if length >= 0, let out {
                value = String(decoding: UnsafeBufferPointer(start: out, count: Int(length)), as: UTF8.self)
                apns_OPENSSL_free(out)
            }
            result.append((oidText(object), value))
        }
        return result
    }

    static func oidText(_ object: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        let length = OBJ_obj2txt(&buffer, Int32(buffer.count), object, 1)
        guard length > 0 else { return "?" }
        return String(decoding: buffer.prefix(Int(min(length, 127))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func nameDER(_ name: OpaquePointer) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_X509_NAME(name, &out)
        guard length > 0, let out else { return [] }
        defer { apns_OPENSSL_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(length)))
    }

    private static func serial(_ x509: OpaquePointer) -> String {
        guard let integer = X509_get0_serialNumber(x509), let bn = ASN1_INTEGER_to_BN(integer, nil) else { return "" }
        defer { BN_free(bn) }
        var bytes = [UInt8](repeating: 0, count: Int((BN_num_bits(bn) + 7) / 8))
        _ = BN_bn2bin(bn, &bytes)
        return Hex.encode(bytes.isEmpty ? [0] : bytes)
    }

    private static func digest(_ x509: OpaquePointer, _ type: OpaquePointer?) -> String {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard X509_digest(x509, type, &out, &length) == 1 else { return "" }
        return Hex.encode(out.prefix(Int(length)))
    }

    private static func date(_ time: UnsafePointer<ASN1_TIME>) -> Date? {
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    private static func extensions(_ x509: OpaquePointer) -> [String: [UInt8]] {
        var result = [String: [UInt8]]()
        for index in 0..<X509_get_ext_count(x509) {
            guard let ext = X509_get_ext(x509, index), let object = X509_EXTENSION_get_object(ext),
                  let data = X509_EXTENSION_get_data(ext) else { continue }
            let length = Int(ASN1_STRING_length(data))
            let value = ASN1_STRING_get0_data(data).map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
            result[oidText(object)] = value
        }
        return result
    }

    /// `ecdsa-with-SHA256` → `ecdsaWithSHA256`, as swift-certificates names signature algorithms.
    private static func camelCase(_ name: String) -> String {
        name.replacing("-with-", with: "With").replacing("-", with: "")
    }
}
