import APNsCore
import APNsModel

extension KeyRelation {
    /// Checks key `keyID` of `team` with `scope` against the other `keys` (revoked ones aside), both ways: its
    /// related key, when that key is present, and every key that names it as its related key. Throws a keystore
    /// error (exit 5) quoting ``appleRule``; a related key not (yet) in the keystore is checked when it arrives.
    public static func check(keyID: String, team: String, scope: KeyScope, among keys: [KeyRecord]) throws {
        let others = keys.filter { $0.keyID != keyID && $0.state != .revoked }
        if let relatedID = scope.relatedKeyID {
            if relatedID == keyID {
                throw refusal("key \(keyID) cannot be its own related key")
            }
            if let related = others.first(where: { $0.keyID == relatedID }) {
                let why = related.teamID != team ? "\(relatedID) belongs to team \(related.teamID), not \(team)"
                    : problem(relatedKeyID: relatedID, relatedScope: related.scope, of: scope)
                if let why { throw refusal("key \(keyID) cannot have \(relatedID) as its related key: \(why)") }
            }
        }
        for other in others where other.scope.relatedKeyID == keyID {
            let why = other.teamID != team ? "\(keyID) would belong to team \(team), not \(other.teamID)"
                : problem(relatedKeyID: keyID, relatedScope: scope, of: other.scope)
            if let why {
                throw refusal("key \(other.keyID) names \(keyID) as its related key, but \(why)")
            }
        }
    }

    private static func refusal(_ message: String) -> APNsError {
        APNsError.keystore("\(message); \(appleRule)",
                           hint: "check both keys in Apple's developer portal (Keys, Configure): name as related "
                               + "key only a topic-specific key of the same environment")
    }
}
