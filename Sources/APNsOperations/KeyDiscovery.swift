import APNsModel
import APNsCore
import APNsKeystore
import APNsProbe
import APNsTokens

/// Learns a key's scope from APNs's answers: a canary signed by the key, with a made-up device token, goes to each
/// environment asked; ``ScopeDiscovery`` concludes; the keystore records a learnt scope unless it is a dry run.
public enum KeyDiscovery {
    /// What to discover.
    public struct Input: Sendable {
        /// The key whose scope is discovered.
        public var keyID: String
        /// The canary's topic as the user named it (nil: one the keystore knows for the key, and the answers then
        /// say nothing about the key's topics).
        public var topic: String?
        /// The canary; its topic is replaced by the one chosen.
        public var canary: CanaryRequest
        /// Where the canaries go.
        public var servers: CanaryServers
        /// Probe and conclude, record nothing.
        public var dryRun: Bool
        /// How each report is worded before it is returned.
        public var wording: CanaryReportWording

        public init(keyID: String, topic: String?, canary: CanaryRequest = .canary(topic: nil),
                    servers: CanaryServers = .apple, dryRun: Bool = false,
                    wording: @escaping CanaryReportWording = { $0.report }) {
            self.keyID = keyID
            self.topic = topic
            self.canary = canary
            self.servers = servers
            self.dryRun = dryRun
            self.wording = wording
        }

        /// The environments asked: the one named, else those servers are named for, else both.
        public var environments: [APNsEnvironment] {
            servers.environment.map { [$0] }
                ?? (servers.servers.isEmpty ? APNsEnvironment.allCases : servers.namedEnvironments)
        }
    }

    /// One environment's answer, classified, with the canary's report.
    public struct Answer: Sendable {
        public var answer: DiscoveryAnswer
        public var canary: CanaryReport
    }

    /// What discovery found and did.
    public struct Result: Sendable {
        /// The key as it was before discovery.
        public var record: KeyRecord
        /// The canaries' topic.
        public var topic: String
        /// True when the user named the topic.
        public var topicGiven: Bool
        public var dryRun: Bool
        public var answers: [Answer]
        public var conclusion: DiscoveryConclusion
        /// True when the keystore changed.
        public var recorded: Bool
        /// The scope recorded now (learnt) or confirmed (matches); nil otherwise.
        public var scope: KeyScope?
    }

    /// Probes, concludes and records. Throws ``KeyDiscoveryError`` (with the result so far when canaries were
    /// sent), the keystore's errors, and the prober's errors for a canary that cannot be sent.
    public static func run(_ input: Input, store: Keystore) async throws -> Result {
        let record = try store.key(input.keyID)
        guard record.state != .revoked else { throw KeyDiscoveryError.revoked(keyID: record.keyID, teamID: record.teamID) }
        let topic = try canaryTopic(input, record: record, store: store)
        var request = input.canary
        request.topic = topic
        let destinations = try input.environments.map { environment in
            (environment, try input.servers.destination(for: environment))
        }
        // Every canary is checked before anything is signed or sent.
        for (_, destination) in destinations {
            try Prober(CanaryServers.configuration(destination, credential: .token("", issuedAt: nil), canary: request))
                .validate()
        }
        let token = try ProviderToken.sign(keyID: record.keyID, teamID: record.teamID, issuedAt: store.clock.now(),
                                           key: try store.privateKey(of: record))
        var answers: [Answer] = []
        for (environment, destination) in destinations {
            var configuration = CanaryServers.configuration(
                destination, credential: .token(token.compact, issuedAt: token.issuedAtDate), canary: request)
            configuration.signingKey = SigningKeyDescription(record)
            var canary = CanaryReport(keyID: record.keyID, signingKey: SigningKeyDescription(record),
                                      destination: destination, report: try Prober(configuration).probe())
            canary.report = input.wording(canary)
            let report = canary.report
            let answer = DiscoveryAnswer(environment: environment, status: report.failure == nil ? report.status : nil,
                                         reason: report.reason, failure: report.failure?.message,
                                         topicGiven: input.topic != nil)
            answers.append(Answer(answer: answer, canary: canary))
        }
        let conclusion = ScopeDiscovery.conclude(keyID: record.keyID, recorded: record.scope,
                                                 answers: answers.map(\.answer), topic: input.topic)
        var result = Result(record: record, topic: topic, topicGiven: input.topic != nil, dryRun: input.dryRun,
                            answers: answers, conclusion: conclusion, recorded: false, scope: conclusion.scope)
        if conclusion.kind == .learnt, !input.dryRun, let scope = conclusion.scope {
            do {
                let written = try store.recordDiscoveredScope(record.keyID, scope, expected: record.scope)
                result.recorded = written.changed
                result.scope = written.key.scope
            } catch {
                throw KeyDiscoveryError.recordRefused(result, error)
            }
        }
        guard conclusion.exitStatus == .ok else { throw KeyDiscoveryError.nothingRecorded(result) }
        return result
    }

    /// The canaries' topic: the one named, else one the keystore knows for the key (its first recorded topic, or
    /// the shortest bundle id of its team's certificates). A token canary needs one.
    static func canaryTopic(_ input: Input, record: KeyRecord, store: Keystore) throws -> String {
        if let topic = input.topic { return topic }
        if let topic = record.scope.topics?.first { return topic }
        let certificates = try store.manifest().certificates.filter { $0.teamID == record.teamID }
        if let topic = certificates.flatMap(\.topics).min(by: { ($0.count, $0) < ($1.count, $1) }) { return topic }
        throw KeyDiscoveryError.noTopic(keyID: record.keyID, teamID: record.teamID)
    }
}

/// Why discovery recorded nothing.
public enum KeyDiscoveryError: Error {
    /// The key is revoked: it signs no canary.
    case revoked(keyID: String, teamID: String)
    /// No topic was named and the keystore knows none of the team's.
    case noTopic(keyID: String, teamID: String)
    /// The answers were not conclusive, or contradict one another, or a server was unreachable
    /// (`result.conclusion` says which).
    case nothingRecorded(KeyDiscovery.Result)
    /// The keystore refused to record the learnt scope (`underlying` says why).
    case recordRefused(KeyDiscovery.Result, any Error)

    /// The result so far, when canaries were sent.
    public var result: KeyDiscovery.Result? {
        switch self {
        case .revoked, .noTopic: return nil
        case .nothingRecorded(let result), .recordRefused(let result, _): return result
        }
    }
}
