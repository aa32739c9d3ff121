import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A token handed out by a ``TokenProvider``, with what the cache decided.
public struct IssuedToken: Sendable, Equatable {
    /// The token to send as `authorization: bearer …`.
    public let token: ProviderToken
    /// True when the cached token was reused; false when it was signed by this call.
    public let reused: Bool
    /// Why a new token was signed; nil when reused.
    public let refreshReason: RefreshReason?
    /// When the provider will stop reusing this token.
    public let refreshAt: Date
    /// When APNs stops accepting it (`iat` + 60 minutes).
    public let expiresAt: Date
}

/// Hands out provider tokens the way APNs wants them: one token per team and key, reused until it is
/// `refreshAfter` old, then re-signed; never a token per request.
///
/// Safe to call from many tasks and threads at once: calls in one process are serialised by a lock, and the
/// ``TokenCacheStore`` serialises processes (the keystore's store holds an flock). A new token is signed when
/// nothing is cached, the cached one is due, the clock moved back past its `iat`, or another key now signs
/// (rotation). Revocation drops cached tokens through the store (see ``invalidate(keyID:)``).
public final class TokenProvider: Sendable {
    private let keys: any ProviderKeySource
    private let cache: any TokenCacheStore
    private let clock: any APNsClock
    /// The reuse rule.
    public let policy: TokenCachePolicy
    /// Serialises the calls; holds the last token this provider parsed or signed, so a cache hit does not re-parse
    /// its JSON.
    private let lastToken = Mutex<ProviderToken?>(nil)

    /// - Parameters:
    ///   - keys: where signing keys come from.
    ///   - cache: where tokens are cached; an in-memory store by default.
    ///   - clock: "now"; tests inject a fake one.
    ///   - refreshAfter: 20–59 minutes; 50 by default.
    public init(keys: any ProviderKeySource, cache: any TokenCacheStore = InMemoryTokenCacheStore(),
                clock: any APNsClock = SystemClock(), refreshAfter: RefreshInterval = .default) {
        self.keys = keys
        self.cache = cache
        self.clock = clock
        self.policy = TokenCachePolicy(refreshAfter: refreshAfter)
    }

    /// The current token for `team` (nil: the only team), signed by `keyID` (nil: the team's active key).
    public func token(team: String? = nil, keyID: String? = nil) throws -> IssuedToken {
        try lastToken.withLock { lastToken in try token(team: team, keyID: keyID, lastToken: &lastToken) }
    }

    private func token(team: String?, keyID: String?, lastToken: inout ProviderToken?) throws -> IssuedToken {
        try cache.withExclusiveAccess { cache in
            let reference = try keys.signingKey(team: team, keyID: keyID)
            let now = clock.now()
            let exact = cache.entry(teamID: reference.teamID, keyID: reference.keyID)
            let candidate = exact ?? cache.entries.first { $0.teamID == reference.teamID }
            var decision = policy.decide(cached: candidate, keyID: reference.keyID, now: now)
            if case .reuse = decision, let exact {
                if let token = Self.parsed(exact.token, remembered: &lastToken), token.keyID == reference.keyID,
                   token.teamID == reference.teamID, token.issuedAt == exact.issuedAt {
                    return issued(token, reused: true, reason: nil)
                }
                decision = .refresh(.keyChanged)
            }
            let reason: RefreshReason
            if case .refresh(let why) = decision { reason = why } else { reason = .noCachedToken }
            let key = try keys.privateKey(for: reference)
            let token: ProviderToken
            do {
                token = try ProviderToken.sign(keyID: reference.keyID, teamID: reference.teamID, issuedAt: now, key: key)
            } catch {
                throw APNsError(.internalError, "key \(reference.keyID): signing failed: \(error)")
            }
            cache.store(TokenCacheEntry(token))
            lastToken = token
            return issued(token, reused: false, reason: reason)
        }
    }

    /// Drops every cached token signed with `keyID`, e.g. after revoking it. Returns how many were dropped.
    @discardableResult
    public func invalidate(keyID: String) throws -> Int {
        try lastToken.withLock { _ in try cache.withExclusiveAccess { $0.drop(keyID: keyID) } }
    }

    /// The cached token's parsed form: the remembered one when it is the same text, else parsed (and remembered).
    private static func parsed(_ compact: String, remembered: inout ProviderToken?) -> ProviderToken? {
        if let remembered, remembered.compact == compact { return remembered }
        let token = try? ProviderToken(parsing: compact)
        remembered = token
        return token
    }

    private func issued(_ token: ProviderToken, reused: Bool, reason: RefreshReason?) -> IssuedToken {
        IssuedToken(token: token, reused: reused, refreshReason: reason,
                    refreshAt: policy.refreshDate(issuedAt: token.issuedAt),
                    expiresAt: token.issuedAtDate.addingTimeInterval(RefreshInterval.tokenLifetime))
    }
}
