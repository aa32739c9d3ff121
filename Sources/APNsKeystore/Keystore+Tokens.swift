import APNsCore
import APNsModel
import APNsTokens
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Keystore {
    /// Keys whose tokens verify at `date`: staged and active keys, and retired keys within their grace period.
    /// Revoked keys never verify.
    public func trustedKeys(at date: Date? = nil) throws -> [TrustedKey] {
        let now = date ?? clock.now()
        return try manifest().keys.compactMap { record in
            switch record.state {
            case .staged, .active: break
            case .retired: guard let until = record.verifyUntil, until > now else { return nil }
            case .revoked: return nil
            }
            return TrustedKey(keyID: record.keyID, teamID: record.teamID, publicKey: try record.p256PublicKey())
        }
    }

    /// A ``TokenProvider`` over this keystore: its keys, and the cache file every process shares. Tokens are
    /// signed for `environment` and `topic` (see ``KeySelection``; nil environment: the key must cover both).
    public func tokenProvider(refreshAfter: RefreshInterval = .default, environment: APNsEnvironment? = nil,
                              topic: String? = nil) -> TokenProvider {
        TokenProvider(keys: KeystoreKeySource(keystore: self, environment: environment, topic: topic),
                      cache: KeystoreTokenCacheStore(keystore: self), clock: clock, refreshAfter: refreshAfter)
    }

    /// The cached (or a new) token for `team` (nil: the only team), signed by its active key or by `keyID`, which
    /// must cover `environment` (nil: both environments) and `topic` (see ``KeySelection``).
    public func token(team: String? = nil, keyID: String? = nil, environment: APNsEnvironment? = nil,
                      topic: String? = nil, refreshAfter: RefreshInterval = .default) throws -> IssuedToken {
        try tokenProvider(refreshAfter: refreshAfter, environment: environment, topic: topic)
            .token(team: team, keyID: keyID)
    }

    /// When each key last signed a token, from the cache file.
    public func lastSigned() -> [String: Date] {
        readTokenCache().lastSigned.mapValues { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}

/// The keystore as a ``ProviderKeySource``: reads the manifest on every call, so a rotation made by another
/// process is seen at once. The key chosen must cover `environment` and `topic` (``KeySelection``).
public struct KeystoreKeySource: ProviderKeySource {
    public let keystore: Keystore
    /// The environment the tokens are for; nil: the key must cover both.
    public let environment: APNsEnvironment?
    /// The topic the tokens are for; nil: any.
    public let topic: String?

    public init(keystore: Keystore, environment: APNsEnvironment? = nil, topic: String? = nil) {
        self.keystore = keystore
        self.environment = environment
        self.topic = topic
    }

    public func signingKey(team: String?, keyID: String?) throws -> SigningKeyReference {
        let manifest = try keystore.manifest()
        if let keyID {
            let record = try manifest.requireKey(keyID)
            if let team, record.teamID != team {
                throw APNsError.keystore("key \(keyID) belongs to team \(record.teamID), not \(team)",
                                         remedy: KeystoreRemedy.teamOfKey(record.teamID))
            }
            guard record.state.maySign else {
                throw APNsError.keystore("key \(keyID) is \(record.state.rawValue) and never signs new tokens",
                                         remedy: KeystoreRemedy.signWithActiveKey)
            }
            let chosen = try KeySelection.choose(among: [record], team: record.teamID,
                                                 teamKeys: manifest.keys.filter { $0.teamID == record.teamID },
                                                 environment: environment, topic: topic)
            return SigningKeyReference(teamID: chosen.teamID, keyID: chosen.keyID,
                                       otherSigners: Self.otherSigners(of: chosen, in: manifest))
        }
        let team = try team ?? manifest.onlyTeam(keystore: keystore.path)
        _ = try manifest.requireActiveKeys(team: team, keystore: keystore.path)
        let teamKeys = manifest.keys.filter { $0.teamID == team }
        let chosen = try KeySelection.choose(among: teamKeys.filter { $0.state == .active }, team: team,
                                             teamKeys: teamKeys, environment: environment, topic: topic)
        return SigningKeyReference(teamID: team, keyID: chosen.keyID,
                                   otherSigners: Self.otherSigners(of: chosen, in: manifest))
    }

    /// The other active keys of `chosen`'s team: their cached tokens are theirs, not a sign of a rotation.
    static func otherSigners(of chosen: KeyRecord, in manifest: Manifest) -> [String] {
        manifest.activeKeys(team: chosen.teamID).map(\.keyID).filter { $0 != chosen.keyID }
    }

    public func privateKey(for reference: SigningKeyReference) throws -> P256.Signing.PrivateKey {
        let record = try keystore.key(reference.keyID)
        guard record.state.maySign, record.teamID == reference.teamID else {
            throw APNsError.keystore("key \(reference.keyID) is \(record.state.rawValue) and never signs new tokens")
        }
        return try keystore.privateKey(of: record)
    }
}

/// The keystore's `token-cache.json` (0600) as a ``TokenCacheStore``: every access holds the keystore's
/// flock, so all processes on the machine share one token per team and key.
public struct KeystoreTokenCacheStore: TokenCacheStore {
    public let keystore: Keystore

    public init(keystore: Keystore) { self.keystore = keystore }

    public func withExclusiveAccess<T>(_ body: (inout TokenCache) throws -> T) throws -> T {
        try keystore.storage.withTokenCache(body)
    }

    public func peek() throws -> TokenCache? {
        try keystore.storage.peekTokenCache()
    }
}
