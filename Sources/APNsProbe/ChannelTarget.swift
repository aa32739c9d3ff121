import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the broadcast channel management API is: `api-manage-broadcast.sandbox.push.apple.com:2195` (development)
/// and `api-manage-broadcast.push.apple.com:2196` (production), or another server (a mock) with `--host/--port`.
public enum ChannelTarget {
    /// The management host of `environment`.
    public static func host(_ environment: APNsEnvironment) -> String {
        environment == .development ? "api-manage-broadcast.sandbox.push.apple.com" : "api-manage-broadcast.push.apple.com"
    }

    /// The management port of `environment`: 2195 development, 2196 production.
    public static func port(_ environment: APNsEnvironment) -> Int { environment == .development ? 2195 : 2196 }

    /// True for either management host (any case, trailing dot allowed).
    public static func isManagementHost(_ name: String) -> Bool {
        let bare = name.lowercased().trimming(".")
        return APNsEnvironment.allCases.contains { host($0) == bare }
    }

    /// Resolves `--env`, `--host` and `--port` for a channel management call.
    ///
    /// `--env` alone picks Apple's management host and port for it. `--host` names another server (a mock), its port
    /// defaulting to the environment's management port; Apple's management hosts listen on their own port only, and
    /// Apple's push hosts and the retired gateway are refused with what to use instead.
    public static func resolve(environment: APNsEnvironment?, host: String?, port: Int?) throws -> ProbeTarget {
        if let port, !(1...65535).contains(port) {
            throw TargetError.notAPort(port, channels: true)
        }
        guard let host else {
            let env = environment ?? .development
            if let port, port != Self.port(env) {
                throw TargetError.managementPortOnly(port, host: Self.host(env), expected: Self.port(env), hostNamed: false)
            }
            return ProbeTarget(host: Self.host(env), port: Self.port(env), environment: env)
        }
        let trimmed = host.trimmingSpaces()
        if trimmed.isEmpty || trimmed.contains("/") || trimmed.contains(" ") {
            throw TargetError.notAHostName(host)
        }
        let lower = trimmed.lowercased()
        if let known = APNsEnvironment.allCases.first(where: { Self.host($0) == lower }) {
            if let environment, environment != known {
                throw TargetError.hostContradictsEnvironment(host: host, known: known, environment: environment,
                                                             channels: true)
            }
            if let port, port != Self.port(known) {
                throw TargetError.managementPortOnly(port, host: Self.host(known), expected: Self.port(known),
                                                     hostNamed: true)
            }
            return ProbeTarget(host: lower, port: Self.port(known), environment: known)
        }
        if let retired = RetiredInterface.recognise(host: trimmed, port: nil), lower.hasPrefix("gateway") || lower.hasPrefix("feedback") {
            throw TargetError.retired(retired)
        }
        if let push = APNsEnvironment.allCases.first(where: { $0.host == lower }) {
            throw TargetError.pushHostForChannels(host, environment: push, managementHost: Self.host(push),
                                                  managementPort: Self.port(push))
        }
        let env = environment ?? .development
        return ProbeTarget(host: trimmed, port: port ?? Self.port(env), environment: environment)
    }
}
