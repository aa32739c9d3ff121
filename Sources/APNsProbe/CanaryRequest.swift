import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One APNs request: `POST /3/device/<token>` with the `apns-*` headers and a JSON body.
///
/// Built by ``CanaryRequest/canary(deviceToken:topic:pushType:priority:payload:)`` and checked by
/// ``CanaryCheck``; the transport sends whatever it is given, so tests can also build requests APNs must refuse.
public struct CanaryRequest: Sendable, Equatable {
    /// The default canary payload: a silent background push no user sees.
    public static let defaultPayload = Array(#"{"aps":{"content-available":1}}"#.utf8)

    public var method: String
    public var deviceToken: DeviceToken
    public var topic: String?
    public var pushType: APNsPushType?
    public var priority: Int?
    /// `apns-expiration`: 0 means deliver once, never store.
    public var expiration: Int64?
    /// `apns-id`: a fresh canonical lowercase UUID per request.
    public var apnsID: String
    public var payload: [UInt8]
    /// Headers beyond the `apns-*` ones, sent as given (tests use them for collapse ids and duplicates).
    public var extraHeaders: [(name: String, value: String)]
    /// A path other than `/3/device/<token>` (the channel management API, broadcasts: ``ChannelRequest``).
    public var pathOverride: String?
    /// The header that carries ``apnsID``: `apns-id`, or `apns-request-id` for channel calls and broadcasts.
    public var idHeader = "apns-id"

    public init(method: String = "POST", deviceToken: DeviceToken, topic: String?, pushType: APNsPushType?,
                priority: Int?, expiration: Int64? = 0, apnsID: String = CanaryRequest.freshID(),
                payload: [UInt8], extraHeaders: [(name: String, value: String)] = []) {
        self.method = method
        self.deviceToken = deviceToken
        self.topic = topic
        self.pushType = pushType
        self.priority = priority
        self.expiration = expiration
        self.apnsID = apnsID
        self.payload = payload
        self.extraHeaders = extraHeaders
    }

    /// The canary: background push type, priority 5, expiration 0, unless told otherwise.
    public static func canary(deviceToken: DeviceToken = .dummy, topic: String?, pushType: APNsPushType = .background,
                              priority: Int? = nil, payload: [UInt8] = defaultPayload) -> CanaryRequest {
        CanaryRequest(deviceToken: deviceToken, topic: topic, pushType: pushType,
                      priority: priority ?? (pushType == .background ? 5 : 10), payload: payload)
    }

    /// A new canonical `apns-id`: a lowercase 8-4-4-4-12 UUID.
    public static func freshID() -> String { UUID().uuidString.lowercased() }

    /// The request path.
    public var path: String { pathOverride ?? "/3/device/\(deviceToken.hex)" }

    /// The header lines as sent, `name: value`, in a stable order.
    public var headerLines: [String] {
        var lines: [String] = []
        if let topic { lines.append("apns-topic: \(topic)") }
        if let pushType { lines.append("apns-push-type: \(pushType.rawValue)") }
        if let priority { lines.append("apns-priority: \(priority)") }
        if let expiration { lines.append("apns-expiration: \(expiration)") }
        lines.append("\(idHeader): \(apnsID)")
        for header in extraHeaders { lines.append("\(header.name): \(header.value)") }
        return lines
    }

    public static func == (lhs: CanaryRequest, rhs: CanaryRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.headerLines == rhs.headerLines
            && lhs.payload == rhs.payload
    }
}
