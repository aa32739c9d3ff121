import APNsModel

/// A server address refused before anything is sent (a usage error): which value is wrong and what the server
/// named is instead. The command line words it with its options (`--env`, `--host`, `--port`).
public enum TargetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A port outside 1…65535 (`channels`: asked for the channel management API).
    case notAPort(Int, channels: Bool)
    /// Text that is not a host name.
    case notAHostName(String)
    /// `host` is Apple's host for `known` but the environment asked is `environment` (`channels`: a management host).
    case hostContradictsEnvironment(host: String, known: APNsEnvironment, environment: APNsEnvironment, channels: Bool)
    /// A port Apple's push hosts do not listen on (`hostNamed`: an Apple host was named; else the default one).
    case notAnAPNsPort(Int, hostNamed: Bool)
    /// A channel management host asked for pushes.
    case managementHostForPushes(String)
    /// Apple's management `host` listens on `expected` only (`hostNamed`: the host was named; else implied).
    case managementPortOnly(Int, host: String, expected: Int, hostNamed: Bool)
    /// Apple's push host for `environment` named for channel management, which lives at `managementHost`.
    case pushHostForChannels(String, environment: APNsEnvironment, managementHost: String, managementPort: Int)
    /// The retired binary interface or feedback service.
    case retired(RetiredInterface)

    /// The refusal, naming the value and no option.
    public var description: String {
        switch self {
        case .notAPort(let port, _): return "port \(port): not a TCP port"
        case .notAHostName(let host): return "host \(host): not a host name"
        case .hostContradictsEnvironment(let host, let known, let environment, let channels):
            return "host \(host) is the \(known.rawValue) \(channels ? "management " : "")host but the environment "
                + "asked is \(environment.rawValue)"
        case .notAnAPNsPort(let port, _): return "port \(port): APNs listens on 443 or 2197 only"
        case .managementHostForPushes(let host): return "host \(host) is a broadcast channel management host, not a push host"
        case .managementPortOnly(let port, let host, let expected, _): return "port \(port): \(host) listens on \(expected) only"
        case .pushHostForChannels(let host, let environment, _, _):
            return "host \(host) is the \(environment.rawValue) push host, not the channel management host"
        case .retired(let interface): return interface.message
        }
    }
}
