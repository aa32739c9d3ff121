import APNsCore
import APNsOperations
import APNsPushRules

/// A canary the push rules refuse, worded with the probe's flags (nothing was sent: exit 2).
extension PushRefusal: UserFacingError {
    var presented: APNsError {
        switch kind {
        case .payloadEmpty:
            return .usage("the payload is empty", hint: #"APNs needs a JSON object such as {"aps":{"content-available":1}}"#)
        case .payloadTooLarge(let bytes, let limit, let pushType):
            return .usage("the payload is \(bytes) bytes; APNs takes at most \(limit) for \(pushType.rawValue) pushes",
                          hint: "shorten the payload (APNs would answer 413 PayloadTooLarge)")
        case .payloadNotAnObject:
            return .usage("the payload is not a JSON object",
                          hint: #"pass --payload '{"aps":{…}}' or --payload @FILE with a JSON object"#)
        case .invalidPriority(let value):
            return .usage("--priority \(value): APNs takes 10 (immediate), 5 (power-aware) or 1 (lowest)")
        case .backgroundPriority(let value):
            return .usage("background pushes must use priority 5, not \(value ?? "10")",
                          hint: "drop --priority, or pass --priority 5 (APNs refuses priority 10 for content-available-only pushes)")
        case .missingTopic:
            return .usage("no --topic: token authentication needs the app's bundle id as the topic",
                          hint: "pass --topic com.example.app (with the suffix the push type needs)")
        case .invalidTopic(let topic):
            return .usage("--topic \(topic): not a topic (letters, digits, '.', '-' and '_', no empty label)",
                          hint: "pass the app's bundle id, with the suffix the push type needs")
        case .topicLacksSuffix(let topic, let pushType):
            let suffix = pushType.topicSuffix ?? ""
            return .usage("--push-type \(pushType.rawValue) needs a topic ending in \(suffix), not \(topic)",
                          hint: "use --topic <bundle id>\(suffix)")
        case .topicOfAnotherPushType(let topic, let pushType, let other):
            let named = other.map { "a \($0.rawValue) topic" } ?? "not a bare bundle id"
            let suffix = other?.topicSuffix ?? ""
            return .usage("--topic \(topic) is \(named), but the push type is \(pushType.rawValue)",
                          hint: "use --push-type \(other?.rawValue ?? "mdm"), or the bare bundle id without \(suffix)")
        case .invalidPushType, .invalidExpiration, .collapseIDTooLong:
            return .usage(detail, hint: "APNs would answer \(status) \(reason.rawValue)")
        }
    }
}

extension PayloadCheckError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .notText(let path):
            return .badInput("\(path == "-" ? "standard input" : path): not UTF-8 text",
                             hint: #"give a JSON Lines file: one {"headers": {…}, "payload": {…}} a line"#)
        }
    }
}
