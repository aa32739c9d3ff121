import APNsCore
import APNsKeystore
import APNsKeystoreEtcd
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The signing side of a token agent (`token agent --sign`, on an ops host holding the key-encryption key): keeps a
/// fresh record for every active key. Several signing agents share the work: each signature is taken under the
/// keystore's token lock and written with a compare on the record's revision, so the fleet makes one per window.
public struct AgentSigner: Sendable {
    public let keystore: Keystore
    public let refreshAfter: RefreshInterval

    public init(keystore: Keystore, refreshAfter: RefreshInterval) {
        self.keystore = keystore
        self.refreshAfter = refreshAfter
    }

    /// The active keys, from the manifest (read again when the feed reports it changed).
    public func activeKeys() throws -> [KeyRecord] {
        try keystore.manifest().keys.filter { $0.state == .active }
    }

    /// The state the manifest gives `keyID` now (nil: no such key, or the manifest could not be read).
    public func state(of keyID: String) -> KeyState? {
        (try? keystore.manifest())?.keys.first { $0.keyID == keyID }?.state
    }

    /// The keys among `active` whose record is missing or due at `now` (unix seconds). Pure.
    public static func due(_ active: [KeyRecord], records: [String: FleetTokenFeed.Stored], now: Int64,
                           refreshAfter: RefreshInterval) -> [KeyRecord] {
        active.filter { key in
            guard let record = records[key.keyID]?.record else { return true }
            return now - record.issuedAt >= Int64(refreshAfter.seconds)
        }
    }

    /// Signs (or finds already signed by another agent) the token of `key`; the token when this call signed it,
    /// nil when another agent had.
    public func refresh(_ key: KeyRecord) throws -> ProviderToken? {
        let issued = try keystore.token(team: key.teamID, keyID: key.keyID,
                                        environment: key.scope.environments.count == 1 ? key.scope.environments[0] : nil,
                                        topic: key.scope.topics?.first, refreshAfter: refreshAfter)
        return issued.reused ? nil : issued.token
    }
}
