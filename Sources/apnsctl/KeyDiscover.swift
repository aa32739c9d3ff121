import APNsCore
import APNsKeystore
import APNsProbe
import APNsTokens
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeyDiscover: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "Learn a key's environments (and topics) from APNs's answers and record them.",
        discussion: "Sends a canary signed by the key, with a made-up device token, to each environment: Apple's "
            + "sandbox and production hosts, or only --env (with --host/--port/--cacert: a server playing that "
            + "environment; --target ENV=HOST:PORT, repeated, names the server playing each environment, and only "
            + "those environments are asked). 400 BadDeviceToken (or another answer about the device token) means "
            + "the environment "
            + "accepted the key; 403 BadEnvironmentKeyIdInToken or BadEnvironmentKeyInToken means it did not; with "
            + "--topic, 400 TopicDisallowed means the key does not cover that topic. An environment not asked keeps "
            + "its recorded scope. The keystore changes only when every answer is conclusive (exit 0); a "
            + "contradiction or an answer about something else records nothing (exit 1), nor does an unreachable "
            + "server (exit 4). Staged, active and retired keys may be probed; revoked ones not.")

    @Argument(help: ArgumentHelp("The key to probe.", valueName: "KEYID"), completion: KeystoreCompletion.keyIDs)
    var keyID: String
    @Flag(name: .customLong("dry-run"), help: "Probe and print what would be recorded; change nothing.")
    var dryRun = false
    @OptionGroup(title: "Where the canaries go (default: both of Apple's hosts)") var target: ProbeTargetOptions
    @OptionGroup(title: "Canary push") var canary: ProbeCanaryOptions
    @OptionGroup var secrets: SecretOptions
    @OptionGroup var keystore: KeystoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

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
        var hint: String?
        var previousScope: ScopeJSON
        var scope: ScopeJSON?
        var answers: [AnswerJSON]
        var exitCode: Int32

        enum CodingKeys: String, CodingKey {
            case keyID = "key_id", teamID = "team_id", state, topic, topicGiven = "topic_given", dryRun = "dry_run"
            case outcome, recorded, message, hint, previousScope = "previous_scope", scope, answers
            case exitCode = "exit_code"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(keyID, forKey: .keyID)
            try c.encode(teamID, forKey: .teamID)
            try c.encode(state, forKey: .state)
            try c.encode(topic, forKey: .topic)
            try c.encode(topicGiven, forKey: .topicGiven)
            try c.encode(dryRun, forKey: .dryRun)
            try c.encode(outcome, forKey: .outcome)
            try c.encode(recorded, forKey: .recorded)
            try c.encode(message, forKey: .message)
            try c.encode(hint, forKey: .hint)
            try c.encode(previousScope, forKey: .previousScope)
            try c.encode(scope, forKey: .scope)
            try c.encode(answers, forKey: .answers)
            try c.encode(exitCode, forKey: .exitCode)
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

    func validate() throws {
        if target.host != nil && target.env == nil && target.targets.isEmpty {
            throw ValidationError("--host needs --env development|production: the environment the server plays")
        }
    }

    func run() async throws {
        try AppleIdentifier.validate(keyID, what: "key id", flag: "KEYID")
        let store = try keystore.open(secrets: secrets)
        let record = try store.key(keyID)
        guard record.state != .revoked else {
            throw APNsError.keystore("key \(keyID) is revoked: it signs no canary and its scope is no longer recorded",
                                     hint: "`apnsctl key list --team \(record.teamID)` shows the team's other keys")
        }
        let topic = try canaryTopic(record, store: store)
        let request = try canary.request(defaultTopic: topic)
        // --target names the servers: the environments it names are asked (or --env alone).
        let environments = target.env.map { [$0] }
            ?? (target.targets.isEmpty ? APNsEnvironment.allCases : target.targetEnvironments)
        // Every target's options are checked (a missing --cacert, a bad canary) before anything is signed or sent.
        for environment in environments {
            try Prober(try options(for: environment).configuration(credential: .token("", issuedAt: nil),
                                                                   canary: request)).validate()
        }
        let token = try ProviderToken.sign(keyID: record.keyID, teamID: record.teamID, issuedAt: store.clock.now(),
                                           key: try store.privateKey(of: record))
        var answers: [AnswerJSON] = []
        for environment in environments {
            var configuration = try options(for: environment).configuration(
                credential: .token(token.compact, issuedAt: token.issuedAtDate), canary: request)
            configuration.signingKey = SigningKeyDescription(record)
            let report = ProbeHints.refine(try Prober(configuration).probe(), target: configuration.target,
                                           signingKey: configuration.signingKey, cacert: configuration.caFile)
            let answer = DiscoveryAnswer(environment: environment, status: report.failure == nil ? report.status : nil,
                                         reason: report.reason, failure: report.failure?.message,
                                         topicGiven: canary.topic != nil)
            answers.append(AnswerJSON(answer: answer, probe: report))
        }
        let conclusion = ScopeDiscovery.conclude(keyID: keyID, recorded: record.scope, answers: answers.map(\.answer),
                                                 topic: canary.topic)
        var output = Output(keyID: keyID, teamID: record.teamID, state: record.state, topic: topic,
                            topicGiven: canary.topic != nil, dryRun: dryRun, outcome: conclusion.kind, recorded: false,
                            message: conclusion.message, hint: conclusion.hint, previousScope: ScopeJSON(scope: record.scope),
                            scope: conclusion.scope.map(ScopeJSON.init), answers: answers,
                            exitCode: conclusion.exitStatus.rawValue)
        if conclusion.kind == .learnt, !dryRun, let scope = conclusion.scope {
            do {
                let result = try store.recordDiscoveredScope(keyID, scope, expected: record.scope)
                output.recorded = result.changed
                output.scope = ScopeJSON(scope: result.key.scope)
            } catch let error as APNsError {
                let error = error.worded
                output.exitCode = error.status.rawValue
                output.message = error.message
                output.hint = error.hint.isEmpty ? nil : error.hint
                try printReport(output, refused: true)
                throw error
            }
        }
        try printReport(output)
        guard conclusion.exitStatus == .ok else {
            throw APNsError(conclusion.exitStatus, "nothing recorded for key \(keyID): \(conclusion.message)",
                            hint: conclusion.hint ?? "")
        }
    }

    /// The target options for one environment: --env (and --host/--port/--cacert) as given, or Apple's host.
    private func options(for environment: APNsEnvironment) throws -> ProbeTargetOptions {
        var options = try target.selected(environment)
        options.env = environment
        return options
    }

    /// The canaries' topic: --topic, else one the keystore knows for the key (its first recorded topic, or the
    /// bundle id of one of its team's certificates). A token canary needs one, even when it says nothing about
    /// the key's topics.
    private func canaryTopic(_ record: KeyRecord, store: Keystore) throws -> String {
        if let topic = canary.topic { return topic }
        if let topic = record.scope.topics?.first { return topic }
        let certificates = try store.manifest().certificates.filter { $0.teamID == record.teamID }
        if let topic = certificates.flatMap(\.topics).min(by: { ($0.count, $0) < ($1.count, $1) }) { return topic }
        throw APNsError.usage("no --topic: the canaries need one of team \(record.teamID)'s topics (a bundle id)",
                              hint: "pass --topic com.example.app (the keystore records no topic for key \(keyID))")
    }

    /// The report: JSON, or one line per environment then what was recorded (`refused`: the keystore refused to
    /// record it, and the error says why).
    private func printReport(_ output: Output, refused: Bool = false) throws {
        if format == .json {
            try Console.printJSON(output)
            return
        }
        let scope = output.previousScope.scope
        print("signing key: \(output.keyID), team \(output.teamID), recorded as \(scope.environmentsText), "
              + (scope.topics.map { "topics \($0.joined(separator: ", "))" } ?? "team-scoped"))
        for answer in output.answers.map(\.answer) {
            print("\(answer.environment.rawValue): \(answer.line)")
        }
        if refused { return }
        let previous = output.previousScope.scope.summary
        switch output.outcome {
        case .learnt:
            let learnt = output.scope?.scope.summary ?? ""
            if output.recorded {
                print("recorded: \(learnt); was \(previous)")
            } else if dryRun {
                print("would record: \(learnt); was \(previous); --dry-run: nothing changed")
            } else {
                print("nothing recorded: the record already says \(learnt)")
            }
            print("learnt from: \(output.message)")
        case .matches:
            print("nothing recorded: \(output.message)")
            if let hint = output.hint { print("hint: \(hint)") }
        case .contradiction, .inconclusive, .unreachable:
            break // the error and its hint say why, on stderr
        }
    }
}
