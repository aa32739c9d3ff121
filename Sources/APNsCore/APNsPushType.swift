/// The values of the `apns-push-type` header, with the topic suffix and payload limit each implies.
///
/// The one definition shared by the prober (checks before sending) and the mock (validation).
public enum APNsPushType: String, Sendable, CaseIterable, Codable {
    case alert, background, voip, complication, fileprovider, mdm, liveactivity, location, pushtotalk, widgets

    /// The suffix `apns-topic` must end with for this push type; nil when the topic is the bare bundle id
    /// (alert, background) or free-form (mdm).
    public var topicSuffix: String? {
        switch self {
        case .voip: return ".voip"
        case .complication: return ".complication"
        case .fileprovider: return ".pushkit.fileprovider"
        case .liveactivity: return ".push-type.liveactivity"
        case .location: return ".location-query"
        case .pushtotalk: return ".voip-ptt"
        case .widgets: return ".push-type.widgets"
        case .alert, .background, .mdm: return nil
        }
    }

    /// The largest payload APNs accepts for this push type, in bytes (5120 for voip, else 4096).
    public var maximumPayloadBytes: Int { self == .voip ? 5120 : 4096 }

    /// The topic a push of this type to `bundleID` must carry.
    public func topic(forBundleID bundleID: String) -> String { bundleID + (topicSuffix ?? "") }

    /// Every topic suffix some push type requires, longest first.
    public static let allSuffixes: [String] = allCases.compactMap(\.topicSuffix).sorted { $0.count > $1.count }

    /// The bundle id a topic names: the topic without any push-type suffix.
    public static func bundleID(ofTopic topic: String) -> String {
        for suffix in allSuffixes where topic.hasSuffix(suffix) && topic.count > suffix.count {
            return String(topic.dropLast(suffix.count))
        }
        return topic
    }
}
