import APNsCore

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
    /// team (``ActiveKeySlots``): rotate first.
    @discardableResult
    public func recordDiscoveredScope(_ keyID: String, _ scope: KeyScope,
                                      expected: KeyScope? = nil) throws -> DiscoveryRecordResult {
        try AppleIdentifier.validate(keyID, what: "key id", flag: "KEYID")
        return try change(action: "key.discover", team: nil, keyID: keyID) { manifest, change in
            var record = try manifest.requireKey(keyID)
            change.teamID = record.teamID
            let previous = record.scope
            guard record.state != .revoked else {
                throw APNsError.keystore("key \(keyID) is revoked: its scope is no longer recorded",
                                         hint: "a revoked key never signs again; purge it with `apnsctl key purge \(keyID)`")
            }
            if let expected, expected != previous {
                throw APNsError.keystore("key \(keyID)'s scope changed while it was probed (now \(previous.summary))",
                                         hint: "run `apnsctl key discover \(keyID)` again")
            }
            var discovered = scope
            discovered.source = .discovered
            guard discovered != previous else {
                change.detail = "unchanged: \(previous.summary)"
                return DiscoveryRecordResult(key: record, previous: previous, changed: false)
            }
            record.scope = discovered
            if record.state == .active, let clash = ActiveKeySlots.overlap(of: record, among: manifest.keys) {
                throw APNsError.keystore(
                    "key \(keyID) would be active in \(clash.slot), where key \(clash.key.keyID) is active "
                        + "(\(clash.key.scope.summary)); its discovered scope (\(discovered.summary)) is not recorded",
                    hint: "rotate the slot first (`apnsctl key rotate --team \(record.teamID) --to \(clash.key.keyID)` "
                        + "or to \(keyID)), then run `apnsctl key discover \(keyID)` again")
            }
            manifest.update(record)
            change.detail = "scope \(previous.summary) -> \(discovered.summary)"
            return DiscoveryRecordResult(key: record, previous: previous, changed: true)
        }
    }
}

/// Where active keys may not overlap: one active key per slot, a slot being (team, environment) for team-scoped
/// keys and (team, environment, topic) for topic-specific ones; a topic-specific key's slots do not clash with a
/// team-scoped key's (the topic-specific key wins for its topics). Pure. Discovery's own check until the keystore's
/// active-key rule is stated per slot.
public enum ActiveKeySlots {
    /// The first other active key of `record`'s team sharing a slot with it, and the slot in words
    /// ("team T, production", "team T, production, topic com.example.app"); nil when none does.
    public static func overlap(of record: KeyRecord, among keys: [KeyRecord]) -> (key: KeyRecord, slot: String)? {
        for other in keys where other.keyID != record.keyID && other.teamID == record.teamID && other.state == .active {
            if let slot = sharedSlot(record.scope, other.scope) { return (other, "team \(record.teamID), \(slot)") }
        }
        return nil
    }

    /// The first slot two scopes share ("production", "production, topic com.example.app"); nil when none. Pure.
    public static func sharedSlot(_ a: KeyScope, _ b: KeyScope) -> String? {
        guard let environment = a.environments.first(where: b.covers) else { return nil }
        switch (a.topics, b.topics) {
        case (nil, nil):
            return environment.rawValue
        case (let mine?, let theirs?):
            return mine.first(where: theirs.contains).map { "\(environment.rawValue), topic \($0)" }
        default:
            return nil
        }
    }
}
