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
            throw APNsError.usage("--port \(port): not a TCP port", hint: "the management API listens on 2195 (development) or 2196 (production)")
        }
        guard let host else {
            let env = environment ?? .development
            if let port, port != Self.port(env) {
                throw APNsError.usage("--port \(port): \(Self.host(env)) listens on \(Self.port(env)) only",
                                      hint: "drop --port, or --host H --port P for another server")
            }
            return ProbeTarget(host: Self.host(env), port: Self.port(env), environment: env)
        }
        let trimmed = host.trimmingSpaces()
        if trimmed.isEmpty || trimmed.contains("/") || trimmed.contains(" ") {
            throw APNsError.usage("--host \(host): not a host name", hint: "give a name or address, e.g. --host 127.0.0.1")
        }
        let lower = trimmed.lowercased()
        if let known = APNsEnvironment.allCases.first(where: { Self.host($0) == lower }) {
            if let environment, environment != known {
                throw APNsError.usage("--host \(host) is the \(known.rawValue) management host but --env says \(environment.rawValue)",
                                      hint: "drop --host, or use --env \(known.rawValue)")
            }
            if let port, port != Self.port(known) {
                throw APNsError.usage("--port \(port): \(Self.host(known)) listens on \(Self.port(known)) only",
                                      hint: "drop --port")
            }
            return ProbeTarget(host: lower, port: Self.port(known), environment: known)
        }
        if let retired = RetiredInterface.recognise(host: trimmed, port: nil), lower.hasPrefix("gateway") || lower.hasPrefix("feedback") {
            throw retired.error
        }
        if let push = APNsEnvironment.allCases.first(where: { $0.host == lower }) {
            throw APNsError.usage("--host \(host) is the \(push.rawValue) push host, not the channel management host",
                                  hint: "drop --host: channels are managed at \(Self.host(push)):\(Self.port(push)) (--env \(push.rawValue))")
        }
        let env = environment ?? .development
        return ProbeTarget(host: trimmed, port: port ?? Self.port(env), environment: environment)
    }
}
