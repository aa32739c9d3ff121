import APNsModel
import APNsCore
import APNsKeystore
import APNsProbe

/// Where canaries go: Apple's hosts, one named server, or one server per environment (a mock playing each), with
/// the CA file that trusts them and the time each may take. Pure but for reading the CA file.
public struct CanaryServers: Sendable, Equatable {
    /// A server that plays one APNs environment.
    public struct Server: Sendable, Equatable {
        public var environment: APNsEnvironment
        public var host: String
        public var port: Int

        public init(environment: APNsEnvironment, host: String, port: Int) {
            self.environment = environment
            self.host = host
            self.port = port
        }
    }

    /// The one environment asked (nil: every environment that applies).
    public var environment: APNsEnvironment?
    /// One server that plays ``environment`` (nil: Apple's host, or the per-environment ``servers``).
    public var host: String?
    public var port: Int?
    /// One server per environment (empty: ``host``, or Apple's hosts).
    public var servers: [Server]
    /// The PEM file of the CA certificates that trust the servers (nil: the system's store).
    public var caFile: String?
    /// Seconds each canary may take.
    public var timeout: Double

    public init(environment: APNsEnvironment? = nil, host: String? = nil, port: Int? = nil, servers: [Server] = [],
                caFile: String? = nil, timeout: Double = 10) {
        self.environment = environment
        self.host = host
        self.port = port
        self.servers = servers
        self.caFile = caFile
        self.timeout = timeout
    }

    /// Apple's hosts, every environment.
    public static let apple = CanaryServers()

    /// The environments a servers-per-environment list names, sorted.
    public var namedEnvironments: [APNsEnvironment] { servers.map(\.environment).sorted() }

    /// Where the canary for `environment` goes (nil: ``environment``, else the only named server). Throws
    /// ``CanaryServerError`` when no server is named for it, and the prober's own errors for a bad host, port or
    /// unreadable CA file.
    public func destination(for environment: APNsEnvironment?) throws -> CanaryDestination {
        var wanted = self.environment, host = self.host, port = self.port
        if servers.isEmpty {
            if let environment, host == nil { wanted = environment }
        } else {
            guard let chosen = environment ?? self.environment ?? (servers.count == 1 ? servers[0].environment : nil)
            else { throw CanaryServerError.environmentUnnamed }
            guard let server = servers.first(where: { $0.environment == chosen }) else {
                throw CanaryServerError.noServer(for: chosen, named: servers)
            }
            wanted = chosen
            host = server.host
            port = server.port
        }
        let target = try ProbeTarget.resolve(environment: wanted, host: host, port: port)
        if let caFile { _ = try SecureFile.read(caFile, limit: 16 << 20, offerStandardInput: false) }
        return CanaryDestination(target: target, caFile: caFile, timeout: timeout)
    }

    /// The prober's configuration for a canary to `destination` carrying `credential`.
    static func configuration(_ destination: CanaryDestination, credential: ProbeCredential,
                              canary: CanaryRequest) -> ProbeConfiguration {
        ProbeConfiguration(target: destination.target, credential: credential, caFile: destination.caFile,
                           canary: canary, count: 1, timeout: destination.timeout)
    }
}

/// One canary's server, CA file and time limit.
public struct CanaryDestination: Sendable, Equatable {
    public var target: ProbeTarget
    public var caFile: String?
    public var timeout: Double
}

/// A canary's answer with where it went and the key that signed its token.
public struct CanaryReport: Sendable {
    /// The key that signed the canary's token.
    public var keyID: String
    public var signingKey: SigningKeyDescription
    public var destination: CanaryDestination
    public var report: ProbeReport
}

/// How a canary's report is worded before it is judged or shown: the CLI words its verdict's ``VerdictRemedy``
/// into the hint there, naming its flags; the identity by default (the hint then holds only the library's
/// flag-free advice and notes).
public typealias CanaryReportWording = @Sendable (CanaryReport) -> ProbeReport

/// Why a canary has nowhere to go.
public enum CanaryServerError: Error, Equatable {
    /// Servers are named per environment, and neither an environment nor a single server says which one.
    case environmentUnnamed
    /// No server is named for `environment`; `named` are the ones that are.
    case noServer(for: APNsEnvironment, named: [CanaryServers.Server])
}
