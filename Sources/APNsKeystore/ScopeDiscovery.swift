import APNsCore
import APNsModel

/// What a key's discovery learnt from the answers, given the scope recorded for it. Pure.
public struct DiscoveryConclusion: Sendable, Equatable {
    /// What to do with the conclusion.
    public enum Kind: String, Sendable, Codable {
        /// Every answer was conclusive and the scope differs from the record: record ``scope``.
        case learnt
        /// Every answer was conclusive and the record already says so: nothing to record.
        case matches
        /// The answers contradict one another, or say something the keystore cannot record (exit 1).
        case contradiction
        /// An answer said nothing about the key's scope (exit 1).
        case inconclusive
        /// A server was not reachable (exit 4).
        case unreachable
    }

    public var kind: Kind
    /// The scope learnt (`learnt`: source `discovered`) or confirmed (`matches`: the record); nil otherwise.
    public var scope: KeyScope?
    /// One line: what was learnt and from which answer, or why nothing is recorded.
    public var message: String
    /// What to do next; nil when nothing is to be done. The command line words it.
    public var remedy: DiscoveryRemedy?

    /// 0 for learnt or matching, 1 for a contradiction or an inconclusive answer, 4 when a server was unreachable.
    public var exitStatus: ExitStatus {
        switch kind {
        case .learnt, .matches: return .ok
        case .contradiction, .inconclusive: return .checkFailed
        case .unreachable: return .unreachable
        }
    }
}

