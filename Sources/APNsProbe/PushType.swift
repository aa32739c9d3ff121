/// The `apns-push-type` values APNs accepts, with the topic each one needs.
public enum PushType: String, Sendable, Codable, CaseIterable {
    case alert, background, voip, complication, fileprovider, mdm, liveactivity, location, pushtotalk, widgets

    /// The suffix `apns-topic` must carry for this push type (after the bundle id), or nil when the topic is
    /// the bare bundle id (`mdm` uses the MDM certificate's own topic).
    public var topicSuffix: String? {
        switch self {
        case .alert, .background, .mdm: return nil
        case .voip: return ".voip"
        case .complication: return ".complication"
        case .fileprovider: return ".pushkit.fileprovider"
        case .liveactivity: return ".push-type.liveactivity"
        case .location: return ".location-query"
        case .pushtotalk: return ".voip-ptt"
        case .widgets: return ".push-type.widgets"
        }
    }

    /// The largest payload APNs accepts for this push type, in bytes.
    public var maximumPayloadBytes: Int { self == .voip ? 5120 : 4096 }
}
