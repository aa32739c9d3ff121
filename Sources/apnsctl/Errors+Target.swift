import APNsCore
import APNsProbe

extension TargetError: UserFacingError {
    /// A refused server address: a usage error (exit 2) naming `--env`, `--host` and `--port`.
    var presented: APNsError {
        switch self {
        case .notAPort(let port, let channels):
            return .usage("--port \(port): not a TCP port",
                          hint: channels ? "the management API listens on 2195 (development) or 2196 (production)"
                                         : "use 443 or 2197 for APNs")
        case .notAHostName(let host):
            return .usage("--host \(host): not a host name", hint: "give a name or address, e.g. --host 127.0.0.1")
        case .hostContradictsEnvironment(let host, let known, let environment, let channels):
            return .usage("--host \(host) is the \(known.rawValue) \(channels ? "management " : "")host but --env says "
                          + environment.rawValue, hint: "drop --host, or use --env \(known.rawValue)")
        case .notAnAPNsPort(let port, let hostNamed):
            return .usage("--port \(port): APNs listens on 443 or 2197 only",
                          hint: "use --port 443, or 2197 where a firewall blocks other HTTPS"
                              + (hostNamed ? "" : "; --host H --port P for another server"))
        case .managementHostForPushes(let host):
            return .usage("--host \(host) is a broadcast channel management host, not a push host",
                          hint: "check it with \(NextStep("probe", "--channels", carries: [.canary, .credential])); manage channels "
                              + "with `channel`")
        case .managementPortOnly(let port, let host, let expected, let hostNamed):
            return .usage("--port \(port): \(host) listens on \(expected) only",
                          hint: hostNamed ? "drop --port" : "drop --port, or --host H --port P for another server")
        case .pushHostForChannels(let host, let environment, let managementHost, let managementPort):
            return .usage("--host \(host) is the \(environment.rawValue) push host, not the channel management host",
                          hint: "drop --host: channels are managed at \(managementHost):\(managementPort) "
                              + "(--env \(environment.rawValue))")
        case .retired(let interface):
            switch interface {
            case .gateway(let env):
                return .usage(interface.message,
                              hint: "use the HTTP/2 provider API: \(env.host) port 443 (or 2197), i.e. --env \(env.rawValue)")
            case .feedback(let env):
                return .usage(interface.message,
                              hint: "the HTTP/2 API answers 410 Unregistered for a stale token instead; probe "
                                  + "\(env.host):443 with --env \(env.rawValue)")
            }
        }
    }
}