/// Learns a key's scope from the answers of a discovery canary (``DiscoveryAnswer``) and the recorded scope. Pure.
///
/// Rules: the environments are those that accepted the key; an environment not asked keeps what the record says;
/// a key refused by every environment asked, leaving none, is a contradiction. A topic-specific record accepted
/// in both environments is team-scoped (Apple never makes a topic-specific key for both). With `--topic`: an
/// accepted topic a topic-specific record does not list is added; a refused topic is removed from the list (a
/// list left empty means the topics are unknown); a refused topic with a team-scoped record means the key is
/// topic-specific with unknown topics, which is not recorded (no list is invented).
public enum ScopeDiscovery {
    /// The conclusion for `keyID`'s `recorded` scope from `answers` (one per environment asked); `topic` is the
    /// topic the user named (nil: the canary's topic was implied, and says nothing about the key's topics).
    public static func conclude(keyID: String, recorded: KeyScope, answers: [DiscoveryAnswer],
                                topic: String?) -> DiscoveryConclusion {
        guard !answers.isEmpty else {
            return DiscoveryConclusion(kind: .inconclusive, scope: nil, message: "no environment was asked",
                                       remedy: .askSomeEnvironment)
        }
        let unclear = answers.filter { $0.outcome == .inconclusive }
        if !unclear.isEmpty {
            let named = unclear.map { answer in
                answer.unreachable ? "\(answer.environment.rawValue) was not reachable (\(answer.failure ?? "no answer"))"
                                   : "\(answer.environment.rawValue) answered \(answer.answerText): \(answer.why)"
            }.joined(separator: "; ")
            let unreachable = unclear.contains(where: \.unreachable)
            return DiscoveryConclusion(
                kind: unreachable ? .unreachable : .inconclusive, scope: nil,
                message: named,
                remedy: unreachable ? .checkNetwork : .explainAnswer(keyID: keyID))
        }
        let asked = Set(answers.map(\.environment))
        let accepting = Set(answers.filter { $0.outcome != .refusedEnvironment }.map(\.environment))
        let refused = answers.filter { $0.outcome == .refusedEnvironment }
        var notes = answers.map { answer -> String in
            answer.outcome == .refusedEnvironment ? "\(answer.environment.rawValue) refused the key (\(answer.answerText))"
                                                  : "\(answer.environment.rawValue) accepted it (\(answer.answerText))"
        }
        let environments = Set(recorded.environments).subtracting(asked).union(accepting)
        if environments.isEmpty {
            let both = asked.count == APNsEnvironment.allCases.count
            return contradiction(
                both ? "both environments refused key \(keyID) (\(refused.map(\.answerText).joined(separator: ", "))): "
                    + "every APNs key works in at least one"
                     : "\(refused[0].environment.rawValue) refused key \(keyID) (\(refused[0].answerText)), the only "
                    + "environment its record names",
                remedy: both ? .checkPortal(revokedOrForeign: true) : .askOtherEnvironment(keyID: keyID))
        }
        var restriction = recorded.restriction
        var related = recorded.relatedKeyID
        let topicRefused = answers.contains { $0.outcome == .refusedTopic }
        let topicAccepted = answers.contains { $0.outcome == .accepted }
        if let topic, topicRefused {
            if topicAccepted {
                return contradiction("one environment accepted topic \(topic) with key \(keyID) and another refused "
                                     + "it (\(answers.map { "\($0.environment.rawValue): \($0.answerText)" }.joined(separator: ", ")))",
                                     remedy: .discoverAgain)
            }
            let unknownTopics = DiscoveryRemedy.lookUpTopics(keyID: keyID, topic: topic, recorded: recorded.source)
            switch restriction {
            case .team:
                return contradiction("APNs refused topic \(topic) with key \(keyID) (400 TopicDisallowed) but the "
                                     + "key is recorded as team-scoped: it is topic-specific, and its topics are unknown",
                                     remedy: unknownTopics)
            case .topics(let list) where list.contains(topic):
                let left = list.filter { $0 != topic }
                if left.isEmpty {
                    return contradiction("APNs refused topic \(topic), the only topic recorded for key \(keyID): "
                                         + "its topics are unknown", remedy: unknownTopics)
                }
                restriction = .topics(left)
                notes.append("topic \(topic) refused (400 TopicDisallowed): not one of the key's topics")
            case .topics:
                notes.append("topic \(topic) refused (400 TopicDisallowed), as recorded")
            }
        } else if let topic, case .topics(let list) = restriction, !list.contains(topic) {
            restriction = .topics(list + [topic])
            notes.append("topic \(topic) accepted: one of the key's topics")
        }
        if environments.count > 1, case .topics = restriction {
            if topicRefused {
                return contradiction("key \(keyID) works in both environments yet refused topic \(topic ?? "")"
                                     + ": Apple makes no topic-specific key for both environments",
                                     remedy: .checkPortal(revokedOrForeign: false))
            }
            restriction = .team
            related = nil
            notes.append("a topic-specific record that works in both environments is team-scoped (Apple makes "
                         + "topic-specific keys for one environment)")
        }
        let learnt: KeyScope
        do {
            learnt = try KeyScope(environments: Array(environments), restriction: restriction, relatedKeyID: related,
                                  source: .discovered)
        } catch {
            guard case .unsoundScope(let message, let remedy) = error else {
                return contradiction("the answers make no recordable scope: \(error)", remedy: nil)
            }
            return contradiction("the answers make no recordable scope: \(message)", remedy: .scope(remedy))
        }
        let because = notes.joined(separator: "; ")
        let sameCoverage = learnt.environments == recorded.environments && learnt.restriction == recorded.restriction
            && learnt.relatedKeyID == recorded.relatedKeyID
        // A legacy record confirmed by both environments becomes known; confirmed by one, it stays legacy.
        if sameCoverage && (recorded.source != .legacy || asked.count < APNsEnvironment.allCases.count) {
            let partial = recorded.source == .legacy
                ? "; \(Array(Set(APNsEnvironment.allCases).subtracting(asked))[0].rawValue) was not asked, so the "
                    + "scope stays legacy" : ""
            return DiscoveryConclusion(kind: .matches, scope: recorded,
                                       message: "\(because): the record already says \(recorded.summary)\(partial)",
                                       remedy: partial.isEmpty ? nil : .askBothEnvironments(keyID: keyID))
        }
        return DiscoveryConclusion(kind: .learnt, scope: learnt, message: because, remedy: nil)
    }

    private static func contradiction(_ message: String, remedy: DiscoveryRemedy?) -> DiscoveryConclusion {
        DiscoveryConclusion(kind: .contradiction, scope: nil, message: message, remedy: remedy)
    }
}
