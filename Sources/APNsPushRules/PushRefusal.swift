import APNsModel

/// What is wrong with a request APNs would refuse before looking at its device token: one case per rule, with
/// the values the rule looked at, so a caller can word it (the CLI names its own flags).
public enum PushRefusalKind: Sendable, Equatable {
    /// `apns-push-type` is not a push type.
    case invalidPushType(String)
    /// `apns-priority` is not 1, 5 or 10.
    case invalidPriority(String)
    /// A background push with a priority other than 5 (nil: the header was absent, so APNs's default 10).
    case backgroundPriority(String?)
    /// `apns-expiration` is not unix seconds.
    case invalidExpiration(String)
    /// `apns-collapse-id` is over 64 bytes (its length in bytes).
    case collapseIDTooLong(Int)
    /// No `apns-topic` (required with token authentication).
    case missingTopic
    /// `apns-topic` is not a topic's syntax.
    case invalidTopic(String)
    /// The push type needs a topic ending in its suffix.
    case topicLacksSuffix(topic: String, pushType: APNsPushType)
    /// The push type goes to the bare bundle id, but the topic carries another push type's suffix (`other`).
    case topicOfAnotherPushType(topic: String, pushType: APNsPushType, other: APNsPushType?)
    /// The payload is empty.
    case payloadEmpty
    /// The payload is over the push type's limit.
    case payloadTooLarge(bytes: Int, limit: Int, pushType: APNsPushType)
    /// The payload is not a JSON object.
    case payloadNotAnObject
}

/// A request APNs would refuse: the status and reason it would answer, the rule, and the mock's words for it.
public struct PushRefusal: Error, Sendable, Equatable {
    /// The rule that refused the request.
    public var kind: PushRefusalKind

    @inlinable
    public init(_ kind: PushRefusalKind) {
        self.kind = kind
    }

    /// The reason APNs answers (its status is ``status``).
    public var reason: APNsReason {
        switch kind {
        case .invalidPushType: return .invalidPushType
        case .invalidPriority, .backgroundPriority: return .badPriority
        case .invalidExpiration: return .badExpirationDate
        case .collapseIDTooLong: return .badCollapseId
        case .missingTopic: return .missingTopic
        case .invalidTopic, .topicLacksSuffix, .topicOfAnotherPushType: return .badTopic
        case .payloadEmpty, .payloadNotAnObject: return .payloadEmpty
        case .payloadTooLarge: return .payloadTooLarge
        }
    }

    /// The HTTP status APNs answers.
    public var status: Int { reason.status }

    /// The rule's stable snake_case name.
    public var rule: String {
        switch kind {
        case .invalidPushType: return "invalid_push_type"
        case .invalidPriority: return "invalid_priority"
        case .backgroundPriority: return "background_priority"
        case .invalidExpiration: return "invalid_expiration"
        case .collapseIDTooLong: return "collapse_id_too_long"
        case .missingTopic: return "missing_topic"
        case .invalidTopic: return "invalid_topic"
        case .topicLacksSuffix: return "topic_lacks_suffix"
        case .topicOfAnotherPushType: return "topic_of_another_push_type"
        case .payloadEmpty: return "payload_empty"
        case .payloadTooLarge: return "payload_too_large"
        case .payloadNotAnObject: return "payload_not_an_object"
        }
    }

    /// What is wrong, in the mock's words (its log's `detail`); names headers, never a flag.
    public var detail: String {
        switch kind {
        case .invalidPushType(let value):
            return "apns-push-type \(value) is not a push type"
        case .invalidPriority(let value):
            return "apns-priority \(value) is not 1, 5 or 10"
        case .backgroundPriority(let value):
            return "background pushes need apns-priority 5, not \(value ?? "the default 10")"
        case .invalidExpiration(let value):
            return "apns-expiration \(value) is not unix seconds"
        case .collapseIDTooLong(let bytes):
            return "apns-collapse-id is \(bytes) bytes (limit 64)"
        case .missingTopic:
            return "apns-topic is required with token authentication"
        case .invalidTopic(let topic):
            return "apns-topic \(topic) is not a valid topic"
        case .topicLacksSuffix(let topic, let pushType):
            return "\(pushType.rawValue) pushes need a topic ending in \(pushType.topicSuffix ?? ""), not \(topic)"
        case .topicOfAnotherPushType(let topic, let pushType, _):
            return "\(pushType.rawValue) pushes go to the bare bundle id, not \(topic)"
        case .payloadEmpty:
            return "the payload is empty"
        case .payloadTooLarge(let bytes, let limit, let pushType):
            return "payload is \(bytes) bytes (limit \(limit) for \(pushType.rawValue))"
        case .payloadNotAnObject:
            return "the payload is not a JSON object"
        }
    }
}
