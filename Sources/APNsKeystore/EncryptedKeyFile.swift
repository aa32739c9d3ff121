import APNsCore
import Crypto

/// Encrypted PKCS#8 key files. Waits for APNsCredentials' `PrivateKey` (a parallel module), which does the
/// PKCS#8 work through OpenSSL; until it lands, encrypted keys are refused with a clear error.
enum EncryptedKeyFile {
    static func decrypt(_ bytes: [UInt8], file: String, passphrase: String) throws -> P256.Signing.PrivateKey {
        throw APNsError.badInput("\(file): encrypted keys are not supported by this build yet",
                                 hint: "store keys without --encrypt")
    }

    static func encrypt(_ material: SigningKeyMaterial, passphrase: String) throws -> String {
        throw APNsError.usage("--encrypt is not supported by this build yet", hint: "import without --encrypt")
    }
}

extension SigningKeyMaterial {
    /// The key as encrypted PKCS#8 PEM (readable by `openssl pkey -passin`).
    public func encryptedPKCS8PEM(passphrase: String) throws -> String {
        try EncryptedKeyFile.encrypt(self, passphrase: passphrase)
    }
}
