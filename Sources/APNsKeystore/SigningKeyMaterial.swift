import APNsCore
import APNsCredentials
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A P-256 signing key read from a .p8 file, with the public identity the manifest records.
public struct SigningKeyMaterial: Sendable {
    /// The private key.
    public let privateKey: P256.Signing.PrivateKey

    /// True when the input was encrypted (its passphrase was needed to read it).
    public var inputWasEncrypted = false

    public init(_ privateKey: P256.Signing.PrivateKey) { self.privateKey = privateKey }

    /// A new random P-256 key (the demo's App Store Connect key, `key generate`'s keys).
    public static func generate() -> SigningKeyMaterial { SigningKeyMaterial(P256.Signing.PrivateKey()) }

    /// The public key as SubjectPublicKeyInfo DER.
    public var publicKeyDER: [UInt8] { Array(privateKey.publicKey.derRepresentation) }

    /// SHA-256 of the public key DER, lowercase hex (what `openssl pkey -pubout -outform DER | sha256sum` prints).
    public var fingerprint: String { Self.fingerprint(of: publicKeyDER) }

    /// Lowercase hex SHA-256 of `der`.
    public static func fingerprint(of der: [UInt8]) -> String {
        Hex.lower(SHA256.hash(data: der))
    }

    /// The PKCS#8 PEM of the private key (as Apple's .p8 files are).
    public var pkcs8PEM: String { privateKey.pemRepresentation }

    /// Reads a P-256 private key in PKCS#8, encrypted PKCS#8 (when `passphrase` is given) or SEC1
    /// (`EC PRIVATE KEY`), as PEM (laid out any way OpenSSL accepts) or DER. The key is kept, and stored, as PKCS#8.
    /// Anything else gets an error naming the file and what it is: an RSA or P-384 key, a public
    /// key, a certificate, garbage. The recognising is APNsCredentials' ``PrivateKey`` (OpenSSL).
    public static func parse(_ bytes: [UInt8], file: String,
                             passphrase: (() throws -> String)? = nil) throws -> SigningKeyMaterial {
        let name = file == "-" ? "standard input" : file
        let key: PrivateKey
        var asked = false
        let asking = passphrase.map { source in { () throws -> String in asked = true; return try source() } }
        do {
            key = try PrivateKey(bytes: bytes, passphrase: asking)
        } catch let error as CredentialError {
            switch error.reason {
            case .passwordRequired:
                throw APNsError.badInput("\(name): an encrypted PKCS#8 key and no passphrase was given",
                                         remedy: SecretRemedy.passwordSource)
            case .wrongPassword:
                throw APNsError.badInput("\(name): wrong passphrase for the encrypted key", hint: error.hint,
                                         remedy: error.remedy)
            case .empty:
                throw APNsError.badInput("\(name): empty file, not a .p8 signing key",
                                         hint: "check the path, or that the download from Apple finished")
            case .unrecognised:
                throw APNsError.badInput("\(name): \(error.message.replacing("not a private key", with: "not a .p8 signing key"))",
                                         hint: "a .p8 from Apple is a PEM file labelled PRIVATE KEY (PKCS#8)")
            default:
                throw APNsError.badInput("\(name): not a .p8 signing key: \(error.message)",
                                         hint: "a .p8 from Apple is a PEM file labelled PRIVATE KEY (PKCS#8)")
            }
        }
        switch key.encoding {
        case .pkcs8, .encryptedPKCS8, .traditionalEC:
            break
        case .traditionalRSA, .pkcs12:
            throw APNsError.badInput("\(name): an \(key.kind) private key, not an EC P-256 .p8 signing key",
                                     remedy: KeystoreRemedy.importRSAWithCertificate)
        }
        guard key.isP256 else {
            throw APNsError.badInput("\(name): a PKCS#8 \(key.kind) private key, not an EC P-256 key",
                                     hint: "APNs signing keys are EC P-256 (ES256); download the .p8 from Apple again")
        }
        do {
            var material = SigningKeyMaterial(try P256.Signing.PrivateKey(derRepresentation: try key.pkcs8DER))
            material.inputWasEncrypted = asked
            return material
        } catch {
            throw APNsError.badInput("\(name): an EC P-256 key that cannot be used for signing (\(error))")
        }
    }

    /// The key held in environment variable `name` (`key import --from-env`): PEM text (newlines kept, lost or
    /// written as `\\n`), or base64 of a PEM or DER key, as CI systems hold secrets. Nothing is written anywhere.
    public static func environmentBytes(_ name: String,
                                        environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [UInt8] {
        guard let value = environment[name] else {
            throw APNsError.usage("environment variable \(name) is not set",
                                  hint: "export \(name) with the key's PEM text (or its base64) before running")
        }
        let label = "environment variable \(name)"
        let trimmed = value.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw APNsError.badInput("\(label): is empty", hint: "set it to the key's PEM text or its base64")
        }
        if trimmed.contains("-----BEGIN ") { return Array(value.utf8) }
        let base64 = trimmed.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: base64), !data.isEmpty else {
            throw APNsError.badInput("\(label): holds neither a PEM key nor base64",
                                     hint: "set it to the .p8 file's text, or to `base64 -w0 AuthKey_KEYID.p8`")
        }
        return [UInt8](data)
    }

    /// A P-256 public key to verify tokens with, from a PEM public key or a .p8 private key (its public half).
    public static func verificationKey(_ bytes: [UInt8], file: String) throws -> P256.Signing.PublicKey {
        let text = String(decoding: bytes, as: UTF8.self)
        if let key = try? P256.Signing.PublicKey(pemRepresentation: text) { return key }
        if let key = try? P256.Signing.PublicKey(derRepresentation: bytes) { return key }
        return try parse(bytes, file: file).privateKey.publicKey
    }

    /// The key as encrypted PKCS#8 PEM (PBES2, AES-256-CBC; `openssl pkey -passin` reads it).
    public func encryptedPKCS8PEM(passphrase: String) throws -> String {
        do {
            return try PrivateKey(derEncoded: Array(privateKey.derRepresentation)).encryptedPKCS8PEM(passphrase: passphrase)
        } catch let error as CredentialError {
            throw APNsError.usage("cannot encrypt the key: \(error.message)", hint: error.hint, remedy: error.remedy)
        }
    }
}
