import APNsModel
import APNsCore
import APNsKeystore

/// Imports a .p8 signing key into the keystore: reads it (a file, standard input or an environment variable),
/// parses it (opening an encrypted input with its passphrase), stores it as PKCS#8, encrypted when asked, with the
/// scope given (legacy when none).
public enum KeyImporting {
    /// Where the key comes from.
    public enum Source: Sendable, Equatable {
        /// A file; `-` is standard input.
        case file(String)
        /// An environment variable holding the PEM text or its base64.
        case environment(String)

        /// The source's name in messages (the file's path, `-`, or "environment variable NAME").
        public var name: String {
            switch self {
            case .file(let path): return path
            case .environment(let name): return "environment variable \(name)"
            }
        }
    }

    /// What to import.
    public struct Input: Sendable {
        public var source: Source
        public var team: String
        public var keyID: String
        /// The scope declared for the key; nil records it as legacy.
        public var scope: KeyScope?
        /// The passphrase that opens an encrypted input (asked for only when the input is encrypted).
        public var inputPassphrase: @Sendable () throws -> String
        /// The passphrase to store the key under (encrypted PKCS#8); nil stores it plain (0600).
        public var storePassphrase: (@Sendable () throws -> String)?

        public init(source: Source, team: String, keyID: String, scope: KeyScope? = nil,
                    inputPassphrase: @escaping @Sendable () throws -> String = { "" },
                    storePassphrase: (@Sendable () throws -> String)? = nil) {
            self.source = source
            self.team = team
            self.keyID = keyID
            self.scope = scope
            self.inputPassphrase = inputPassphrase
            self.storePassphrase = storePassphrase
        }
    }

    /// What the import did, and what is worth saying about it.
    public struct Result: Sendable {
        public var imported: KeyImportResult
        /// True when the key is new and was recorded as legacy (no scope declared).
        public var recordedAsLegacy: Bool
        /// True when the key is new, its input was encrypted, and it is stored without a passphrase.
        public var storedDecrypted: Bool
    }

    /// Reads, parses and stores the key. Throws ``KeyImportError``, the reader's and the keystore's errors
    /// (a key id or key material ever revoked here, a slot rule).
    public static func run(_ input: Input, store: Keystore) throws -> Result {
        let bytes: [UInt8]
        switch input.source {
        case .environment(let name): bytes = try SigningKeyMaterial.environmentBytes(name)
        case .file(let path): bytes = try SecureFile.read(path, limit: SecureFile.credentialLimit)
        }
        let material = try SigningKeyMaterial.parse(bytes, file: input.source.name, passphrase: input.inputPassphrase)
        var storedPEM: String?
        if let storePassphrase = input.storePassphrase {
            let passphrase = try storePassphrase()
            guard !passphrase.isEmpty else { throw KeyImportError.emptyPassphrase(keyID: input.keyID) }
            storedPEM = try material.encryptedPKCS8PEM(passphrase: passphrase)
        }
        let imported = try store.addKey(material, team: input.team, keyID: input.keyID, origin: .imported,
                                        scope: input.scope ?? .legacy, storedPEM: storedPEM,
                                        encrypted: input.storePassphrase != nil)
        return Result(imported: imported, recordedAsLegacy: input.scope == nil && !imported.alreadyPresent,
                      storedDecrypted: material.inputWasEncrypted && input.storePassphrase == nil && !imported.alreadyPresent)
    }
}

/// Why a key was not imported.
public enum KeyImportError: Error, Equatable {
    /// The passphrase to store key `keyID` under is empty.
    case emptyPassphrase(keyID: String)
}
