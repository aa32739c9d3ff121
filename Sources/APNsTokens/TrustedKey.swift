import APNsCore
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A signing key whose provider tokens a verifier accepts: the key id a token's `kid` names, the team its
/// `iss` must name, and the P-256 public key its signature must verify with. The keystore lists them
/// (`Keystore.trustedKeys()`); the mock APNs checks tokens against them.
public struct TrustedKey: Sendable {
    /// The 10-character key id.
    public var keyID: String
    /// The 10-character team id the key belongs to.
    public var teamID: String
    /// The public half of the key.
    public var publicKey: P256.Signing.PublicKey

    public init(keyID: String, teamID: String, publicKey: P256.Signing.PublicKey) {
        self.keyID = keyID
        self.teamID = teamID
        self.publicKey = publicKey
    }

    /// Reads the key from a PEM file holding a public key (`-----BEGIN PUBLIC KEY-----`) or an Apple .p8
    /// private key (whose public half is used). Errors name the file.
    public init(keyID: String, teamID: String, pemFile path: String) throws {
        let text = String(decoding: try SecureFile.read(path, offerStandardInput: false), as: UTF8.self)
        if let key = try? P256.Signing.PublicKey(pemRepresentation: text) {
            self.init(keyID: keyID, teamID: teamID, publicKey: key)
        } else if let key = try? P256.Signing.PrivateKey(pemRepresentation: text) {
            self.init(keyID: keyID, teamID: teamID, publicKey: key.publicKey)
        } else {
            throw APNsError.badInput("\(path): not a P-256 public key or .p8 private key in PEM form",
                                     remedy: TokenRemedy.publicKeyOrP8)
        }
    }
}
