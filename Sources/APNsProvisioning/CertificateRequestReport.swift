import APNsCore
import Crypto
import _CryptoExtras
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1
import X509

/// What `cert inspect` shows for a certificate signing request (PEM or DER).
///
/// JSON fields: `file`, `kind` (`csr`), `format` (`pem` | `der`), `subject` (RFC 4514, as
/// `openssl req -subject -nameopt RFC2253` prints it), `public_key` (`rsaEncryption 2048`, `id-ecPublicKey 256`),
/// `public_key_type` (`RSA`, `EC P-256`…), `public_key_bits`, `public_key_sha256` (SHA-256 of the
/// SubjectPublicKeyInfo DER, hex), `signature_algorithm` (`sha256WithRSAEncryption`), `signature_verifies`
/// (the self-signature), `pending_request` (the id of the keystore's pending request for this key; null when
/// none, or no keystore).
public struct CertificateRequestReport: Encodable, Sendable, Equatable {
    public var file: String
    public var kind = "csr"
    public var format: String
    public var subject: String
    public var publicKey: String
    public var publicKeyType: String
    public var publicKeyBits: Int
    public var publicKeySHA256: String
    public var signatureAlgorithm: String
    public var signatureVerifies: Bool
    public var pendingRequest: String?
    /// The SubjectPublicKeyInfo DER (to look the request up in a keystore); not encoded.
    public var publicKeyDER: [UInt8]

    enum CodingKeys: String, CodingKey {
        case file, kind, format, subject, publicKey = "public_key", publicKeyType = "public_key_type"
        case publicKeyBits = "public_key_bits", publicKeySHA256 = "public_key_sha256"
        case signatureAlgorithm = "signature_algorithm", signatureVerifies = "signature_verifies"
        case pendingRequest = "pending_request"
    }

    /// Every field always present: `pending_request` is null when there is none.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(kind, forKey: .kind)
        try c.encode(format, forKey: .format)
        try c.encode(subject, forKey: .subject)
        try c.encode(publicKey, forKey: .publicKey)
        try c.encode(publicKeyType, forKey: .publicKeyType)
        try c.encode(publicKeyBits, forKey: .publicKeyBits)
        try c.encode(publicKeySHA256, forKey: .publicKeySHA256)
        try c.encode(signatureAlgorithm, forKey: .signatureAlgorithm)
        try c.encode(signatureVerifies, forKey: .signatureVerifies)
        try c.encode(pendingRequest, forKey: .pendingRequest)
    }

    /// Reads `bytes` from `file` as a CSR. Returns nil when they are not one (a certificate, a key, a .p12),
    /// so callers can hand them to the credential reader; throws when they claim to be a CSR but are broken.
    public static func read(bytes: [UInt8], file: String) throws -> CertificateRequestReport? {
        let label = file == "-" ? "standard input" : file
        if let text = String(bytes: bytes, encoding: .utf8), text.contains("-----BEGIN") {
            guard text.contains("-----BEGIN CERTIFICATE REQUEST-----")
                    || text.contains("-----BEGIN NEW CERTIFICATE REQUEST-----") else { return nil }
            let normalised = text.replacing("NEW CERTIFICATE REQUEST", with: "CERTIFICATE REQUEST")
            let document: PEMDocument
            do {
                document = try PEMDocument(pemString: normalised)
            } catch {
                throw APNsError.badInput("\(label): the CERTIFICATE REQUEST PEM block is malformed (\(error))",
                                         hint: "the file may be cut short; make the request again")
            }
            return try parse(document.derBytes, file: file, format: "pem")
        }
        guard bytes.first == 0x30, let csr = try? CertificateSigningRequest(derEncoded: bytes) else { return nil }
        return try report(csr, file: file, format: "der")
    }

    static func parse(_ der: [UInt8], file: String, format: String) throws -> CertificateRequestReport {
        do {
            return try report(try CertificateSigningRequest(derEncoded: der), file: file, format: format)
        } catch let error as APNsError {
            throw error
        } catch {
            throw APNsError.badInput("\(file == "-" ? "standard input" : file): not a valid certificate signing "
                                     + "request (\(error))", hint: "make the request again")
        }
    }

    static func report(_ csr: CertificateSigningRequest, file: String, format: String) throws -> CertificateRequestReport {
        var serializer = DER.Serializer()
        try serializer.serialize(csr.publicKey)
        let spki = serializer.serializedBytes
        let facts = PublicKeyDescription(csr.publicKey)
        let algorithm = String(describing: csr.signatureAlgorithm)
        return CertificateRequestReport(
            file: file, format: format, subject: RFC2253Name.render(csr.subject), publicKey: facts.openSSLName,
            publicKeyType: facts.type, publicKeyBits: facts.bits,
            publicKeySHA256: Hex.lower(SHA256.hash(data: spki)),
            signatureAlgorithm: algorithm.hasPrefix("SignatureAlgorithm.")
                ? String(algorithm.dropFirst("SignatureAlgorithm.".count)) : algorithm,
            signatureVerifies: csr.publicKey.isValidSignature(csr.signature, for: csr), pendingRequest: nil,
            publicKeyDER: spki)
    }

    /// Text for people, in the `label: value` rows `cert inspect` uses; `joinCommand` is the command that joins
    /// Apple's certificate with a pending request's key.
    public func text(joinCommand: String) -> String {
        let rows: [(String, String)] = [
            ("kind", "certificate signing request (\(format.uppercased()))"),
            ("subject", subject),
            ("public key", "\(publicKeyType) \(publicKeyBits)"),
            ("public key sha256", publicKeySHA256),
            ("signature", "\(signatureAlgorithm), " + (signatureVerifies ? "self-signature verifies"
                                                                         : "self-signature does NOT verify")),
            ("pending request", pendingRequest.map { "\($0) (in the keystore: join Apple's certificate with "
                                                     + "`\(joinCommand)`)" } ?? "none in the keystore"),
        ]
        return "\(file)\n" + rows.map { "  \($0.0.padded(toLength: 18)) \($0.1)" }
            .joined(separator: "\n")
    }
}

/// A public key's algorithm and size, from swift-certificates' parsed key.
struct PublicKeyDescription {
    var type: String
    var bits: Int
    var openSSLName: String

    init(_ key: Certificate.PublicKey) {
        if let rsa = _RSA.Signing.PublicKey(key) {
            (type, bits, openSSLName) = ("RSA", rsa.keySizeInBits, "rsaEncryption \(rsa.keySizeInBits)")
        } else if P256.Signing.PublicKey(key) != nil {
            (type, bits, openSSLName) = ("EC P-256", 256, "id-ecPublicKey 256")
        } else if P384.Signing.PublicKey(key) != nil {
            (type, bits, openSSLName) = ("EC P-384", 384, "id-ecPublicKey 384")
        } else if P521.Signing.PublicKey(key) != nil {
            (type, bits, openSSLName) = ("EC P-521", 521, "id-ecPublicKey 521")
        } else {
            (type, bits, openSSLName) = ("Ed25519", 256, "ED25519 256")
        }
    }
}
