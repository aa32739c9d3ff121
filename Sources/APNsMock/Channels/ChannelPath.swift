/// The paths of the channel management API and of broadcast pushes, parsed. Pure.
enum ChannelPath: Equatable {
    /// `/1/apps/<bundle id>/channels`: create (POST), read (GET) and delete (DELETE) one channel.
    case channels(bundleID: String)
    /// `/1/apps/<bundle id>/all-channels`: list every channel (GET).
    case allChannels(bundleID: String)

    /// The management route for `path` (a query string is ignored); nil for any other path or a bundle id that is
    /// not a topic.
    init?(_ path: String) {
        let segments = Self.segments(path)
        guard segments.count == 4, segments[0] == "1", segments[1] == "apps", HeaderSyntax.isTopic(segments[2])
        else { return nil }
        switch segments[3] {
        case "channels": self = .channels(bundleID: segments[2])
        case "all-channels": self = .allChannels(bundleID: segments[2])
        default: return nil
        }
    }

    var bundleID: String {
        switch self {
        case .channels(let bundleID), .allChannels(let bundleID): return bundleID
        }
    }

    /// The methods the route answers.
    var methods: [String] {
        switch self {
        case .channels: return ["POST", "GET", "DELETE"]
        case .allChannels: return ["GET"]
        }
    }

    /// True when `path` is under `/4/broadcasts/` (the broadcast push API on the push listener).
    static func isBroadcast(_ path: String) -> Bool {
        path.hasPrefix("/4/broadcasts/") || path == "/4/broadcasts"
    }

    /// The bundle id of a broadcast push path `/4/broadcasts/apps/<bundle id>`; nil for any other shape.
    static func broadcastBundleID(_ path: String) -> String? {
        let parts = Self.segments(path)
        guard parts.count == 4, parts[0] == "4", parts[1] == "broadcasts", parts[2] == "apps",
              HeaderSyntax.isTopic(parts[3]) else { return nil }
        return parts[3]
    }

    /// The bundle id named by a management or broadcast path, for the log; nil for other paths.
    static func bundleID(inPath path: String) -> String? {
        ChannelPath(path)?.bundleID ?? broadcastBundleID(path)
    }

    private static func segments(_ path: String) -> [String] {
        let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard bare.hasPrefix("/") else { return [] }
        return bare.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }
}
