import APNsCore
import APNsKeystore
import APNsModel

/// Imports an App Store Connect API key (`AuthKey_KEYID.p8`, downloaded once from App Store Connect's Users and
/// Access page) into the keystore: a team key with its issuer id, or an individual key.
public enum AppStoreConnectKeyImporting {
    /// What to import.
    public struct Input: Sendable {
        /// The .p8 file (`-`: standard input).
        public var file: String
        public var keyID: String
        /// The issuer id of a team key; nil with `individual`.
        public var issuerID: String?
        public var individual: Bool

        public init(file: String, keyID: String, issuerID: String?, individual: Bool) {
            self.file = file
            self.keyID = keyID
            self.issuerID = issuerID
            self.individual = individual
        }
    }

    /// Reads and stores the key. Throws ``AppStoreConnectKeyError`` (no issuer for a team key, an issuer for an
    /// individual key, an issuer that is not a UUID), ``AppStoreConnectKeyImportError`` (not an EC P-256 key), and
    /// the keystore's refusals (a revoked key id or material, an id or material already stored).
    public static func run(_ input: Input, store: Keystore) throws -> KeyImportResult {
        switch (input.issuerID, input.individual) {
        case (nil, false): throw AppStoreConnectKeyError.issuerMissing(keyID: input.keyID)
        case (.some, true): throw AppStoreConnectKeyError.issuerForIndividualKey(keyID: input.keyID)
        default: break
        }
        let issuer = try input.issuerID.map(AppStoreConnectIssuerID.validate)
        let bytes = try SecureFile.read(input.file, limit: SecureFile.credentialLimit)
        let material: SigningKeyMaterial
        do {
            material = try SigningKeyMaterial.parse(bytes, file: input.file)
        } catch let error as APNsError where error.status == .badInput {
            throw AppStoreConnectKeyImportError.notP256Key(file: input.file, detail: error.message)
        }
        return try store.addAppStoreConnectKey(material, keyID: input.keyID, issuerID: issuer)
    }
}

/// Why an App Store Connect key file was not imported.
public enum AppStoreConnectKeyImportError: Error, Equatable, Sendable {
    /// `file` is not an EC P-256 private key (`detail`: what it is, naming the file).
    case notP256Key(file: String, detail: String)
}
