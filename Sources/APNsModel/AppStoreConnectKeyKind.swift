#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a key in the keystore is for: signing APNs provider tokens, or App Store Connect API tokens (a team key
/// with its issuer id, or an individual key, which Apple ties to one user and refuses on the provisioning
/// endpoints). A key of one kind never signs a token of another. JSON values are the raw values; a key record
/// without a kind (every keystore written before App Store Connect keys) is an APNs key.
public enum KeyKind: String, Codable, Sendable, CaseIterable, Equatable {
    /// An APNs auth key: signs provider tokens.
    case apns
    /// An App Store Connect API team key: signs App Store Connect tokens with `iss` its issuer id.
    case appStoreConnectTeam = "app_store_connect_team"
    /// An App Store Connect API individual key: signs App Store Connect tokens with `sub` "user".
    case appStoreConnectIndividual = "app_store_connect_individual"

    /// True for both App Store Connect kinds.
    public var isAppStoreConnect: Bool { self != .apns }

    /// For people: "APNs", "App Store Connect team", "App Store Connect individual".
    public var words: String {
        switch self {
        case .apns: return "APNs"
        case .appStoreConnectTeam: return "App Store Connect team"
        case .appStoreConnectIndividual: return "App Store Connect individual"
        }
    }
}

/// The issuer id of an App Store Connect API team key: a UUID, as App Store Connect's Users and Access page
/// shows it (e.g. `57246542-96fe-1a63-e053-0824d011072a`).
public enum AppStoreConnectIssuerID {
    /// `text` as the issuer id it is (lowercase); throws ``AppStoreConnectKeyError/issuerNotUUID(_:)`` when it is
    /// not a UUID (8-4-4-4-12 hexadecimal digits).
    public static func validate(_ text: String) throws -> String {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        let lengths = groups.map(\.count)
        guard lengths == [8, 4, 4, 4, 12], groups.allSatisfy({ $0.allSatisfy(\.isHexDigit) }) else {
            throw AppStoreConnectKeyError.issuerNotUUID(text)
        }
        return text.lowercased()
    }
}

/// Why the keystore refuses an App Store Connect key or its token. The command line words each case with its
/// options; ``description`` names no flag.
public enum AppStoreConnectKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The issuer id given is not a UUID.
    case issuerNotUUID(String)
    /// A team key was given without its issuer id.
    case issuerMissing(keyID: String)
    /// An individual key was given with an issuer id (individual keys have none).
    case issuerForIndividualKey(keyID: String)
    /// The keystore holds no App Store Connect key.
    case noKey(keystore: String)
    /// No key was named and the keystore holds several App Store Connect keys.
    case severalKeys([String])
    /// The keystore holds no App Store Connect key `keyID` (nor its tombstone).
    case unknownKey(keyID: String)
    /// Key `keyID` is a key of `kind`, not one that may do what was asked (`wanted`).
    case wrongKind(keyID: String, kind: KeyKind, wanted: KeyKind)
    /// Key `keyID` was revoked (on `revokedOn`, yyyy-mm-dd; `purged` when only its tombstone is left).
    case revoked(keyID: String, revokedOn: String, purged: Bool)
    /// An individual key where Apple allows only team keys (the provisioning endpoints).
    case individualKeyRefused(keyID: String)

    public var description: String {
        switch self {
        case .issuerNotUUID(let text):
            return "\(text): not an App Store Connect issuer id (a UUID, 8-4-4-4-12 hexadecimal digits)"
        case .issuerMissing(let keyID):
            return "App Store Connect key \(keyID): a team key needs its issuer id"
        case .issuerForIndividualKey(let keyID):
            return "App Store Connect key \(keyID): an individual key has no issuer id"
        case .noKey(let keystore):
            return "\(keystore) holds no App Store Connect API key"
        case .severalKeys(let ids):
            return "the keystore holds \(ids.count) App Store Connect API keys (\(ids.joined(separator: ", ")))"
        case .unknownKey(let keyID):
            return "the keystore holds no App Store Connect API key \(keyID)"
        case .wrongKind(let keyID, let kind, let wanted):
            return "key \(keyID) is an \(kind.words) key, not an \(wanted.words) key: "
                + (kind == .apns ? "it signs APNs provider tokens only" : "it signs App Store Connect tokens only")
        case .revoked(let keyID, let revokedOn, let purged):
            return "App Store Connect key \(keyID) was revoked on \(revokedOn)" + (purged ? " and purged" : "")
                + ": it never signs again"
        case .individualKeyRefused(let keyID):
            return "App Store Connect key \(keyID) is an individual key: Apple allows only team keys on the "
                + "provisioning endpoints (bundle ids, capabilities, certificates, devices, profiles)"
        }
    }
}
