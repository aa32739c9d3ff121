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
        guard let suffix = topicSuffix(of: topic) else { return topic }
        return String(decoding: topic.utf8.dropLast(suffix.utf8.count), as: UTF8.self)
    }

    /// The longest of ``allSuffixes`` that `topic` ends with and is longer than, if any. Compared as UTF-8 bytes:
    /// the suffixes are ASCII and start with `.`, which no combining mark can attach to, so the bytes end with a
    /// suffix exactly when the characters do (the mock asks this of every request's topic).
    public static func topicSuffix(of topic: String) -> String? {
        let bytes = topic.utf8
        return allSuffixes.first { suffix in
            bytes.count > suffix.utf8.count && bytes.reversed().starts(with: suffix.utf8.reversed())
        }
    }
}
