import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the mock answers to one request, and why.
public struct MockResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// The failure reason; nil for 200.
    public var reason: APNsReason?
    /// The `apns-id` header: the request's, or a generated lowercase UUID.
    public var apnsID: String
    /// The `apns-unique-id` header (development environment, successful pushes only).
    public var uniqueID: String?
    /// For 410: when the device token stopped being valid, milliseconds since 1970.
    public var timestamp: Int64?
    /// A human explanation for the log (never sent to the client: APNs sends only the reason).
    public var detail: String
    /// How the request authenticated, for the log.
    public var authentication: MockAuthentication
    /// The name of the header that carries ``apnsID``: `apns-id` for pushes, `apns-request-id` for the channel
    /// management API and broadcast pushes.
    public var idHeader = "apns-id"
    /// Headers beyond the id and `date` (`apns-channel-id` for a created channel).
    public var headers: [MockHeader] = []
    /// A success body (a channel's configuration, the channel list); nil for the usual empty body or reason.
    public var content: [UInt8]?

    public init(status: Int, reason: APNsReason?, apnsID: String, uniqueID: String? = nil, timestamp: Int64? = nil,
                detail: String = "", authentication: MockAuthentication = .none) {
        self.status = status
        self.reason = reason
        self.apnsID = apnsID
        self.uniqueID = uniqueID
        self.timestamp = timestamp
        self.detail = detail
        self.authentication = authentication
    }

    /// The response body: empty for success (or ``content``), `{"reason":…}` (plus `"timestamp"` for 410) otherwise.
    public var body: [UInt8] {
        if reason == nil, let content { return content }
        guard let reason else { return [] }
        if let timestamp {
            return Array(#"{"reason":"\#(reason.rawValue)","timestamp":\#(timestamp)}"#.utf8)
        }
        return Array(#"{"reason":"\#(reason.rawValue)"}"#.utf8)
    }
}

/// How a request proved who sent it.
public enum MockAuthentication: Sendable, Equatable {
    /// Neither a token nor a client certificate (or not checked yet).
    case none
    /// A provider token with this key id and team id (as claimed; see the response status for whether it held).
    case token(keyID: String, teamID: String)
    /// A TLS client certificate naming this topic (its subject UID or first topic).
    case certificate(subject: String)

    /// `none`, `token` or `certificate`.
    public var kind: String {
        switch self {
        case .none: return "none"
        case .token: return "token"
        case .certificate: return "certificate"
        }
    }
}
