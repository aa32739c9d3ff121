import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The checks made before a canary is sent: combinations APNs would refuse are refused here, with a hint.
public enum CanaryCheck {
    /// Throws a usage error (exit 2) for the first thing wrong with `request`.
    ///
    /// - the payload is JSON (an object), not empty, and at most 4096 bytes (5120 for voip);
    /// - the priority is 1, 5 or 10, and `background` uses 5;
    /// - the topic carries the suffix the push type needs (`.voip`, `.complication`, …);
    /// - with token authentication (`topicRequired`) a topic is given.
    public static func validate(_ request: CanaryRequest, topicRequired: Bool) throws {
        let pushType = request.pushType ?? .alert
        if request.payload.isEmpty {
            throw APNsError.usage("the payload is empty", hint: #"APNs needs a JSON object such as {"aps":{"content-available":1}}"#)
        }
        if request.payload.count > pushType.maximumPayloadBytes {
            throw APNsError.usage(
                "the payload is \(request.payload.count) bytes; APNs takes at most \(pushType.maximumPayloadBytes) for \(pushType.rawValue) pushes",
                hint: "shorten the payload (APNs would answer 413 PayloadTooLarge)")
        }
        guard JSONValue(parsing: request.payload)?.object != nil else {
            throw APNsError.usage("the payload is not a JSON object",
                                  hint: #"pass --payload '{"aps":{…}}' or --payload @FILE with a JSON object"#)
        }
        if let priority = request.priority, ![1, 5, 10].contains(priority) {
            throw APNsError.usage("--priority \(priority): APNs takes 10 (immediate), 5 (power-aware) or 1 (lowest)")
        }
        if pushType == .background, let priority = request.priority, priority != 5 {
            throw APNsError.usage("background pushes must use priority 5, not \(priority)",
                                  hint: "drop --priority, or pass --priority 5 (APNs refuses priority 10 for content-available-only pushes)")
        }
        if topicRequired, request.topic?.isEmpty ?? true {
            throw APNsError.usage("no --topic: token authentication needs the app's bundle id as the topic",
                                  hint: "pass --topic com.example.app (with the suffix the push type needs)")
        }
        if let topic = request.topic {
            try checkTopic(topic, for: pushType)
        }
    }

    /// The topic must end with the push type's suffix; topics of other push types are refused for alert/background.
    static func checkTopic(_ topic: String, for pushType: APNsPushType) throws {
        if let suffix = pushType.topicSuffix {
            if !topic.hasSuffix(suffix) || topic.count == suffix.count {
                throw APNsError.usage("--push-type \(pushType.rawValue) needs a topic ending in \(suffix), not \(topic)",
                                      hint: "use --topic <bundle id>\(suffix)")
            }
            return
        }
        if pushType == .mdm { return }
        if let other = APNsPushType.allCases.first(where: { ($0.topicSuffix.map { topic.hasSuffix($0) }) ?? false }),
           let suffix = other.topicSuffix {
            throw APNsError.usage("--topic \(topic) is a \(other.rawValue) topic, but the push type is \(pushType.rawValue)",
                                  hint: "use --push-type \(other.rawValue), or the bare bundle id without \(suffix)")
        }
    }
}
