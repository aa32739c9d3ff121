import APNsCore
import Crypto
import Foundation

/// A P-256 signing key read from a .p8 file, with the public identity the manifest records.
public struct SigningKeyMaterial: Sendable {
    /// The private key.
    public let privateKey: P256.Signing.PrivateKey

    public init(_ privateKey: P256.Signing.PrivateKey) { self.privateKey = privateKey }

    /// The public key as SubjectPublicKeyInfo DER.
    public var publicKeyDER: [UInt8] { Array(privateKey.publicKey.derRepresentation) }

    /// SHA-256 of the public key DER, lowercase hex (what `openssl pkey -pubout -outform DER | sha256sum` prints).
    public var fingerprint: String { Self.fingerprint(of: publicKeyDER) }

    /// Lowercase hex SHA-256 of `der`.
    public static func fingerprint(of der: [UInt8]) -> String {
        SHA256.hash(data: der).map { String(format: "%02x", $0) }.joined()
    }

    /// The PKCS#8 PEM of the private key (as Apple's .p8 files are).
    public var pkcs8PEM: String { privateKey.pemRepresentation }

    /// Reads a plaintext P-256 private key in PKCS#8 (PEM or DER). Anything else gets an error naming what
    /// it is and the file.
    public static func parse(_ bytes: [UInt8], file: String) throws -> SigningKeyMaterial {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let label = PEMLabel.first(in: text) else {
            if let key = try? P256.Signing.PrivateKey(derRepresentation: bytes) {
                return SigningKeyMaterial(key)
            }
            throw APNsError.badInput("\(file): not a key: no PEM block and not a DER private key",
                                     hint: "a .p8 from Apple starts with -----BEGIN PRIVATE KEY-----")
        }
        switch label {
        case "PRIVATE KEY":
            if let key = try? P256.Signing.PrivateKey(pemRepresentation: text) { return SigningKeyMaterial(key) }
            throw APNsError.badInput("\(file): a PKCS#8 private key, but not an EC P-256 key",
                                     hint: "APNs signing keys are EC P-256 (ES256); download the .p8 from Apple again")
        case "EC PRIVATE KEY":
            let curve = (try? P256.Signing.PrivateKey(pemRepresentation: text)) != nil ? "P-256 " : ""
            throw APNsError.badInput("\(file): an EC \(curve)private key in SEC1 form (EC PRIVATE KEY), not PKCS#8",
                                     hint: "convert it: openssl pkcs8 -topk8 -nocrypt -in \(file) -out AuthKey.p8")
        case "ENCRYPTED PRIVATE KEY":
            throw APNsError.badInput("\(file): an encrypted PKCS#8 key",
                                     hint: "decrypt it first: openssl pkcs8 -in \(file) -out AuthKey.p8")
        case "RSA PRIVATE KEY":
            throw APNsError.badInput("\(file): an RSA private key, not an EC P-256 .p8 key",
                                     hint: "RSA keys belong with certificates: `apnsctl cert import`")
        case "PUBLIC KEY", "EC PUBLIC KEY", "RSA PUBLIC KEY":
            throw APNsError.badInput("\(file): a public key, not a private key",
                                     hint: "import the .p8 file Apple let you download once (AuthKey_KEYID.p8)")
        case "CERTIFICATE", "TRUSTED CERTIFICATE":
            throw APNsError.badInput("\(file): a certificate, not a .p8 signing key",
                                     hint: "store certificates with `apnsctl cert import FILE`")
        default:
            throw APNsError.badInput("\(file): a PEM \(label) block, not a .p8 private key",
                                     hint: "a .p8 from Apple starts with -----BEGIN PRIVATE KEY-----")
        }
    }
}

/// The label of a PEM block (`-----BEGIN LABEL-----`).
enum PEMLabel {
    static func first(in text: String) -> String? {
        guard let begin = text.range(of: "-----BEGIN ") else { return nil }
        guard let end = text.range(of: "-----", range: begin.upperBound..<text.endIndex) else { return nil }
        return String(text[begin.upperBound..<end.lowerBound])
    }
}
