import Foundation

/// What APNs would make of a token's `iat` at a given time. JSON values are the raw values.
public enum TokenVerdictKind: String, Sendable, Codable, Equatable {
    /// `iat` is at most 60 minutes ago: APNs accepts it (signature permitting).
    case accepted
    /// `iat` is more than 60 minutes ago: `403 ExpiredProviderToken`.
    case expired
    /// `iat` is later than now: one of the clocks is wrong (clock skew).
    case issuedInFuture = "issued_in_future"
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
        let until = ISO8601DateFormatter().string(from: acceptedUntil)
        switch kind {
        case .accepted:
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
