import APNsCore
import APNsKeystore
import APNsProbe
import ArgumentParser

/// Where a canary goes and how long it may take: the same flags for `probe` and `key rotate --probe`.
struct ProbeTargetOptions: ParsableArguments {
    @Option(help: "APNs environment: development (api.sandbox.push.apple.com) or production (api.push.apple.com).")
    var env: APNsEnvironment?

    @Option(help: ArgumentHelp("Another server, e.g. a mock: --host 127.0.0.1 --port 8443.", valueName: "HOST"))
    var host: String?

    @Option(help: ArgumentHelp("443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.",
                               valueName: "PORT"))
    var port: Int?

    @Option(help: ArgumentHelp("Trust the CA certificates in this PEM file instead of the system's.", valueName: "FILE"),
            completion: .file(extensions: ["pem", "crt"]))
    var cacert: String?

    @Option(help: ArgumentHelp("Seconds each round may take, whatever the server does.", valueName: "S"))
    var timeout: Double = 10

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    }

    /// The prober's configuration for `credential` and `canary` against this target.
    func configuration(credential: ProbeCredential, canary: CanaryRequest, count: Int = 1) throws -> ProbeConfiguration {
        CurlRuntime.bootstrap()
        let target = try ProbeTarget.resolve(environment: env, host: host, port: port)
        if let cacert { _ = try SecureFile.read(cacert, limit: 16 << 20) }
        return ProbeConfiguration(target: target, credential: credential, caFile: cacert, canary: canary,
                                  count: count, timeout: timeout)
    }
}

/// What the canary carries.
struct ProbeCanaryOptions: ParsableArguments {
    @Option(name: .customLong("device-token"), help: ArgumentHelp(
        "A real device's token (hex). Without it a dummy token is used.", valueName: "HEX"))
    var deviceToken: String?

    @Option(help: ArgumentHelp("apns-topic: the bundle id, with the push type's suffix.", valueName: "TOPIC"))
    var topic: String?

    @Option(name: .customLong("push-type"), help: "apns-push-type.")
    var pushType: APNsPushType = .background

    @Option(help: "apns-priority: 10, 5 or 1 (default 5 for background, 10 otherwise).")
    var priority: Int?

    @Option(help: ArgumentHelp("The payload: JSON text, or @FILE.", valueName: "JSON|@FILE"))
    var payload: String?

    func request(defaultTopic: String?) throws -> CanaryRequest {
        let token = try deviceToken.map { try DeviceToken(parsing: $0) } ?? .dummy
        var body = CanaryRequest.defaultPayload
        if let payload {
            if payload.hasPrefix("@") {
                body = try SecureFile.read(String(payload.dropFirst()), limit: 64 * 1024)
            } else {
                body = Array(payload.utf8)
            }
        }
        return CanaryRequest.canary(deviceToken: token, topic: topic ?? defaultTopic, pushType: pushType,
                                    priority: priority, payload: body)
    }
}

extension SigningKeyDescription {
    /// The keystore key `record`, with its recorded scope, for a probe verdict's hints.
    init(_ record: KeyRecord) {
        self.init(keyID: record.keyID, teamID: record.teamID, environments: record.scope.environments,
                  topics: record.scope.topics, legacy: record.scope.source == .legacy)
    }
}
