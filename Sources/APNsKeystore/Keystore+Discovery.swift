import APNsCore
import APNsModel

/// What recording a discovered scope did.
public struct DiscoveryRecordResult: Sendable, Equatable {
    /// The key's record after the change (or as it was, when nothing changed).
    public let key: KeyRecord
    /// The scope recorded before.
    public let previous: KeyScope
    /// False when the record already held this scope: the manifest was not written.
    public let changed: Bool
}

extension Keystore {
    /// Records `scope`, learnt from APNs's answers (``ScopeDiscovery``), as key `keyID`'s scope with source
    /// `discovered`: one audited, crash-safe manifest change (`key.discover`).
    ///
    /// Nothing is written when the record already holds that scope. Refused (exit 5, audited): an unknown or
    /// revoked key; a record that changed since `expected` was read (another process recorded a scope while the
    /// canaries were out); and an active key whose new scope would share a slot with another active key of its
    /// team (``ActiveKeyRule``): rotate first.
    @discardableResult
    public func recordDiscoveredScope(_ keyID: String, _ scope: KeyScope,
                                      expected: KeyScope? = nil) throws -> DiscoveryRecordResult {
        try AppleIdentifier.validate(keyID, as: .keyIDArgument)
        return try change(action: "key.discover", team: nil, keyID: keyID) { manifest, change in
            var record = try manifest.requireKey(keyID)
            change.teamID = record.teamID
            let previous = record.scope
            guard record.state != .revoked else {
                throw APNsError.keystore("key \(keyID) is revoked: its scope is no longer recorded",
                                         remedy: KeystoreRemedy.purgeRevoked(keyID))
            }
            if let expected, expected != previous {
                throw APNsError.keystore("key \(keyID)'s scope changed while it was probed (now \(previous.summary))",
                                         remedy: KeystoreRemedy.discoverAgain(keyID))
            }
            var discovered = scope
            discovered.source = .discovered
            guard discovered != previous else {
                change.detail = "unchanged: \(previous.summary)"
                return DiscoveryRecordResult(key: record, previous: previous, changed: false)
            }
            record.scope = discovered
            let others = manifest.keys.filter { $0.keyID != keyID }
            if record.state == .active, let clash = ActiveKeyRule.holders(of: record.slots, in: others).first,
               let slot = Set(record.slots).intersection(clash.slots).min() {
                throw APNsError.keystore(
                    "key \(keyID) would be active in team \(record.teamID), \(slot.words), where key \(clash.keyID) is "
                        + "active (\(clash.scope.summary)); its discovered scope (\(discovered.summary)) is not recorded",
                    remedy: KeystoreRemedy.rotateSlotThenDiscover(team: record.teamID, active: clash.keyID, key: keyID))
            }
            manifest.update(record)
            change.detail = "scope \(previous.summary) -> \(discovered.summary)"
            return DiscoveryRecordResult(key: record, previous: previous, changed: true)
        }
    }
}
