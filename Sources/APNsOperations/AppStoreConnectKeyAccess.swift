import APNsCore
import APNsKeystore
import APNsModel
import APNsTokens

/// A keystore's App Store Connect API key, ready to sign tokens for the App Store Connect API.
public struct AppStoreConnectSigner: Sendable {
    public let keyID: String
    /// The issuer id; nil for an individual key.
    public let issuerID: String?
    public let isIndividual: Bool
    let keystore: Keystore

    /// A token with at least a minute left (ES256, aud appstoreconnect-v1, lifetime <= 20 min), cached and shared
    /// between processes as provider tokens are. Throws ``AppStoreConnectKeyError`` when the key was revoked or
    /// purged meanwhile.
    public func token() throws -> String {
        try issued().token.compact
    }

    /// The token with what the keystore knows of it (the key, whether it came from the shared cache).
    public func issued() throws -> AppStoreConnectIssuedToken {
        try keystore.appStoreConnectToken(keyID: keyID)
    }

    /// Refuses an individual key where Apple allows only team keys (the provisioning endpoints).
    public func requireTeamKey() throws {
        if isIndividual { throw AppStoreConnectKeyError.individualKeyRefused(keyID: keyID) }
    }
}

/// Finds the keystore's App Store Connect key and makes it a signer.
public enum AppStoreConnectKeyAccess {
    /// The keystore's ASC key `keyID`, or its only ASC key when nil; throws a typed error
    /// (``AppStoreConnectKeyError``) when there is none, several, the key is an APNs key, or it is revoked/purged.
    public static func signer(keystore: Keystore, keyID: String?) throws -> AppStoreConnectSigner {
        let record = try keystore.manifest().appStoreConnectSigningKey(keyID, keystore: keystore.path)
        return AppStoreConnectSigner(keyID: record.keyID, issuerID: record.issuerID,
                                     isIndividual: record.kind == .appStoreConnectIndividual, keystore: keystore)
    }
}
