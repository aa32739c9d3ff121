/// The listeners a ``MockAPNsServer`` runs: pushes (and broadcast pushes) on one port, the broadcast channel
/// management API on another (``MockServerConfiguration/channelsPort``), as APNs does.
public enum MockListener: String, Sendable, Equatable {
    /// `/3/device/<token>` and `/4/broadcasts/apps/<bundle id>`.
    case push
    /// `/1/apps/<bundle id>/channels` and `/1/apps/<bundle id>/all-channels`.
    case channels
}
