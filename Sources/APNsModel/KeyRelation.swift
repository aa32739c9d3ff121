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
}
