import APNsCore
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An App Store Connect API token: a JWT signed with ES256 by an App Store Connect API key.
///
/// Header `{"alg":"ES256","kid":KEYID,"typ":"JWT"}`; claims `{"iss":ISSUER,"iat":S,"exp":S,"aud":"appstoreconnect-v1"}`
/// for a team key, `{"sub":"user","iat":S,"exp":S,"aud":"appstoreconnect-v1"}` for an individual key (Apple's
/// "Generating Tokens for API Requests"). Apple refuses a token living longer than 20 minutes.
public struct AppStoreConnectToken: Sendable, Equatable {
    /// The `aud` claim Apple requires.
    public static let audience = "appstoreconnect-v1"
    /// The longest lifetime Apple accepts, and the one signed: 20 minutes.
    public static let maximumLifetime: Int64 = 20 * 60

    /// The `kid` header field.
    public let keyID: String
    /// The `iss` claim; nil for an individual key's token (`sub` "user").
    public let issuerID: String?
    /// The `iat` claim (unix seconds).
    public let issuedAt: Int64
    /// The `exp` claim (unix seconds).
    public let expiresAt: Int64
    /// The compact serialisation, sent as `Authorization: Bearer …`.
    public let compact: String

    public var issuedAtDate: Date { Date(timeIntervalSince1970: TimeInterval(issuedAt)) }
    public var expiresAtDate: Date { Date(timeIntervalSince1970: TimeInterval(expiresAt)) }

    public init(keyID: String, issuerID: String?, issuedAt: Int64, expiresAt: Int64, compact: String) {
        self.keyID = keyID
        self.issuerID = issuerID
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.compact = compact
    }

    /// Signs a token living `lifetime` seconds (at most ``maximumLifetime``) from `issuedAt` (whole seconds).
    public static func sign(keyID: String, issuerID: String?, issuedAt: Date, lifetime: Int64 = maximumLifetime,
                            key: P256.Signing.PrivateKey) throws -> AppStoreConnectToken {
        let iat = Int64(issuedAt.timeIntervalSince1970.rounded(.down))
        let exp = iat + min(max(lifetime, 1), maximumLifetime)
        let header = #"{"alg":"ES256","kid":"\#(JSONText.escaped(keyID))","typ":"JWT"}"#
        let subject = issuerID.map { #""iss":"\#(JSONText.escaped($0))""# } ?? #""sub":"user""#
        let claims = #"{\#(subject),"iat":\#(iat),"exp":\#(exp),"aud":"\#(audience)"}"#
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        let signature = try key.signature(for: Data(input.utf8))
        return AppStoreConnectToken(keyID: keyID, issuerID: issuerID, issuedAt: iat, expiresAt: exp,
                                    compact: input + "." + Base64URL.encode(Array(signature.rawRepresentation)))
    }

    /// Seconds left at `now` (negative once expired).
    public func secondsLeft(at now: Date) -> Int64 { expiresAt - Int64(now.timeIntervalSince1970.rounded(.down)) }
}

/// The shared cache of App Store Connect tokens, one per key. Kept apart from the provider tokens' cache
/// (``TokenCache``), whose entries feed APNs token agents: an App Store Connect token is never served as an APNs one.
///
/// JSON: `{"version": 1, "entries": [{"key_id", "issuer_id" (null for an individual key), "issued_at",
/// "expires_at" (unix seconds), "token"}]}`.
public struct AppStoreConnectTokenCache: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var keyID: String
        public var issuerID: String?
        public var issuedAt: Int64
        public var expiresAt: Int64
        public var token: String

        public init(_ signed: AppStoreConnectToken) {
            keyID = signed.keyID
            issuerID = signed.issuerID
            issuedAt = signed.issuedAt
            expiresAt = signed.expiresAt
            token = signed.compact
        }

        public var appStoreConnectToken: AppStoreConnectToken {
            AppStoreConnectToken(keyID: keyID, issuerID: issuerID, issuedAt: issuedAt, expiresAt: expiresAt, compact: token)
        }

        enum CodingKeys: String, CodingKey {
            case keyID = "key_id", issuerID = "issuer_id", issuedAt = "issued_at", expiresAt = "expires_at", token
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(keyID, forKey: .keyID)
            try c.encode(issuerID, forKey: .issuerID)
            try c.encode(issuedAt, forKey: .issuedAt)
            try c.encode(expiresAt, forKey: .expiresAt)
            try c.encode(token, forKey: .token)
        }
    }

    public var version = 1
    public var entries: [Entry] = []

    public init() {}

    /// Renewal: a cached token is handed out while at least this much of it is left (5 minutes), so whoever takes
    /// it has time to use it; then a new one is signed.
    public static let renewalMargin: Int64 = 5 * 60

    /// The cached token of `keyID` for `issuerID` that may be handed out at `now`: issued by that key for that
    /// issuer, not in the future, not living past Apple's 20 minutes, with at least ``renewalMargin`` left.
    public func usable(keyID: String, issuerID: String?, now: Date) -> AppStoreConnectToken? {
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        guard let entry = entries.first(where: { $0.keyID == keyID }), entry.issuerID == issuerID,
              entry.issuedAt <= seconds, entry.expiresAt - entry.issuedAt <= AppStoreConnectToken.maximumLifetime,
              entry.expiresAt - seconds >= Self.renewalMargin else { return nil }
        return entry.appStoreConnectToken
    }

    /// Stores `token`, replacing the key's previous one.
    public mutating func store(_ token: AppStoreConnectToken) {
        drop(keyID: token.keyID)
        entries.append(Entry(token))
        entries.sort { $0.keyID < $1.keyID }
    }

    /// Drops `keyID`'s token (revocation).
    public mutating func drop(keyID: String) { entries.removeAll { $0.keyID == keyID } }
}
