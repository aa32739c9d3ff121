import APNsCore
import APNsModel
import APNsPushRules

/// The checks made before a canary is sent: the shared push rules (``PushRules``, the mock's and `payload check`'s),
/// so what APNs would refuse is refused here, and Apple's advice (``PushAdvice``) as warnings.
public enum CanaryCheck {
    /// Throws the first ``PushRefusal`` for `request`, in the mock's order: push type, priority, topic (required
    /// with token authentication, `topicRequired`), payload size, payload a JSON object. Returns the warnings.
    @discardableResult
    public static func validate(_ request: CanaryRequest, topicRequired: Bool) throws(PushRefusal) -> [PushWarning] {
        let topic = request.topic.flatMap { $0.isEmpty ? nil : $0 }
        let choice = try PushRules.pushType(header: request.pushType?.rawValue, topic: topic)
        try PushRules.checkPriority(request.priority.map(String.init), pushType: choice.pushType)
        if let topic {
            try PushRules.checkTopic(topic, pushType: choice.pushType)
        } else if topicRequired {
            throw PushRefusal(.missingTopic)
        }
        try PushRules.checkPayloadSize(request.payload.count, pushType: choice.pushType)
        try PushRules.checkPayloadObject(request.payload)
        return PushAdvice.warnings(request.pushRequest, choice: choice)
    }
}

extension CanaryRequest {
    /// The request as the push rules see it: its `apns-*` headers and payload.
    public var pushRequest: PushRequest {
        var headers: [String: String] = [:]
        headers["apns-topic"] = topic
        headers["apns-push-type"] = pushType?.rawValue
        headers["apns-priority"] = priority.map(String.init)
        headers["apns-expiration"] = expiration.map(String.init)
        return PushRequest(headers: headers, payload: payload)
    }
}
