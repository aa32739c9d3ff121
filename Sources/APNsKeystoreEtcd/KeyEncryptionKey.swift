import APNsCore
import Crypto
import _CryptoExtras
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The key that seals every secret an etcd keystore stores (key material, certificate keys), so etcd never
/// holds a private key in clear. Only the ops side has it (`--kek-file FILE` or `APNSCTL_KEK_FILE`); senders,
/// which read tokens only, need none.
///
/// The file holds 32 random bytes (`head -c 32 /dev/urandom > kek`), or a passphrase (any other content, one
/// line), stretched with scrypt (N 2^15, r 8, p 1) and the salt recorded in the keystore. Objects are sealed with
/// AES-256-GCM, authenticated with their name, so a sealed object cannot be moved to another name.
public struct KeyEncryptionKey: Sendable {
    let key: SymmetricKey

    /// What `keystore init` records (the `kek` record, no secret): how to derive the key, and a sealed check
    /// value that tells a wrong key from a right one.
    public struct Record: Codable, Sendable, Equatable {
        /// `raw` (32 bytes) or `scrypt` (a passphrase).
        public var kind: String
        /// The scrypt salt (base64); nil for a raw key.
        public var salt: String?
        /// `apnsctl-kek-check` sealed under the key (base64).
        public var check: String
    }

    /// What a key-encryption key file holds.
    public enum Material: Sendable {
        case raw([UInt8])
        case passphrase([UInt8])
    }

    static let checkText = Array("apnsctl-kek-check".utf8)
    static let checkName = "kek"

    /// Reads `file`: exactly 32 bytes are a raw key, anything else a passphrase (its last newline dropped). A file
    /// that group or others may read is refused, as ssh refuses such a private key (`-` reads standard input).
    public static func read(_ file: String) throws -> Material {
        var info = stat()
        if file != "-", stat(file, &info) == 0, UInt32(info.st_mode) & 0o077 != 0 {
            throw APNsError.badInput("\(file): the key-encryption key is readable by group or others "
                                     + "(mode 0\(String(UInt32(info.st_mode) & 0o777, radix: 8)))",
                                     hint: "chmod 600 \(file)")
        }
        let bytes = try SecureFile.read(file, limit: 4096)
        if bytes.count == 32 { return .raw(bytes) }
        var passphrase = bytes
        if passphrase.last == UInt8(ascii: "\n") { passphrase.removeLast() }
        if passphrase.last == UInt8(ascii: "\r") { passphrase.removeLast() }
        guard passphrase.count >= 12 else {
            throw APNsError.badInput("\(file): a key-encryption key is 32 random bytes or a passphrase of at least 12 characters",
                                     hint: "make one with `head -c 32 /dev/urandom > \(file) && chmod 600 \(file)`")
        }
        return .passphrase(passphrase)
    }

    /// A new key for a new keystore, with the record that lets it be found again.
    public static func create(_ material: Material) throws -> (KeyEncryptionKey, Record) {
        switch material {
        case .raw(let bytes):
            let kek = KeyEncryptionKey(key: SymmetricKey(data: bytes))
            return (kek, Record(kind: "raw", salt: nil, check: try kek.check()))
        case .passphrase(let passphrase):
            let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max) }
            let kek = KeyEncryptionKey(key: try derive(passphrase, salt: salt))
            return (kek, Record(kind: "scrypt", salt: Data(salt).base64EncodedString(), check: try kek.check()))
        }
    }

    /// The key `material` gives under `record`; a keystore error (exit 5) when it is not the keystore's key.
    public static func open(_ material: Material, record: Record, keystore: String) throws -> KeyEncryptionKey {
        let key: SymmetricKey
        switch (material, record.kind) {
        case (.raw(let bytes), "raw"):
            key = SymmetricKey(data: bytes)
        case (.passphrase(let passphrase), "scrypt"):
            guard let salt = record.salt.flatMap({ Data(base64Encoded: $0) }) else {
                throw APNsError.keystore("\(keystore): the key-encryption key record is damaged (no salt)")
            }
            key = try derive(passphrase, salt: Array(salt))
        default:
            throw KEKKindMismatch(keystore: keystore, storedIsRaw: record.kind == "raw")
        }
        let kek = KeyEncryptionKey(key: key)
        guard let sealed = Data(base64Encoded: record.check),
              (try? kek.open(Array(sealed), name: checkName)) == checkText else {
            throw APNsError.keystore("\(keystore): wrong key-encryption key: it does not open this keystore's secrets",
                                     remedy: FleetRemedy.giveTheInitKEK)
        }
        return kek
    }

    /// `bytes` sealed with AES-256-GCM under this key, authenticated with `name`: nonce, ciphertext and tag.
    public func seal(_ bytes: [UInt8], name: String) throws -> [UInt8] {
        guard let combined = try AES.GCM.seal(bytes, using: key, authenticating: Array(name.utf8)).combined else {
            throw APNsError(.internalError, "AES-GCM sealing gave no combined form")
        }
        return Array(combined)
    }

    /// Opens what ``seal(_:name:)`` made for `name`; throws when the key, the name or the bytes do not match.
    public func open(_ sealed: [UInt8], name: String) throws -> [UInt8] {
        Array(try AES.GCM.open(try AES.GCM.SealedBox(combined: sealed), using: key, authenticating: Array(name.utf8)))
    }

    private func check() throws -> String {
        Data(try seal(Self.checkText, name: Self.checkName)).base64EncodedString()
    }

    private static func derive(_ passphrase: [UInt8], salt: [UInt8]) throws -> SymmetricKey {
        try KDF.Scrypt.deriveKey(from: passphrase, salt: salt, outputByteCount: 32, rounds: 1 << 15, blockSize: 8,
                                 parallelism: 1)
    }
}
