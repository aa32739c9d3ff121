import APNsCore
import APNsModel

/// What one environment's answer to a discovery canary says about the key that signed it. Pure.
///
/// The canary carries a made-up device token, so an answer about the device token means APNs accepted the key.
public enum DiscoveryOutcome: String, Sendable, Codable, CaseIterable {
    /// The environment accepted the key: `400 BadDeviceToken`, `200`, `410 Unregistered`/`ExpiredToken` or
    /// `400 DeviceTokenNotForTopic` (each says something about the device token, so the token was accepted).
    case accepted
    /// The environment refused the key: `403 BadEnvironmentKeyIdInToken` (or APNs's other spelling,
    /// `BadEnvironmentKeyInToken`).
    case refusedEnvironment = "refused_environment"
    /// The key authenticated but does not cover the topic the user named: `400 TopicDisallowed` with `--topic`.
    case refusedTopic = "refused_topic"
    /// Not an answer about the key's scope: `InvalidProviderToken`, `ExpiredProviderToken`, `429`, `5xx`, no
    /// answer at all (DNS, TCP, TLS, timeout), or `TopicDisallowed` for a topic the user did not name.
    case inconclusive
}

/// One environment's answer to a discovery canary, classified.
public struct DiscoveryAnswer: Sendable, Equatable {
    /// The environment the server plays.
    public var environment: APNsEnvironment
    /// The HTTP status; nil when no answer came.
    public var status: Int?
    /// The `reason` of the answer's body, if any.
    public var reason: String?
    /// Why no answer came (a transport failure), when `status` is nil.
    public var failure: String?
    /// What the answer means for the key's scope.
    public var outcome: DiscoveryOutcome
    /// Why an inconclusive answer says nothing (empty otherwise).
    public var why: String

    /// Classifies an answer; `topicGiven` says whether the user named the canary's topic (`--topic`).
    public init(environment: APNsEnvironment, status: Int?, reason: String?, failure: String? = nil,
                topicGiven: Bool) {
        self.environment = environment
        self.status = status
        self.reason = reason
        self.failure = status == nil ? (failure ?? "no answer") : nil
        (outcome, why) = Self.classify(status: status, reason: reason, failure: self.failure, topicGiven: topicGiven)
    }

    /// True when no HTTP answer came (DNS, TCP, TLS, timeout): the server was not reachable.
    public var unreachable: Bool { status == nil }

    /// "400 BadDeviceToken", "200", or "no answer (<failure>)".
    public var answerText: String {
        guard let status else { return "no answer (\(failure ?? "unknown failure"))" }
        return [String(status), reason].compactMap { $0 }.joined(separator: " ")
    }

    /// "accepted (400 BadDeviceToken)", "refused (403 BadEnvironmentKeyInToken)",
    /// "accepted, topic refused (400 TopicDisallowed)", "inconclusive (403 InvalidProviderToken: …)",
    /// "unreachable (Could not resolve host: …)".
    public var line: String {
        switch outcome {
        case .accepted: return "accepted (\(answerText))"
        case .refusedEnvironment: return "refused (\(answerText))"
        case .refusedTopic: return "accepted, topic refused (\(answerText))"
        case .inconclusive where unreachable: return "unreachable (\(failure ?? "no answer"))"
        case .inconclusive: return "inconclusive (\(answerText): \(why))"
        }
    }

    /// The outcome of an answer, and why an inconclusive one says nothing. Pure.
    public static func classify(status: Int?, reason: String?, failure: String? = nil,
                                topicGiven: Bool) -> (DiscoveryOutcome, String) {
        guard let status else {
            return (.inconclusive, "the server was not reachable, so it said nothing about the key")
        }
        let known = reason.flatMap(APNsReason.init(rawValue:))
        switch (status, known) {
        case (200, _), (400, .badDeviceToken?), (400, .deviceTokenNotForTopic?), (410, .unregistered?),
             (410, .expiredToken?):
            return (.accepted, "")
        case (403, .badEnvironmentKeyIdInToken?), (403, .badEnvironmentKeyInToken?):
            return (.refusedEnvironment, "")
        case (400, .topicDisallowed?) where topicGiven:
            return (.refusedTopic, "")
        case (400, .topicDisallowed?):
            return (.inconclusive, "the canary's topic was not one the user named; name one of the team's topics "
                        + "for the canary")
        case (403, .invalidProviderToken?):
            return (.inconclusive, "APNs does not accept the token at all (unknown or revoked key, wrong team)")
        case (403, .expiredProviderToken?):
            return (.inconclusive, "the token's iat looks stale to APNs: check this machine's clock")
        case (403, .unrelatedKeyIdInToken?):
            return (.inconclusive, "the connection was bound to another key; a fresh connection is needed")
        case (429, _):
            return (.inconclusive, "APNs is limiting requests; try again later")
        case (500..., _):
            return (.inconclusive, "APNs could not answer; try again later")
        default:
            return (.inconclusive, "not an answer about the key's scope")
        }
    }
}
