import APNsCore

/// What to do when the mock cannot start, as a value: the command line words it with `mock serve`'s options
/// (``APNsError/remedy``).
public enum MockRemedy: Remedy, Equatable {
    /// The client CA file does not hold readable PEM certificates.
    case giveClientCA
    /// The channel management port cannot be listened on.
    case pickChannelsPort
    /// The TLS certificate and key cannot be used.
    case giveTLSIdentity
    /// Another process listens on `port`.
    case portInUse(port: Int)
    /// A port below 1024 without the privilege.
    case privilegedPort
    /// The address cannot be listened on.
    case pickHostOrPort
    /// The host name does not resolve.
    case resolvableHost
}
