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
        // A store with a cheap read (a fleet's) serves a reusable token without its lock.
        if let snapshot = try cache.peek() {
            let reference = try keys.signingKey(team: team, keyID: keyID)
            if case .reuse(let token) = reusable(snapshot, reference, now: clock.now(), lastToken: &lastToken) {
                return issued(token, reused: true, reason: nil)
            }
        }
        return try cache.withExclusiveAccess { cache in
            let reference = try keys.signingKey(team: team, keyID: keyID)
            let now = clock.now()
            let reason: RefreshReason
            switch reusable(cache, reference, now: now, lastToken: &lastToken) {
            case .reuse(let token): return issued(token, reused: true, reason: nil)
            case .refresh(let why): reason = why
            }
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

    private enum Reuse {
        case reuse(ProviderToken)
        case refresh(RefreshReason)
    }

    /// The policy's decision for `reference` on `cache` at `now`: the cached token, parsed, or why to sign anew.
    private func reusable(_ cache: TokenCache, _ reference: SigningKeyReference, now: Date,
                          lastToken: inout ProviderToken?) -> Reuse {
        let exact = cache.entry(teamID: reference.teamID, keyID: reference.keyID)
        // Another key's token of the team means a rotation, unless that key signs too (another environment's).
        let candidate = exact ?? cache.entries.first {
            $0.teamID == reference.teamID && !reference.otherSigners.contains($0.keyID)
        }
        switch policy.decide(cached: candidate, keyID: reference.keyID, now: now) {
        case .refresh(let reason):
            return .refresh(reason)
        case .reuse:
            if let exact, let token = Self.parsed(exact.token, remembered: &lastToken), token.keyID == reference.keyID,
               token.teamID == reference.teamID, token.issuedAt == exact.issuedAt {
                return .reuse(token)
            }
            return .refresh(.keyChanged)
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
