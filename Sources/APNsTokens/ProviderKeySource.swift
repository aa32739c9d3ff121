import APNsCore
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Names the key that signs for a team, without its secret.
public struct SigningKeyReference: Sendable, Equatable, Hashable {
    /// The 10-character team id (the token's `iss`).
    public var teamID: String
    /// The 10-character key id (the token's `kid`).
    public var keyID: String
    /// The team's other keys that sign now, for other environments or topics (a keystore with a sandbox key and a
    /// production key): a cached token of one of them says nothing about this key, so it is not a key change.
    public var otherSigners: [String]

    public init(teamID: String, keyID: String, otherSigners: [String] = []) {
        self.teamID = teamID
        self.keyID = keyID
        self.otherSigners = otherSigners
    }
}

/// Where a ``TokenProvider`` finds signing keys. The keystore is one; ``StaticKeySource`` holds one key in memory.
///
/// ``signingKey(team:keyID:)`` is asked on every call and must be cheap and must not load secrets: the private
/// key is only loaded (``privateKey(for:)``) when a new token is actually signed.
public protocol ProviderKeySource: Sendable {
    /// The key that signs for `team` (nil: the only team) — `keyID` when given, else the team's active key.
    func signingKey(team: String?, keyID: String?) throws -> SigningKeyReference
    /// The private key named by `reference`.
    func privateKey(for reference: SigningKeyReference) throws -> P256.Signing.PrivateKey
}

/// One signing key held in memory, for providers that load their .p8 themselves.
public struct StaticKeySource: ProviderKeySource {
    public let reference: SigningKeyReference
    private let key: P256.Signing.PrivateKey

    public init(teamID: String, keyID: String, key: P256.Signing.PrivateKey) {
        reference = SigningKeyReference(teamID: teamID, keyID: keyID)
        self.key = key
    }

    public func signingKey(team: String?, keyID: String?) throws -> SigningKeyReference {
        if let team, team != reference.teamID {
            throw APNsError.keystore("team \(team): no signing key (this provider signs for \(reference.teamID))")
        }
        if let keyID, keyID != reference.keyID {
            throw APNsError.keystore("key \(keyID): unknown (this provider signs with \(reference.keyID))")
        }
        return reference
    }

    public func privateKey(for reference: SigningKeyReference) throws -> P256.Signing.PrivateKey {
        guard reference == self.reference else {
            throw APNsError.keystore("key \(reference.keyID): unknown (this provider signs with \(self.reference.keyID))")
        }
        return key
    }
}
