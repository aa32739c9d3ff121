import APNsCore
import APNsCredentials
import APNsExporter
import APNsExporterConfiguration
import APNsKeystore
import APNsKeystoreEtcd

/// The exporter assembled from what it was told: its configuration read through ``ExporterConfigTool``, canaries
/// and expiry scans opening the keystore named by the configuration (else the one given), `/metrics` served on
/// the listen address, and the configuration applied.
public enum ExporterRun {
    /// What the exporter is to serve, and where.
    public struct Input: Sendable {
        /// Where `/metrics` and `/healthz` are served.
        public var listen: ListenAddress
        /// The exporter's configuration (YAML).
        public var configFile: String
        /// A token agent's directory, read instead of the keystore's token cache; nil: the configuration's.
        public var tokenDirectory: String?
        /// The keystore given (nil: the default one); the configuration's `keystore:` takes precedence.
        public var keystore: String?
        /// How to reach a fleet keystore.
        public var access: FleetAccess
        /// Seconds to wait for the keystore's lock.
        public var lockTimeout: Double
        /// The labels of `apnsctl_exporter_build_info` (name, value).
        public var build: [(String, String)]
        /// The program that reads the configuration; nil: the one ``ExporterConfigTool/locate(environment:)`` finds.
        public var tool: ExporterConfigTool?

        public init(listen: ListenAddress, configFile: String, tokenDirectory: String? = nil, keystore: String? = nil,
                    access: FleetAccess = FleetAccess(), lockTimeout: Double = Keystore.defaultLockTimeout,
                    build: [(String, String)], tool: ExporterConfigTool? = nil) {
            self.listen = listen
            self.configFile = configFile
            self.tokenDirectory = tokenDirectory
            self.keystore = keystore
            self.access = access
            self.lockTimeout = lockTimeout
            self.build = build
            self.tool = tool
        }
    }

    /// The exporter running for `input`, serving and with its configuration applied. Throws
    /// ``ExporterConfigToolError`` or ``ConfigurationError`` for a configuration that cannot be read, then
    /// ``ListenAddressError/cannotListen(address:port:failure:)``. The configuration is checked
    /// (``Exporter/check(_:)``: the files it names, the push rules) before anything is served.
    public static func start(_ input: Input) async throws -> RunningExporter {
        OpenSSLRuntime.bootstrap()  // before any thread: no clean-up at exit under a thread still in OpenSSL
        let tool = try input.tool ?? ExporterConfigTool.locate()
        let configuration = try tool.load(input.configFile)
        let flag = input.keystore, access = input.access, lockTimeout = input.lockTimeout
        let exporter = Exporter(build: input.build, tokenDirectory: input.tokenDirectory) { path in
            try KeystoreStores.open(KeystoreLocation.resolve(flag: path ?? flag), access: access, clock: ProcessClock(),
                                    lockTimeout: lockTimeout)
        }
        try exporter.check(configuration)
        let server: MetricsServer
        do {
            server = try await MetricsServer.start(host: input.listen.host, port: input.listen.port) {
                exporter.metrics.render()
            }
        } catch {
            let failure: ListenFailure
            switch error.cause {
            case .addressInUse: failure = .addressInUse
            case .permissionDenied: failure = .permissionDenied
            case .addressNotAvailable: failure = .addressNotAvailable
            case .unresolvable: failure = .unresolvable
            case .other(let text): failure = .other(text)
            }
            throw ListenAddressError.cannotListen(address: error.address, port: error.port, failure: failure)
        }
        exporter.apply(configuration)
        return RunningExporter(exporter: exporter, server: server, configFile: input.configFile, tool: tool)
    }
}

/// An exporter started by ``ExporterRun/start(_:)``: serving until ``stop()``.
public final class RunningExporter: Sendable {
    /// The canaries, scans and metrics.
    public let exporter: Exporter
    /// The `/metrics` endpoint.
    public let server: MetricsServer
    /// The configuration file, read again by ``reload()``.
    public let configFile: String
    private let tool: ExporterConfigTool

    init(exporter: Exporter, server: MetricsServer, configFile: String, tool: ExporterConfigTool) {
        self.exporter = exporter
        self.server = server
        self.configFile = configFile
        self.tool = tool
    }

    /// Where `/metrics` is served (the port the system picked for port 0).
    public var address: ListenAddress { ListenAddress(host: server.host, port: server.port) }

    /// The canary targets of the configuration in force.
    public var targets: Int { exporter.configuration?.targets.count ?? 0 }

    /// Reads the configuration file again and applies it; a file that does not load is thrown
    /// (``ConfigurationError``, ``ExporterConfigToolError``) and the configuration in force is kept.
    public func reload() throws {
        try exporter.reload(configFile, using: tool.load)
    }

    /// Stops the canaries and scans (waiting for the rounds in flight), then the endpoint.
    public func stop() async {
        exporter.stop()
        await server.stop()
    }

    /// Serves until SIGTERM or SIGINT, reloading on each SIGHUP and handing each reload's outcome to `reloaded`;
    /// then stops.
    public func runUntilSignalled(reloaded: @escaping @Sendable (Result<Void, any Error>) -> Void) async {
        let (stops, continuation) = AsyncStream.makeStream(of: Int32.self)
        let signals = ExporterSignals(reload: { [self] in
            reloaded(Result { try reload() })
        }, stop: { continuation.yield($0) })
        for await _ in stops { break }
        signals.cancel()
        await stop()
    }
}
