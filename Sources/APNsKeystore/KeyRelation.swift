import APNsCore

/// Which keys may be related, and which keys' tokens may share one connection: the one rule that `key import`,
/// `key generate`, `key scope` and the mock APNs all apply. Pure.
///
/// Apple's "Establishing a token-based connection to APNs": a topic-specific key (one environment, a list of
/// topics) may name one related key whose tokens may share its connections; the first push binds a connection, and
/// after a team-scoped key only team-scoped keys may follow, after a topic-specific key only that key and its
/// related key (`403 UnrelatedKeyIdInToken` otherwise). So a related key is itself topic-specific, of the same team
/// and the same environment: a team-scoped key named as related could never share the connection.
public enum KeyRelation {
    /// The rule in one line, as refusals quote it.
    public static let appleRule = "a related key is another topic-specific key of the same team and environment "
        + "(Apple: a topic-specific key's tokens share a connection only with its related key's; a team-scoped "
        + "key's only with team-scoped keys')"

    /// Why key `relatedKeyID` of `relatedScope` cannot be the related key of a key of `scope`; nil when Apple
    /// allows the pair. Teams are checked by ``check(keyID:team:scope:among:)``.
    public static func problem(relatedKeyID: String, relatedScope: KeyScope, of scope: KeyScope) -> String? {
        guard scope.topics != nil else { return "only a topic-specific key has a related key" }
        if relatedScope.isTeamScoped {
            return "\(relatedKeyID) is team-scoped"
                + (relatedScope.source == .legacy ? " (legacy: every key made before 17 February 2025 is)" : "")
        }
        if relatedScope.environments != scope.environments {
            return "\(relatedKeyID) is a \(relatedScope.environmentsText) key and this one a "
                + "\(scope.environmentsText) key"
        }
        return nil
    }

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

    /// Why a token of key `keyID` (`scope`) may not share a connection bound to key `boundKeyID` (`boundScope`,
    /// the key of the connection's first push); nil when it may. Environments and teams are checked elsewhere.
    public static func connectionProblem(keyID: String, scope: KeyScope, boundKeyID: String,
                                         boundScope: KeyScope) -> String? {
        if keyID == boundKeyID { return nil }
        switch (boundScope.isTeamScoped, scope.isTeamScoped) {
        case (true, true): return nil
        case (true, false), (false, true):
            return "\(scope.isTeamScoped ? "team-scoped" : "topic-specific") key \(keyID) may not share it"
        case (false, false):
            guard scope.relatedKeyID == boundKeyID || boundScope.relatedKeyID == keyID else {
                return "key \(keyID) is neither \(boundKeyID) nor its related key"
            }
            let pair = scope.relatedKeyID == boundKeyID
                ? problem(relatedKeyID: boundKeyID, relatedScope: boundScope, of: scope)
                : problem(relatedKeyID: keyID, relatedScope: scope, of: boundScope)
            return pair.map { "keys \(keyID) and \(boundKeyID) are named related, but \($0)" }
        }
    }

    private static func refusal(_ message: String) -> APNsError {
        APNsError.keystore("\(message); \(appleRule)",
                           hint: "check both keys in Apple's developer portal (Keys, Configure): name as related "
                               + "key only a topic-specific key of the same environment")
    }
}
