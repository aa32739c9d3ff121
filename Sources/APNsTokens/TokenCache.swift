#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// One cached provider token: the token a team's key signed, shared until it is due for refresh.
///
/// JSON fields (the keystore's `token-cache.json`): `team_id`, `key_id`, `issued_at` (unix seconds),
/// `token` (the compact JWT).
public struct TokenCacheEntry: Codable, Sendable, Equatable {
    public var teamID: String
    public var keyID: String
    public var issuedAt: Int64
    public var token: String

    public init(teamID: String, keyID: String, issuedAt: Int64, token: String) {
        self.teamID = teamID
        self.keyID = keyID
        self.issuedAt = issuedAt
        self.token = token
    }

    public init(_ token: ProviderToken) {
        self.init(teamID: token.teamID, keyID: token.keyID, issuedAt: token.issuedAt, token: token.compact)
    }

    enum CodingKeys: String, CodingKey {
        case teamID = "team_id", keyID = "key_id", issuedAt = "issued_at", token
    }
}

/// Every cached token, at most one per (team, key). Value type: a store loads it, a provider edits it.
///
/// JSON: `{"version": 1, "entries": [TokenCacheEntry], "last_signed": {KEYID: unix seconds}}`.
public struct TokenCache: Codable, Sendable, Equatable {
    /// The file format version.
    public static let currentVersion = 1

    public var version: Int
    public var entries: [TokenCacheEntry]
    /// When each key last signed a token (unix seconds): the keystore's "last used".
    public var lastSigned: [String: Int64]

    public init(entries: [TokenCacheEntry] = [], lastSigned: [String: Int64] = [:]) {
        version = Self.currentVersion
        self.entries = entries
        self.lastSigned = lastSigned
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        entries = try container.decode([TokenCacheEntry].self, forKey: .entries)
        lastSigned = try container.decodeIfPresent([String: Int64].self, forKey: .lastSigned) ?? [:]
    }

    enum CodingKeys: String, CodingKey {
        case version, entries, lastSigned = "last_signed"
    }

    /// The cached token of `keyID` for `teamID`, if any.
    public func entry(teamID: String, keyID: String) -> TokenCacheEntry? {
        entries.first { $0.teamID == teamID && $0.keyID == keyID }
    }

    /// Stores `entry`, replacing any other token of the same team and key.
    public mutating func store(_ entry: TokenCacheEntry) {
        lastSigned[entry.keyID] = max(lastSigned[entry.keyID] ?? entry.issuedAt, entry.issuedAt)
        entries.removeAll { $0.teamID == entry.teamID && $0.keyID == entry.keyID }
        entries.append(entry)
        entries.sort { ($0.teamID, $0.keyID) < ($1.teamID, $1.keyID) }
    }

    /// Drops every token signed with `keyID` (revocation, rotation). Returns how many were dropped.
    @discardableResult
    public mutating func drop(keyID: String) -> Int {
        let before = entries.count
        entries.removeAll { $0.keyID == keyID }
        return before - entries.count
    }
}

/// Where cached tokens live, with exclusive access while a provider decides whether to reuse or re-sign.
///
/// ``InMemoryTokenCacheStore`` serves one process; the keystore's file-backed store (APNsKeystore) holds an
/// flock on the keystore while `body` runs, so every process on the machine shares one token per window.
public protocol TokenCacheStore: Sendable {
    /// Runs `body` with exclusive access to the cache; whatever `body` leaves in it is saved.
    func withExclusiveAccess<T>(_ body: (inout TokenCache) throws -> T) throws -> T

    /// The cache as stored now, read without exclusive access, for a provider's first look: a token found there
    /// that may be reused is handed out without taking the store's lock. Nil (the default) when the store has no
    /// cheaper read than ``withExclusiveAccess(_:)``.
    func peek() throws -> TokenCache?
}

extension TokenCacheStore {
    public func peek() throws -> TokenCache? { nil }
}

/// A process-local cache store.
public final class InMemoryTokenCacheStore: TokenCacheStore, Sendable {
    private let cache = Mutex(TokenCache())

    public init() {}

    public func withExclusiveAccess<T>(_ body: (inout TokenCache) throws -> T) throws -> T {
        try cache.withLock { try body(&$0) }
    }

    /// A copy of what is cached now.
    public var snapshot: TokenCache { cache.withLock { $0 } }
}
