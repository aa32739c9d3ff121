import APNsOperations
import APNsProbe

extension ProbeTargetOptions {
    /// These options as the use cases' canary servers.
    var canaryServers: CanaryServers {
        CanaryServers(environment: env, host: host, port: port,
                      servers: targets.map { CanaryServers.Server(environment: $0.environment, host: $0.host, port: $0.port) },
                      caFile: cacert, timeout: timeout)
    }
}

extension ProbeHints {
    /// A canary's report with its verdict worded for the command line (``refine(_:target:signingKey:cacert:)``).
    static let canaryWording: CanaryReportWording = { canary in
        refine(canary.report, target: canary.destination.target, signingKey: canary.signingKey,
               cacert: canary.destination.caFile)
    }
}
