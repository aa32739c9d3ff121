import APNsCore

extension ReasonCatalog {
    /// The reasons of Apple's 2025 key model: a key of the other environment (`BadEnvironmentKeyIdInToken`, also
    /// answered as `BadEnvironmentKeyInToken`) and a key unrelated to the one a connection is bound to
    /// (`UnrelatedKeyIdInToken`). When the token came from the keystore, the hint names the key's recorded scope.
    static func explainKeyScope(_ reason: String, context: VerdictContext) -> Explanation {
        if reason == "UnrelatedKeyIdInToken" { return unrelatedKey(context) }
        var summary = "the token's key is not valid in \(context.theEnvironment)"
        if reason == "BadEnvironmentKeyInToken" { summary += " (APNs's other spelling of BadEnvironmentKeyIdInToken)" }
        return Explanation(summary, badEnvironmentRemedy(context))
    }

    /// What to do about a key of the other environment.
    static func badEnvironmentRemedy(_ context: VerdictContext) -> VerdictRemedy {
        guard let key = context.signingKey else {
            guard let environment = context.environment else {
                return .advice("the token's key was made for another environment than this server's: sign with a key "
                               + "of the server's environment (the developer portal shows each key's environment)")
            }
            return .keyOfOtherEnvironment(probed: environment)
        }
        guard let environment = context.environment else { return .keyForUnknownEnvironment(key) }
        if !key.environments.contains(environment) { return .keyNotForEnvironment(key, probed: environment) }
        if key.legacy { return .legacyKeyRefused(key, probed: environment) }
        return .recordedScopeWrong(key, probed: environment)
    }

    /// APNs's rule for a connection's keys, for the hint about an unrelated key.
    public static let connectionKeyRule = "APNs binds a connection to its first push's key: a topic-specific key's "
        + "connection takes only that key and its related key, a team-scoped key's connection no topic-specific key"

    /// A token whose key is not the connection's first key, nor related to it.
    static func unrelatedKey(_ context: VerdictContext) -> Explanation {
        let summary = "the connection is bound to another key (its first push's), and this token's key is not related to it"
        guard let key = context.signingKey else {
            return Explanation(summary, connectionKeyRule + "; open one connection per unrelated key")
        }
        return Explanation(summary, .unrelatedKey(key))
    }
}
