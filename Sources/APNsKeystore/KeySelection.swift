import APNsCore
import APNsModel

/// Which key signs a provider token for an environment and a topic (Apple's 2025 key model). Pure.
///
/// The candidates are the keys that may sign: the key named with `--key-id` (active or staged), else the team's
/// active key. Among them, those whose scope covers the environment (a legacy key covers both) and, when a topic is
/// given, the topic (a team-scoped key covers every topic); a topic-specific key covering the topic wins over a
/// team-scoped key, an active key over a staged one. Without an environment a candidate must cover both.
public enum KeySelection {
    /// The candidate that signs for `environment` (nil: unstated) and `topic` (nil: any).
    ///
    /// - Parameters:
    ///   - candidates: the keys that may sign (see the type's summary).
    ///   - teamKeys: every key of the team, named in the error when no candidate fits.
    /// - Throws: a keystore error (exit 5) naming the team's keys and their scopes when no candidate covers the
    ///   environment (and topic); a usage error (exit 2) naming the environments to choose from when no
    ///   environment was given and no candidate covers both.
    public static func choose(among candidates: [KeyRecord], team: String, teamKeys: [KeyRecord],
                              environment: APNsEnvironment?, topic: String?) throws -> KeyRecord {
        let fitting = candidates.filter { record in
            (environment.map(record.scope.covers) ?? (record.scope.environments.count == APNsEnvironment.allCases.count))
                && covers(record, topic: topic)
        }
        if let best = fitting.min(by: { rank($0, topic: topic) < rank($1, topic: topic) }) { return best }
        guard let environment else {
            let choices = Set(candidates.flatMap(\.scope.environments)).sorted()
            let named = candidates.map { "\($0.keyID) is \(environmentWords($0.scope))" }.joined(separator: ", ")
            throw APNsError.usage(
                "team \(team): \(named.isEmpty ? "no key signs" : named): say which environment the token is for",
                remedy: KeystoreRemedy.nameEnvironment(choices, team: team))
        }
        let forWhat = "\(environment == .development ? "the sandbox (development)" : "production")"
            + (topic.map { " and topic \($0)" } ?? "")
        let keys = teamKeys.isEmpty ? "none" : teamKeys.map(describe).joined(separator: "; ")
        let what: String
        if candidates.count == 1 {
            let only = candidates[0]
            what = "key \(only.keyID) (\(only.state == .active ? "team \(team)'s active key" : only.state.rawValue), "
                + "\(environmentWords(only.scope))\(only.scope.topics == nil ? "" : ", topic-specific"))"
        } else {
            what = "none of team \(team)'s signing keys"
        }
        throw APNsError.keystore(
            "\(what) \(candidates.count == 1 ? "does not cover" : "covers") \(forWhat); the team's keys: \(keys)",
            remedy: KeystoreRemedy.signWithCoveringKey(team: team, environment: environment))
    }

    /// True when `record` may sign for `topic` (nil: any topic).
    public static func covers(_ record: KeyRecord, topic: String?) -> Bool {
        topic.map(record.scope.covers(topic:)) ?? true
    }

    /// "ABC123DEFG (active; production, team-scoped (declared))".
    public static func describe(_ record: KeyRecord) -> String {
        "\(record.keyID) (\(record.state.rawValue); \(record.scope.summary))"
    }

    /// "production-only", "sandbox-only" or "for both environments".
    static func environmentWords(_ scope: KeyScope) -> String {
        switch scope.environments {
        case [.development]: return "sandbox-only"
        case [.production]: return "production-only"
        default: return "for both environments"
        }
    }

    /// Lower is better: a topic-specific key covering the asked topic, then team-scoped keys; active before staged.
    private static func rank(_ record: KeyRecord, topic: String?) -> (Int, Int, String) {
        let specific = topic != nil && record.scope.topics != nil ? 0 : 1
        return (specific, record.state == .active ? 0 : 1, record.keyID)
    }
}
