import APNsCore
import APNsModel

/// The push type a request carries, or the one APNs infers without `apns-push-type`.
public struct PushTypeChoice: Sendable, Equatable {
    /// The push type the rules apply.
    public var pushType: APNsPushType
    /// True when `apns-push-type` was absent and the type comes from the topic's suffix (or is alert).
    public var inferred: Bool

    @inlinable
    public init(pushType: APNsPushType, inferred: Bool) {
        self.pushType = pushType
        self.inferred = inferred
    }
}

/// The rules APNs applies to a push request's headers and payload, shared by the mock (which answers with them),
/// `payload check` (which predicts the answer) and the prober (which refuses to send what they refuse).
///
/// The checks, in the mock's order: push type, priority, expiration, collapse id, topic, payload. Each takes the
/// header values (nil when absent), so the mock calls them on its requests without copying their headers.
public enum PushRules {
    /// SETTINGS_MAX_HEADER_LIST_SIZE as APNs advertises it (pushy #476's frame log; docs/mock.md): a request whose
    /// header list is larger is refused, and with it the connection. The mock advertises it; device check sends no
    /// canary over it.
    public static let headerListLimit = 8000

    /// The push type sent, or without `apns-push-type` the one the topic's suffix names (`.voip` is voip,
    /// `.complication` complication, …; a bare bundle id is alert), as APNs does: Apple calls the header required
    /// only on watchOS 6+, and legacy VoIP senders omit it.
    @inlinable
    public static func pushType(header value: String?, topic: String?) throws(PushRefusal) -> PushTypeChoice {
        guard let value else {
            guard let topic, let type = pushType(ofTopic: topic) else { return PushTypeChoice(pushType: .alert, inferred: true) }
            return PushTypeChoice(pushType: type, inferred: true)
        }
        guard let pushType = APNsPushType(rawValue: value) else { throw PushRefusal(.invalidPushType(value)) }
        return PushTypeChoice(pushType: pushType, inferred: false)
    }

    /// The push type whose topic suffix `topic` ends with (longest suffix first), if any.
    @inlinable
    public static func pushType(ofTopic topic: String) -> APNsPushType? {
        APNsPushType.topicSuffix(of: topic).flatMap { suffix in APNsPushType.allCases.first { $0.topicSuffix == suffix } }
    }

    /// `apns-priority` is 1, 5 or 10, and a background push's is 5 (absent means 10).
    @inlinable
    public static func checkPriority(_ value: String?, pushType: APNsPushType) throws(PushRefusal) {
        if let value, value != "10", value != "5", value != "1" {
            throw PushRefusal(.invalidPriority(value))
        }
        if pushType == .background, value != "5" {
            throw PushRefusal(.backgroundPriority(value))
        }
    }

    /// `apns-expiration` is unix seconds; `apns-collapse-id` is at most 64 bytes.
    @inlinable
    public static func checkExpirationAndCollapseID(expiration: String?, collapseID: String?) throws(PushRefusal) {
        if let expiration, !PushHeaderSyntax.isExpiration(expiration) {
            throw PushRefusal(.invalidExpiration(expiration))
        }
        if let collapseID, collapseID.utf8.count > 64 {
            throw PushRefusal(.collapseIDTooLong(collapseID.utf8.count))
        }
    }

    /// The topic's syntax, then its suffix against the push type: a push type with a suffix needs a topic ending
    /// in it; the others (but mdm, whose topics are free-form) go to the bare bundle id.
    @inlinable
    public static func checkTopic(_ topic: String, pushType: APNsPushType) throws(PushRefusal) {
        guard PushHeaderSyntax.isTopic(topic) else { throw PushRefusal(.invalidTopic(topic)) }
        if let suffix = pushType.topicSuffix {
            guard topic.hasSuffix(suffix), topic.count > suffix.count else {
                throw PushRefusal(.topicLacksSuffix(topic: topic, pushType: pushType))
            }
        } else if pushType != .mdm, APNsPushType.bundleID(ofTopic: topic) != topic {
            throw PushRefusal(.topicOfAnotherPushType(topic: topic, pushType: pushType,
                                                     other: Self.pushType(ofTopic: topic)))
        }
    }

    /// The payload's size: not empty, at most 4096 bytes (5120 for voip).
    @inlinable
    public static func checkPayloadSize(_ length: Int, pushType: APNsPushType) throws(PushRefusal) {
        if length == 0 { throw PushRefusal(.payloadEmpty) }
        if length > pushType.maximumPayloadBytes {
            throw PushRefusal(.payloadTooLarge(bytes: length, limit: pushType.maximumPayloadBytes, pushType: pushType))
        }
    }

    /// The payload is a JSON object (Apple documents no reason for a malformed payload; PayloadEmpty, no usable
    /// payload, is the closest and the mock's choice). Returns its members.
    @discardableResult
    public static func checkPayloadObject(_ payload: [UInt8]) throws(PushRefusal) -> [String: JSONValue] {
        guard let object = JSONValue(parsing: payload)?.object else { throw PushRefusal(.payloadNotAnObject) }
        return object
    }

    /// Every check above, in order, on a request sent with token authentication (so `apns-topic` is required).
    /// Returns the push type the request carries.
    @discardableResult
    public static func check(_ request: PushRequest) throws(PushRefusal) -> PushTypeChoice {
        let topic = request.header("apns-topic")
        let choice = try pushType(header: request.header("apns-push-type"), topic: topic)
        try checkPriority(request.header("apns-priority"), pushType: choice.pushType)
        try checkExpirationAndCollapseID(expiration: request.header("apns-expiration"),
                                         collapseID: request.header("apns-collapse-id"))
        guard let topic else { throw PushRefusal(.missingTopic) }
        try checkTopic(topic, pushType: choice.pushType)
        try checkPayloadSize(request.payload.count, pushType: choice.pushType)
        try checkPayloadObject(request.payload)
        return choice
    }
}
