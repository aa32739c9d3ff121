import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The broadcast channel management calls, as requests for ``HTTP2Transport`` (docs/channels.md).
public enum ChannelRequest {
    /// `message-storage-policy`: what APNs keeps for devices that are offline.
    public enum Storage: String, Sendable, CaseIterable, Codable {
        /// 0: nothing is stored.
        case noStorage = "none"
        /// 1: the most recent message is stored.
        case mostRecent = "most-recent"

        /// The policy's number on the wire.
        public var policy: Int { self == .noStorage ? 0 : 1 }

        /// The storage for a policy number APNs returned; nil for a number it does not document.
        public init?(policy: Int) {
            switch policy {
            case 0: self = .noStorage
            case 1: self = .mostRecent
            default: return nil
            }
        }
    }

    /// `POST /1/apps/<bundle id>/channels` with `{"message-storage-policy": N, "push-type": "LiveActivity"}`.
    public static func create(bundleID: String, storage: Storage) -> CanaryRequest {
        request("POST", "/1/apps/\(bundleID)/channels",
                payload: Array(#"{"message-storage-policy":\#(storage.policy),"push-type":"LiveActivity"}"#.utf8))
    }

    /// `GET /1/apps/<bundle id>/channels` with `apns-channel-id`: the channel's configuration.
    public static func read(bundleID: String, channelID: String) -> CanaryRequest {
        request("GET", "/1/apps/\(bundleID)/channels", channelID: channelID)
    }

    /// `DELETE /1/apps/<bundle id>/channels` with `apns-channel-id`.
    public static func delete(bundleID: String, channelID: String) -> CanaryRequest {
        request("DELETE", "/1/apps/\(bundleID)/channels", channelID: channelID)
    }

    /// `GET /1/apps/<bundle id>/all-channels`: every channel id of the app in the environment.
    public static func list(bundleID: String) -> CanaryRequest {
        request("GET", "/1/apps/\(bundleID)/all-channels")
    }

    /// `POST /4/broadcasts/apps/<bundle id>` on the push host: a Live Activity update to every subscriber.
    public static func broadcast(bundleID: String, channelID: String, payload: [UInt8], priority: Int = 10,
                                 expiration: Int64 = 0) -> CanaryRequest {
        var request = Self.request("POST", "/4/broadcasts/apps/\(bundleID)", channelID: channelID, payload: payload)
        request.pushType = .liveactivity
        request.priority = priority
        request.expiration = expiration
        return request
    }

    private static func request(_ method: String, _ path: String, channelID: String? = nil,
                                payload: [UInt8] = []) -> CanaryRequest {
        var request = CanaryRequest(method: method, deviceToken: .dummy, topic: nil, pushType: nil, priority: nil,
                                    expiration: nil, payload: payload,
                                    extraHeaders: channelID.map { [(name: "apns-channel-id", value: $0)] } ?? [])
        request.pathOverride = path
        request.idHeader = "apns-request-id"
        return request
    }
}
