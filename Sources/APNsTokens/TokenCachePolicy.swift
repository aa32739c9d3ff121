#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whether a cached token may be reused, and if not, why a new one is signed. Pure logic: no clock, no I/O.
public enum TokenCacheDecision: Sendable, Equatable {
    /// Reuse the cached token.
    case reuse
    /// Sign a new token, for this reason.
    case refresh(RefreshReason)
}

/// Why a provider signed a new token instead of reusing the cached one. JSON values are the raw values.
public enum RefreshReason: String, Sendable, Codable, Equatable {
    /// Nothing was cached for this team and key.
    case noCachedToken = "no_cached_token"
    /// The cached token reached the refresh interval.
    case due
    /// The clock is now earlier than the cached token's `iat`: it moved backwards.
    case clockMovedBackwards = "clock_moved_backwards"
    /// The cached token was signed by another key (rotation) or is unreadable.
    case keyChanged = "key_changed"
}

/// The cache rule: reuse a token from `iat` until `iat + refreshAfter`; never reuse one from the future.
public struct TokenCachePolicy: Sendable, Equatable {
    public var refreshAfter: RefreshInterval

    public init(refreshAfter: RefreshInterval = .default) {
        self.refreshAfter = refreshAfter
    }

    /// Decides for `cached` (the entry of the key that signs now, if any) at `now`.
    public func decide(cached: TokenCacheEntry?, keyID: String, now: Date) -> TokenCacheDecision {
        guard let cached else { return .refresh(.noCachedToken) }
        guard cached.keyID == keyID else { return .refresh(.keyChanged) }
        let nowSeconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let age = nowSeconds - cached.issuedAt
        if age < 0 { return .refresh(.clockMovedBackwards) }
        if age >= Int64(refreshAfter.minutes * 60) { return .refresh(.due) }
        return .reuse
    }

    /// When a token issued at `issuedAt` stops being reused.
    public func refreshDate(issuedAt: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(issuedAt) + refreshAfter.seconds)
    }
}
