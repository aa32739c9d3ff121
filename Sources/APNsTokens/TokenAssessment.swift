import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What APNs would make of a token's `iat` at a given time. JSON values are the raw values.
public enum TokenVerdictKind: String, Sendable, Codable, Equatable {
    /// `iat` is at most 60 minutes ago: APNs accepts it (signature permitting).
    case accepted
    /// `iat` is more than 60 minutes ago: `403 ExpiredProviderToken`.
    case expired
    /// `iat` is later than now: one of the clocks is wrong (clock skew).
    case issuedInFuture = "issued_in_future"
    /// The signature does not verify with the key it was checked against: `403 InvalidProviderToken`.
    case invalidSignature = "invalid_signature"
    /// The key is revoked, or retired past its grace period: `403 InvalidProviderToken`.
    case untrustedKey = "untrusted_key"
    /// `alg` is not ES256: `403 InvalidProviderToken`.
    case unsupportedAlgorithm = "unsupported_algorithm"
    /// `iss` is not the team the key belongs to: `403 InvalidProviderToken`.
    case wrongTeam = "wrong_team"
    /// No key to verify the signature with: the token's `kid` is not a key the verifier knows, so nothing vouches
    /// for the token. Never "accepted": acceptance needs a verified signature.
    case unknownKey = "unknown_key"

    /// True for the verdicts that follow from the token's age alone (accepted, expired, issued in the future):
    /// only then does "accepted until" mean anything.
    public var isAgeVerdict: Bool { self == .accepted || self == .expired || self == .issuedInFuture }
}

/// The verdict on a token after every check: algorithm, signature, the key's state, then age. The first check
/// that fails decides it, so "accepted" is said only when nothing failed, the signature included: a signature that
/// was not checked (no key known for the token's `kid`) is ``TokenVerdictKind/unknownKey``. Pure.
public struct TokenVerdict: Sendable, Equatable {
    /// How the signature check went.
    public enum Signature: String, Sendable, Codable {
        case valid, invalid
        case notChecked = "not_checked"
    }

    public let kind: TokenVerdictKind
    /// One line for people.
    public let summary: String

    /// - Parameters:
    ///   - keyState: the key's keystore state ("revoked", "retired"), when it is in the keystore.
    ///   - keyTrusted: false when the keystore no longer trusts the key; nil when the key is not from a keystore.
    ///   - keyTeamID: the team the key belongs to, when known (a keystore key): `iss` must name it.
    public init(token: ProviderToken, assessment: TokenAssessment, signature: Signature, verifiedWith: String?,
                keyState: String?, keyTrusted: Bool?, keyTeamID: String? = nil) {
        let rejected = "rejected by APNs (403 InvalidProviderToken)"
        if token.algorithm != "ES256" {
            kind = .unsupportedAlgorithm
            summary = "\(rejected): alg \(token.algorithm) is not ES256"
        } else if signature == .invalid {
            kind = .invalidSignature
            summary = "\(rejected): the signature does not verify with \(verifiedWith ?? "the key")"
        } else if let keyTeamID, keyTeamID != token.teamID {
            kind = .wrongTeam
            summary = "\(rejected): iss \(token.teamID) is not team \(keyTeamID), which key \(token.keyID) belongs to"
        } else if keyTrusted == false {
            kind = .untrustedKey
            summary = "\(rejected): key \(token.keyID) is \(keyState ?? "not trusted") and no longer verifies tokens"
        } else if signature == .notChecked {
            kind = .unknownKey
            summary = "not verified: key \(token.keyID) is unknown here, so the signature was not checked "
                + "(a token is accepted only with a verified signature)"
        } else {
            kind = assessment.kind
            summary = assessment.summary
        }
    }

    /// True only when APNs would accept the token.
    public var isAccepted: Bool { kind == .accepted }
}

/// The age-based verdict on a token at `now`. Pure: give it the time.
public struct TokenAssessment: Sendable, Equatable {
    /// The verdict.
    public let kind: TokenVerdictKind
    /// Seconds since `iat` (negative when it is in the future).
    public let ageSeconds: Int64
    /// When APNs stops accepting the token: `iat` + 60 minutes.
    public let acceptedUntil: Date

    public init(token: ProviderToken, now: Date) {
        let nowSeconds = Int64(now.timeIntervalSince1970.rounded(.down))
        ageSeconds = nowSeconds - token.issuedAt
        acceptedUntil = token.issuedAtDate.addingTimeInterval(RefreshInterval.tokenLifetime)
        if ageSeconds < 0 {
            kind = .issuedInFuture
        } else if ageSeconds > Int64(RefreshInterval.tokenLifetime) {
            kind = .expired
        } else {
            kind = .accepted
        }
    }

    /// One line for people, e.g. "accepted by APNs until 2026-11-22T05:50:00Z (age 10m 0s)".
    public var summary: String {
        let until = ISO8601Text.string(from: acceptedUntil)
        switch kind {
        case .accepted, .invalidSignature, .untrustedKey, .unsupportedAlgorithm, .wrongTeam, .unknownKey:
            // Age alone yields accepted, expired or issued_in_future; the other kinds are TokenVerdict's.
            return "accepted by APNs until \(until) (age \(Self.duration(ageSeconds)))"
        case .expired:
            return "expired: APNs answers 403 ExpiredProviderToken since \(until) (age \(Self.duration(ageSeconds)))"
        case .issuedInFuture:
            return "iat is \(Self.duration(-ageSeconds)) in the future: clock skew between the signer and this machine"
        }
    }

    /// "1h 2m 3s" style.
    public static func duration(_ seconds: Int64) -> String {
        let h = seconds / 3600, m = (seconds % 3600) / 60, s = seconds % 60
        if h > 0 { return "\(h)h \(m)m \(s)s" }
        if m > 0 { return "\(m)m \(s)s" }
        return "\(s)s"
    }
}
