import APNsCore

extension ReasonCatalog {
    /// The reasons of Apple's 2025 key model: a key of the other environment (`BadEnvironmentKeyIdInToken`, also
    /// answered as `BadEnvironmentKeyInToken`) and a key unrelated to the one a connection is bound to
    /// (`UnrelatedKeyIdInToken`). When the token came from the keystore, the hint names the key's recorded scope.
    static func explainKeyScope(_ reason: String, context: VerdictContext) -> (String, String) {
        if reason == "UnrelatedKeyIdInToken" { return unrelatedKey(context) }
        var summary = "the token's key is not valid in \(context.theEnvironment)"
        if reason == "BadEnvironmentKeyInToken" { summary += " (APNs's other spelling of BadEnvironmentKeyIdInToken)" }
        return (summary, badEnvironmentHint(context))
    }

    /// What to do about a key of the other environment.
    static func badEnvironmentHint(_ context: VerdictContext) -> String {
        let environment = context.environment
        guard let key = context.signingKey else {
            guard let environment else {
                return "the token's key was made for another environment than this server's: sign with a key of the "
                    + "server's environment (the developer portal shows each key's environment)"
            }
            return "the token's key was made for \(environment.other.place), not \(environment.place): sign with a "
                + "\(environment.adjective) or both-environment key (the developer portal shows each key's "
                + "environment), or probe with --env \(environment.other.rawValue)"
        }
        let list = "`apnsctl key list --team \(key.teamID)` shows them"
        guard let environment else {
            return "key \(key.keyID) is \(key.environmentWords)\(key.legacy ? " (scope not recorded)" : ""), and this "
                + "server plays another environment: pass --env development|production beside --host to say which, "
                + "and sign with a key for it; \(list)"
        }
        if !key.environments.contains(environment) {
            return "key \(key.keyID) is \(key.environmentWords): \(environment.place) needs a \(environment.adjective) "
                + "or both-environment key; \(list)"
        }
        if key.legacy {
            return "key \(key.keyID)'s scope is not recorded (legacy: assumed both environments), and APNs says it does "
                + "not work in \(environment.place): it is most likely a \(environment.other.adjective)-only key; record "
                + "that with `apnsctl key import AuthKey_\(key.keyID).p8 --team \(key.teamID) --env "
                + "\(environment.other.rawValue)` (or let `apnsctl key discover \(key.keyID)` ask both environments) and "
                + "sign for \(environment.place) with a \(environment.adjective) or both-environment key; \(list)"
        }
        return "key \(key.keyID) is recorded as \(key.environmentWords), but APNs refuses it in \(environment.place): "
            + "the recorded scope is wrong (a declared scope is not imported over): `apnsctl key discover "
            + "\(key.keyID)` asks both environments and records what APNs answers; \(list)"
    }

    /// A token whose key is not the connection's first key, nor related to it.
    static func unrelatedKey(_ context: VerdictContext) -> (String, String) {
        let summary = "the connection is bound to another key (its first push's), and this token's key is not related to it"
        let rule = "APNs binds a connection to its first push's key: a topic-specific key's connection takes only that "
            + "key and its related key, a team-scoped key's connection no topic-specific key"
        guard let key = context.signingKey else {
            return (summary, rule + "; open one connection per unrelated key")
        }
        let what = key.topics.map { "topic-specific (\($0.joined(separator: ", ")))" } ?? "team-scoped"
        return (summary, "key \(key.keyID) is \(what): \(rule); open one connection per unrelated key; "
                + "`apnsctl key list --team \(key.teamID)` shows the keys' scopes")
    }
}
