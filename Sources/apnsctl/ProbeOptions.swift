import APNsCore
import APNsKeystore
import APNsModel
import APNsOperations
import APNsProbe
import ArgumentParser

/// Where a canary goes and how long it may take: the same flags for `probe`, `key rotate --probe`, `key discover`
/// and the `channel` commands. `--target ENV=HOST:PORT` names a server per environment (a mock playing it), so a
/// command that probes both environments can be pointed at two servers.
struct ProbeTargetOptions: ParsableArguments {
    @OptionGroup var environment: EnvironmentOption

    /// `--env`: the APNs environment asked for (set from `--target` by ``selected(_:)``).
    var env: APNsEnvironment? {
        get { environment.value }
        set { environment.value = newValue }
    }

    @Option(help: ArgumentHelp("Another server, e.g. a mock: --host 127.0.0.1 --port 8443.", valueName: "HOST"))
    var host: String?

    @Option(help: ArgumentHelp("443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.",
                               valueName: "PORT"))
    var port: Int?

    @Option(name: .customLong("target"), help: ArgumentHelp(
        "The server playing one environment, e.g. a mock: development=127.0.0.1:8443; repeat for the other "
            + "environment (instead of --host/--port; with --cacert).", valueName: "ENV=HOST:PORT"),
            completion: .list(["development=", "production="]), transform: EnvironmentServer.parse)
    var targets: [EnvironmentServer] = []

    @Option(help: ArgumentHelp("Trust the CA certificates in this PEM file instead of the system's.", valueName: "FILE"),
            completion: .file(extensions: ["pem", "crt"]))
    var cacert: String?

    @Option(help: ArgumentHelp("Seconds each round may take, whatever the server does.", valueName: "S"))
    var timeout: Double = 10

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
        if !targets.isEmpty, host != nil || port != nil {
            throw ValidationError("--target names the host and port: give --target ENV=HOST:PORT or --host/--port, not both")
        }
        for environment in APNsEnvironment.allCases where targets.filter({ $0.environment == environment }).count > 1 {
            throw ValidationError("--target \(environment.rawValue)=… is given twice: one server per environment")
        }
    }

    /// The environments `--target` names a server for, sorted; empty without `--target`.
    var targetEnvironments: [APNsEnvironment] { targets.map(\.environment).sorted() }

    /// These options for one environment: with `--target`, `--env`, `--host` and `--port` set from the server
    /// named for `environment` (nil: `--env`, else the only `--target`); without `--target`, unchanged but for
    /// `environment` (when given and no `--host` names a server). Usage errors name the missing `--target`.
    func selected(_ environment: APNsEnvironment? = nil) throws -> ProbeTargetOptions {
        var options = self
        guard !targets.isEmpty else {
            if let environment, host == nil { options.env = environment }
            return options
        }
        guard let wanted = environment ?? env ?? (targets.count == 1 ? targets[0].environment : nil) else {
            throw APNsError.usage("--target names a server for each environment: say which one with --env",
                                  hint: "add --env development or --env production")
        }
        guard let server = targets.first(where: { $0.environment == wanted }) else {
            let named = targets.map { "\($0.environment.rawValue)=\($0.host):\($0.port)" }.joined(separator: ", ")
            throw APNsError.usage("no --target for \(wanted.rawValue): only \(named)",
                                  hint: "add --target \(wanted.rawValue)=HOST:PORT for the server playing \(wanted.rawValue)")
        }
        options.env = wanted
        options.host = server.host
        options.port = server.port
        options.targets = []
        return options
    }

    /// The server these options name (after ``selected(_:)``): environment, host, port, CA file, timeout.
    var server: ProbeServer {
        ProbeServer(environment: env, host: host, port: port, caFile: cacert, timeout: timeout)
    }

    /// The prober's configuration for `credential` and `canary` against this target.
    func configuration(credential: ProbeCredential, canary: CanaryRequest, count: Int = 1) throws -> ProbeConfiguration {
        try server.configuration(credential: credential, canary: canary, count: count)
    }
}

/// `--target ENV=HOST:PORT`: the server that plays one APNs environment (`[::1]:8443` for an IPv6 address).
struct EnvironmentServer: Sendable, Equatable {
    var environment: APNsEnvironment
    var host: String
    var port: Int

    /// Reads `ENV=HOST:PORT` (`[::1]:8443` for an IPv6 address); the error says which part is wrong.
    static func parse(_ argument: String) throws -> EnvironmentServer {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ValidationError("'\(argument)' is not ENV=HOST:PORT (e.g. development=127.0.0.1:8443)")
        }
        let name = String(argument[..<equals])
        guard let environment = APNsEnvironment(rawValue: name) else {
            throw ValidationError("'\(name)' is not an environment: development or production")
        }
        let address = argument[argument.index(after: equals)...]
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
              (1...65535).contains(port) else {
            throw ValidationError("'\(address)' is not HOST:PORT with a port from 1 to 65535")
        }
        var host = String(address[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("/"), !host.contains(" ") else {
            throw ValidationError("'\(address)' has no usable host name before the port")
        }
        return EnvironmentServer(environment: environment, host: host, port: port)
    }
}

/// What the canary carries.
struct ProbeCanaryOptions: ParsableArguments {
    @Option(name: .customLong("device-token"), help: ArgumentHelp(
        "A real device's token (hex). Without it a dummy token is used.", valueName: "HEX"))
    var deviceToken: String?

    @OptionGroup var topicOption: TopicOption
    var topic: String? { topicOption.topic }

    @Option(name: .customLong("push-type"),
            help: "apns-push-type (default: voip with a VoIP Services certificate, else background).")
    var pushType: APNsPushType?

    @Option(help: "apns-priority: 10, 5 or 1 (default 5 for background, 10 otherwise).")
    var priority: Int?

    @Option(help: ArgumentHelp("The payload: JSON text, or @FILE.", valueName: "JSON|@FILE"))
    var payload: String?

    /// The canary as given: `--payload @FILE` names a file, read when the canary is built.
    var specification: CanarySpecification {
        let body: CanarySpecification.Payload = payload.map { $0.hasPrefix("@") ? .file(String($0.dropFirst())) : .text($0) }
            ?? .standard
        return CanarySpecification(deviceToken: deviceToken, topic: topic, pushType: pushType, priority: priority,
                                   payload: body)
    }

    func request(defaultTopic: String?) throws -> CanaryRequest {
        try specification.request(defaultTopic: defaultTopic)
    }
}
