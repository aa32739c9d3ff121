import APNsModel
import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the exporter watches, as read from its YAML file (docs/exporter.md). Codable: the configuration tool
/// (apnsctl-exporter-config) writes it as JSON, and the exporter decodes that.
public struct ExporterConfiguration: Sendable, Equatable, Codable {
    /// The file it was read from (named in every error and on reload).
    public var file: String
    /// `keystore:` a directory or an `etcd://…` keystore: the shared token cache for `team:`/`key_id:` canaries,
    /// and certificates and keys to watch for expiry. Nil: the default keystore.
    public var keystore: String?
    /// `token_dir:` a token agent's directory of `TEAM-ENV.token` files, read instead of the keystore's cache.
    public var tokenDirectory: String?
    /// `targets:` the canaries.
    public var targets: [CanaryTarget]
    /// `credentials:` files and directories to watch for expiry, as `apnsctl expiry` reads them.
    public var credentials: [String]
    /// `expiry_interval:` seconds between two scans of the credentials (default an hour).
    public var expiryInterval: Double
    /// The 1-based line of each key, by its path (`keystore`, `targets[0].cacert`): what an error found after
    /// parsing (a file the configuration names cannot be read) points at. Nil when not read from a file.
    public var lines: [String: Int]?

    public init(file: String, keystore: String? = nil, tokenDirectory: String? = nil, targets: [CanaryTarget] = [],
                credentials: [String] = [], expiryInterval: Double = 3600, lines: [String: Int]? = nil) {
        self.file = file
        self.keystore = keystore
        self.tokenDirectory = tokenDirectory
        self.targets = targets
        self.credentials = credentials
        self.expiryInterval = expiryInterval
        self.lines = lines
    }

    /// A ``ConfigurationError`` about `key` (a path such as `targets[0].cacert`), at its line when known.
    public func error(_ key: String?, _ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, line: key.flatMap { lines?[$0] }, key: key, problem: problem)
    }
}

/// One canary: where it goes, how it authenticates, what it sends and how often.
public struct CanaryTarget: Sendable, Equatable, Codable {
    /// `name:` the `target` label.
    public var name: String
    /// The server: Apple's host for `environment:`, or `host:`.
    public var server: CanaryServer
    /// `team:`, `key_id:` or `cert:`.
    public var credential: CanaryCredential
    /// `topic:` (a certificate's bundle id when absent).
    public var topic: String?
    /// `push_type:` (background when absent).
    public var pushType: APNsPushType?
    /// `interval:` seconds between rounds.
    public var interval: Double
    /// `timeout:` seconds a round may take (default 10).
    public var timeout: Double

    public init(name: String, server: CanaryServer, credential: CanaryCredential, topic: String?,
                pushType: APNsPushType?, interval: Double, timeout: Double = 10) {
        self.name = name
        self.server = server
        self.credential = credential
        self.topic = topic
        self.pushType = pushType
        self.interval = interval
        self.timeout = timeout
    }
}

/// Where a canary connects.
public struct CanaryServer: Sendable, Hashable, Codable {
    public var host: String
    public var port: Int
    /// The environment the server is (Apple's hosts) or plays (`host:` with `environment:`); nil when unnamed.
    public var environment: APNsEnvironment?
    /// `cacert:` CA certificates to trust instead of the system's.
    public var caFile: String?

    public init(host: String, port: Int, environment: APNsEnvironment?, caFile: String? = nil) {
        self.host = host
        self.port = port
        self.environment = environment
        self.caFile = caFile
    }

    /// True for Apple's hosts, which a canary may not probe more than once a minute.
    public var isApple: Bool { host.lowercased().hasSuffix(".push.apple.com") }

    /// `host:port`, the `host` label's value and the key of the connection.
    public var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// How a canary authenticates.
public enum CanaryCredential: Sendable, Hashable, Codable {
    /// `team:` the team's active key (with `key_id:`, that key): a provider token from the keystore's shared cache
    /// or the token agent's file.
    case token(team: String?, keyID: String?)
    /// `cert:` a client certificate (.p12 or PEM with its key), with `password_file:`.
    case certificate(path: String, passwordFile: String?)

    /// The `credential` label: `token` or `certificate`.
    public var kind: String {
        switch self {
        case .token: return "token"
        case .certificate: return "certificate"
        }
    }
}
