import APNsModel
import APNsCore
import APNsKeystore
import APNsOperations
import APNsProbe

extension KeyDiscover {
    /// JSON (docs/json/key-discover.schema.json): `key_id`, `team_id`, `state`, `topic` (the canaries' topic),
    /// `topic_given` (true when it came from --topic: only then do answers say anything about the key's topics),
    /// `dry_run`, `outcome` (learnt, matches, contradiction, inconclusive, unreachable), `recorded` (true when
    /// the keystore changed), `message`, `hint` (null when none), `previous_scope` and `scope` (the learnt or
    /// confirmed scope; null otherwise) as `{environments, restriction, topics, related_key_id, scope_source}`,
    /// `answers` (one per environment asked: `environment`, `outcome` (accepted, refused_environment,
    /// refused_topic, inconclusive), `status`, `reason`, `why` (null unless inconclusive) and `probe`, the
    /// canary's report as `apnsctl probe --format json` prints it), and `exit_code`. Printed on failure too.
    struct Output: Encodable {
        var keyID: String
        var teamID: String
        var state: KeyState
        var topic: String
        var topicGiven: Bool
        var dryRun: Bool
        var outcome: DiscoveryConclusion.Kind
        var recorded: Bool
        var message: String
        @Nullable var hint: String?
        var previousScope: ScopeJSON
        @Nullable var scope: ScopeJSON?
        var answers: [AnswerJSON]
        var exitCode: Int32

        /// The report of `result`.
        init(_ result: KeyDiscovery.Result) {
            let record = result.record
            keyID = record.keyID
            teamID = record.teamID
            state = record.state
            topic = result.topic
            topicGiven = result.topicGiven
            dryRun = result.dryRun
            outcome = result.conclusion.kind
            recorded = result.recorded
            message = result.conclusion.message
            hint = result.conclusion.remedy?.words
            previousScope = ScopeJSON(scope: record.scope)
            scope = result.scope.map(ScopeJSON.init)
            answers = result.answers.map { AnswerJSON(answer: $0.answer, probe: $0.canary.report) }
            exitCode = result.conclusion.exitStatus.rawValue
        }

        enum CodingKeys: String, CodingKey {
            case keyID = "key_id", teamID = "team_id", state, topic, topicGiven = "topic_given", dryRun = "dry_run"
            case outcome, recorded, message, hint, previousScope = "previous_scope", scope, answers
            case exitCode = "exit_code"
        }
    }

    /// A scope in the vocabulary of key objects (`environments`, `restriction`, `topics`, `related_key_id`,
    /// `scope_source`).
    struct ScopeJSON: Encodable {
        var scope: KeyScope
        enum CodingKeys: String, CodingKey {
            case environments, restriction, topics, relatedKeyID = "related_key_id", source = "scope_source"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(scope.environments, forKey: .environments)
            try c.encode(scope.isTeamScoped ? "team" : "topics", forKey: .restriction)
            try c.encode(scope.topics, forKey: .topics)
            try c.encode(scope.relatedKeyID, forKey: .relatedKeyID)
            try c.encode(scope.source, forKey: .source)
        }
    }

    /// One environment's answer with the canary's probe report.
    struct AnswerJSON: Encodable {
        var answer: DiscoveryAnswer
        var probe: ProbeReport
        enum CodingKeys: String, CodingKey { case environment, outcome, status, reason, why, probe }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(answer.environment, forKey: .environment)
            try c.encode(answer.outcome, forKey: .outcome)
            try c.encode(answer.status, forKey: .status)
            try c.encode(answer.reason, forKey: .reason)
            try c.encode(answer.why.isEmpty ? nil : answer.why, forKey: .why)
            try c.encode(probe, forKey: .probe)
        }
    }
}
