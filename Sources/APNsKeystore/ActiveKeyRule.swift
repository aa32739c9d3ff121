import APNsCore
import APNsModel

/// The keystore's invariant: **at most one active key per slot** (``KeySlot``), and the transitions that keep it.
/// Pure: every function reads a list of key records and decides.
///
/// - A new key starts active when none of its slots has an active key, staged otherwise.
/// - A rotation makes its keys active in every slot they cover and retires each active key that held one of those
///   slots. It is refused when it would leave a slot that a retired key covered with no key to sign for it, unless
///   the caller allows the gap (`key rotate --allow-gap`).
/// - A slot is *covered* when a request for it can be signed: the team-scoped slot `(team, env)` by an active
///   team-scoped key of that environment; a topic slot `(team, env, topic)` by an active key holding it, or else by
///   the environment's active team-scoped key (which covers every topic).
public enum ActiveKeyRule {
    /// A slot held by more than one active key.
    public struct Conflict: Sendable, Equatable, CustomStringConvertible {
        public let slot: KeySlot
        public let keyIDs: [String]
        public var description: String {
            "slot \(slot) has \(keyIDs.count) active keys (\(keyIDs.joined(separator: ", ")))"
        }
    }

    /// Every slot held by more than one active key, sorted by slot; empty when the invariant holds.
    public static func conflicts(_ keys: [KeyRecord]) -> [Conflict] {
        var holders = [KeySlot: [String]]()
        for key in keys where key.state == .active {
            for slot in key.slots { holders[slot, default: []].append(key.keyID) }
        }
        return holders.filter { $0.value.count > 1 }
            .map { Conflict(slot: $0.key, keyIDs: $0.value.sorted()) }
            .sorted { $0.slot < $1.slot }
    }

    /// The active keys among `keys` holding any of `slots`.
    public static func holders(of slots: [KeySlot], in keys: [KeyRecord]) -> [KeyRecord] {
        let wanted = Set(slots)
        return keys.filter { $0.state == .active && $0.slots.contains(where: wanted.contains) }
    }

    /// True when `key`, newly added, starts active: none of its slots has an active key.
    public static func startsActive(_ key: KeyRecord, among keys: [KeyRecord]) -> Bool {
        holders(of: key.slots, in: keys.filter { $0.keyID != key.keyID }).isEmpty
    }

    /// True when a request for `slot` can be signed by one of the `keys` that are active (see the type's summary).
    public static func isCovered(_ slot: KeySlot, by keys: [KeyRecord]) -> Bool {
        let team = KeySlot(teamID: slot.teamID, environment: slot.environment)
        return keys.contains { key in
            key.state == .active && key.teamID == slot.teamID
                && (key.slots.contains(slot) || key.slots.contains(team))
        }
    }

    /// What a rotation will do.
    public struct RotationPlan: Sendable, Equatable {
        /// The keys made active, in the order asked.
        public let activate: [String]
        /// The active keys that held one of their slots and are retired.
        public let retire: [String]
        /// The slots the activated keys hold.
        public let slots: [KeySlot]
        /// Slots a retired key covered that nothing covers afterwards (empty unless the gap was allowed).
        public let uncovered: [KeySlot]
    }

    /// Checks the keys named to make active: at least one, each once.
    public static func checkTargets(_ incoming: [String]) throws(RotationRequestError) {
        guard !incoming.isEmpty else { throw .noTarget }
        if let twice = Dictionary(grouping: incoming, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw .targetTwice(keyID: twice)
        }
    }

    /// Plans making `incoming` active for `team`: checks each key may be promoted (``KeyTransition``), that the
    /// incoming keys share no slot, and that no slot is left uncovered unless `allowGap`.
    public static func planRotation(team: String, to incoming: [String], keys: [KeyRecord],
                                    allowGap: Bool) throws -> RotationPlan {
        try checkTargets(incoming)
        var records = [KeyRecord]()
        for keyID in incoming {
            guard let record = keys.first(where: { $0.keyID == keyID }) else {
                throw APNsError.keystore("key \(keyID): not in the keystore",
                                         remedy: KeystoreRemedy.listTeamKeys(team))
            }
            try KeyTransition.checkPromote(record, team: team)
            records.append(record)
        }
        for (index, record) in records.enumerated() {
            for other in records[(index + 1)...] {
                if let shared = Set(record.slots).intersection(other.slots).min() {
                    throw APNsError.keystore(
                        "keys \(record.keyID) and \(other.keyID) both cover \(shared.words): a slot has one active key",
                        remedy: KeystoreRemedy.rotateToOneOf(team: team))
                }
            }
        }
        let slots = Array(Set(records.flatMap(\.slots))).sorted()
        let displaced = holders(of: slots, in: keys).filter { !incoming.contains($0.keyID) }
        let displacedIDs = Set(displaced.map(\.keyID))
        let after = keys.filter { $0.state == .active && !displacedIDs.contains($0.keyID) } + records.map { record in
            var active = record
            active.state = .active
            return active
        }
        let uncovered = Array(Set(displaced.flatMap(\.slots))).filter { !isCovered($0, by: after) }.sorted()
        if !uncovered.isEmpty && !allowGap {
            let names = displaced.filter { key in key.slots.contains(where: uncovered.contains) }.map(\.keyID)
            throw APNsError.keystore(
                "rotating to \(incoming.joined(separator: " and ")) retires \(names.joined(separator: " and ")), "
                    + "which leaves \(uncovered.words) with no active key",
                remedy: KeystoreRemedy.coverEverySlot(team: team))
        }
        return RotationPlan(activate: incoming, retire: displaced.map(\.keyID), slots: slots, uncovered: uncovered)
    }

    /// The keys a rotation should name for `keyID` to become active without leaving a slot uncovered: `keyID`
    /// alone when that works, else `keyID` followed by staged keys of `team` that cover what it would leave
    /// uncovered; nil when no such rotation exists (only one that allows a gap). Pure: `keys` as stored.
    public static func rotationCovering(_ keyID: String, team: String, keys: [KeyRecord]) -> [String]? {
        var chosen = [keyID]
        while chosen.count <= keys.count {
            if (try? planRotation(team: team, to: chosen, keys: keys, allowGap: false)) != nil { return chosen }
            guard let plan = try? planRotation(team: team, to: chosen, keys: keys, allowGap: true) else { return nil }
            let next = keys.first { candidate in
                let together = chosen + [candidate.keyID]
                return candidate.teamID == team && candidate.state == .staged && !chosen.contains(candidate.keyID)
                    && (try? planRotation(team: team, to: together, keys: keys, allowGap: true)) != nil
                    && plan.uncovered.contains { slot in
                        var active = candidate
                        active.state = .active
                        return isCovered(slot, by: [active])
                    }
            }
            guard let next else { return nil }
            chosen.append(next.keyID)
        }
        return nil
    }
}
