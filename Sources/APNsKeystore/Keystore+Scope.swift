import APNsCore
import APNsModel

/// What `Keystore.setScope` did.
public struct ScopeChange: Sendable, Equatable {
    /// The key as recorded now.
    public let key: KeyRecord
    /// The scope it had before.
    public let previous: KeyScope
    /// Slots the key held while active that no active key covers now (a narrowed active key).
    public let uncovered: [KeySlot]

    /// True when the recorded scope changed.
    public var changed: Bool { key.scope != previous }
}

extension Keystore {
    /// Records `scope` as key `keyID`'s scope: the correction of a scope declared (or learnt) wrong, which Apple
    /// fixed when it made the key. One audited change (`key.scope`, with both scopes); recording the same scope
    /// again changes nothing.
    ///
    /// Refused (exit 5), changing nothing: a revoked key; an active key whose new scope would share a slot with
    /// another active key (``ActiveKeyRule``: one active key per slot); a related key Apple does not allow, either
    /// way (``KeyRelation``).
    public func setScope(_ keyID: String, to scope: KeyScope) throws -> ScopeChange {
        try change(action: "key.scope", team: nil, keyID: keyID) { manifest, change in
            var record = try manifest.requireKey(keyID)
            change.teamID = record.teamID
            guard record.state != .revoked else {
                throw APNsError.keystore("key \(keyID) is revoked: it signs nothing in any scope",
                                         hint: "a revoked key's scope no longer matters")
            }
            try KeyRelation.check(keyID: keyID, team: record.teamID, scope: scope, among: manifest.keys)
            let previous = record.scope
            record.scope = scope
            let others = manifest.keys.filter { $0.keyID != keyID }
            var uncovered = [KeySlot]()
            if record.state == .active {
                for holder in ActiveKeyRule.holders(of: record.slots, in: others) {
                    guard let shared = Set(record.slots).intersection(holder.slots).min() else { continue }
                    throw APNsError.keystore(
                        "key \(keyID) is active: as \(scope.summary) it would share \(shared.words) with active key "
                            + "\(holder.keyID); a slot has one active key",
                        hint: "declare the scope Apple gave the key; if it is right, rotate first so that only one "
                            + "of the two keys is active there")
                }
                uncovered = previous.slots(team: record.teamID).filter {
                    !ActiveKeyRule.isCovered($0, by: others + [record])
                }
            }
            manifest.update(record)
            change.detail = previous == scope ? "scope unchanged: \(scope.summary)"
                : "scope \(scope.summary); was \(previous.summary)"
                    + (uncovered.isEmpty ? "" : "; left without an active key: \(uncovered.words)")
            return ScopeChange(key: record, previous: previous, uncovered: uncovered)
        }
    }
}
