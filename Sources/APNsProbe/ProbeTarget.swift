#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APNsCore
import APNsModel

/// Where a canary goes: a host and port, and the APNs environment they belong to when known.
public struct ProbeTarget: Sendable, Equatable, Codable {
    /// The host name or address to connect to.
    public var host: String
    /// The TCP port.
    public var port: Int
    /// The APNs environment, when the host is Apple's (or `--env` named one); nil for another server.
    public var environment: APNsEnvironment?

    public init(host: String, port: Int, environment: APNsEnvironment?) {
        self.host = host
        self.port = port
        self.environment = environment
    }

    /// True for Apple's own hosts (`*.push.apple.com`); false for a mock, a proxy or an address.
    public var isApple: Bool { host.lowercased().hasSuffix(".push.apple.com") }

    /// The ports the HTTP/2 provider API listens on.
    public static let providerPorts = [443, 2197]

    /// `https://host:port` with IPv6 literals bracketed.
    public var origin: String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "https://\(shown):\(port)"
    }

    /// Resolves `--env`, `--host` and `--port` into a target.
    ///
    /// `--env` alone picks Apple's host for that environment on 443; `--port` may be 443 or 2197 for Apple's hosts.
    /// `--host` names another server (a mock, a proxy); its port defaults to 443. Hosts and ports of the retired
    /// binary interface are refused with what to use instead.
    public static func resolve(environment: APNsEnvironment?, host: String?, port: Int?) throws -> ProbeTarget {
        if let port, !(1...65535).contains(port) {
            throw TargetError.notAPort(port, channels: false)
        }
        if let host {
            let trimmed = host.trimmingSpaces()
            if trimmed.isEmpty || trimmed.contains("/") || trimmed.contains(" ") {
                throw TargetError.notAHostName(host)
            }
            if let retired = RetiredInterface.recognise(host: trimmed, port: port) {
                throw TargetError.retired(retired)
            }
            if ChannelTarget.isManagementHost(trimmed) {
                throw TargetError.managementHostForPushes(host)
            }
            let known = APNsEnvironment.allCases.first { $0.host == trimmed.lowercased() }
                ?? (trimmed.lowercased() == "api.development.push.apple.com" ? .development : nil)
            if let known, let environment, known != environment {
                throw TargetError.hostContradictsEnvironment(host: host, known: known, environment: environment,
                                                             channels: false)
            }
            let resolvedPort = port ?? 443
            if known != nil, !providerPorts.contains(resolvedPort) {
                throw TargetError.notAnAPNsPort(resolvedPort, hostNamed: true)
            }
            return ProbeTarget(host: trimmed, port: resolvedPort, environment: known ?? environment)
        }
        if let port, let retired = RetiredInterface.recognise(host: nil, port: port, environment: environment) {
            throw TargetError.retired(retired)
        }
        let env = environment ?? .development
        let resolvedPort = port ?? 443
        guard providerPorts.contains(resolvedPort) else {
            throw TargetError.notAnAPNsPort(resolvedPort, hostNamed: false)
        }
        return ProbeTarget(host: env.host, port: resolvedPort, environment: env)
    }
}

/// The binary provider interface and feedback service Apple retired in 2021: recognised in old configuration.
public enum RetiredInterface: Sendable, Equatable {
    /// `gateway[.sandbox].push.apple.com:2195`: the binary notification gateway.
    case gateway(APNsEnvironment)
    /// `feedback[.sandbox].push.apple.com:2196`: the feedback service.
    case feedback(APNsEnvironment)

    /// Recognises a retired host, or the retired ports 2195/2196 when no host (or an Apple host) is given.
    /// Without a host, `environment` (from `--env`) says which one was meant.
    public static func recognise(host: String?, port: Int?, environment: APNsEnvironment? = nil) -> RetiredInterface? {
        let name = host?.lowercased().trimming(".") ?? ""
        let env: APNsEnvironment = host == nil ? (environment ?? .production)
            : (name.contains("sandbox") ? .development : .production)
        if name.hasPrefix("gateway"), name.hasSuffix("push.apple.com") { return .gateway(env) }
        if name.hasPrefix("feedback"), name.hasSuffix("push.apple.com") { return .feedback(env) }
        // The channel management hosts use 2195/2196 too: they are current, not the retired gateway.
        if ChannelTarget.isManagementHost(name) { return nil }
        let appleOrNone = host == nil || name.hasSuffix("push.apple.com")
        if appleOrNone, port == 2195 { return .gateway(env) }
        if appleOrNone, port == 2196 { return .feedback(env) }
        return nil
    }

    /// What was retired, and when.
    public var message: String {
        switch self {
        case .gateway(let env):
            return "the binary provider interface (gateway\(env == .development ? ".sandbox" : "").push.apple.com:2195) was retired by Apple in 2021"
        case .feedback(let env):
            return "the feedback service (feedback\(env == .development ? ".sandbox" : "").push.apple.com:2196) was retired by Apple in 2021"
        }
    }
}
