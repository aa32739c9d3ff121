import APNsModel
import APNsCore
import APNsKeystore

/// The rotation that makes a staged key active, as it can be run: the key alone when that leaves no slot without
/// an active key, with the staged keys that cover the rest, else the key alone with a gap accepted (and what the
/// gap leaves uncovered); none when no rotation to the key can work (``ActiveKeyRule``).
public struct KeyActivation: Sendable, Equatable {
    public var team: String
    /// The keys to name in the rotation, the key first.
    public var keyIDs: [String]
    /// True when the rotation must accept a gap.
    public var allowGap: Bool
    /// With a gap: the keys the rotation retires and the slots it leaves without an active key.
    public var retire: [String]
    public var uncovered: [KeySlot]

    /// The rotation that makes `key` active, given the keystore's keys of its team; nil when none can.
    public static func next(for key: KeyRecord, store: Keystore) throws -> KeyActivation? {
        let keys = try store.keys(team: key.teamID)
        if let targets = ActiveKeyRule.rotationCovering(key.keyID, team: key.teamID, keys: keys) {
            return KeyActivation(team: key.teamID, keyIDs: targets, allowGap: false, retire: [], uncovered: [])
        }
        guard let plan = try? ActiveKeyRule.planRotation(team: key.teamID, to: [key.keyID], keys: keys, allowGap: true)
        else { return nil }
        return KeyActivation(team: key.teamID, keyIDs: [key.keyID], allowGap: true, retire: plan.retire,
                             uncovered: plan.uncovered)
    }
}
