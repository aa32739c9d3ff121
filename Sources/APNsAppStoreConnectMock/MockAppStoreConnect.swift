import APNsCore
import APNsMock
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A local App Store Connect for tests and the demo (`mock asc`): JSON:API over TLS, state in a JSON file,
/// profiles signed by its own CA. See ``MockAppStoreConnectServer``.
public enum MockAppStoreConnect {
    /// Apple's audience claim for App Store Connect API tokens.
    public static let audience = "appstoreconnect-v1"
    /// The longest lifetime (exp − iat, and exp − now) Apple accepts for a token on these endpoints, in seconds.
    public static let maximumTokenLifetime: TimeInterval = 20 * 60
}

/// An App Store Connect API key whose tokens the mock accepts.
public struct MockAppStoreConnectTrustedKey: Sendable, Equatable {
    /// The key's id (the token's `kid`).
    public var keyID: String
    /// The key's public key (or its .p8 private key), PEM.
    public var publicKeyPEM: String
    /// The issuer id a team key's tokens carry as `iss`; nil for an individual key.
    public var issuerID: String?
    /// An individual key: its tokens carry `sub` "user" and no `iss`; the provisioning endpoints refuse it.
    public var isIndividual: Bool

    public init(keyID: String, publicKeyPEM: String, issuerID: String?, isIndividual: Bool = false) {
        self.keyID = keyID
        self.publicKeyPEM = publicKeyPEM
        self.issuerID = issuerID
        self.isIndividual = isIndividual
    }
}

/// A fault the mock plays on the next requests, before it looks at them (tests of a client's handling).
public enum MockAppStoreConnectFault: Sendable, Equatable {
    /// The next `count` requests answer 429 RATE_LIMIT_EXCEEDED with `Retry-After: retryAfter`.
    case rateLimited(count: Int, retryAfter: Int)
    /// The next `count` requests answer `status` with an HTML page (a proxy or a captive portal, not the API).
    case html(count: Int, status: Int)
    /// The next `count` requests answer 500 UNEXPECTED_ERROR.
    case serverError(count: Int)

    /// How many requests it answers.
    public var count: Int {
        switch self {
        case .rateLimited(let count, _), .html(let count, _), .serverError(let count): return count
        }
    }

    func with(count: Int) -> MockAppStoreConnectFault {
        switch self {
        case .rateLimited(_, let retryAfter): return .rateLimited(count: count, retryAfter: retryAfter)
        case .html(_, let status): return .html(count: count, status: status)
        case .serverError: return .serverError(count: count)
        }
    }
}

/// How a ``MockAppStoreConnectServer`` runs.
public struct MockAppStoreConnectConfiguration: Sendable {
    public var host: String = "127.0.0.1"
    /// 0: an ephemeral port.
    public var port: Int = 0
    /// The JSON state file: read at start (absent: empty), written atomically after every change. nil: in memory.
    public var statePath: String?
    public var trustedKeys: [MockAppStoreConnectTrustedKey]
    /// The TLS certificate and key to present; nil: one for 127.0.0.1, ::1 and localhost, issued by the mock's CA.
    public var tlsIdentity: TLSIdentity?
    /// JSON Lines, one object per exchange: `method`, `path`, `query`, `request_body`, `status`, `response_body`
    /// (parsed JSON or null), `content_type`.
    public var logPath: String?
    /// Faults played in order on the first requests.
    public var faults: [MockAppStoreConnectFault] = []
    public var now: @Sendable () -> Date = { Date() }

    public init(host: String = "127.0.0.1", port: Int = 0, statePath: String? = nil,
                trustedKeys: [MockAppStoreConnectTrustedKey] = [], tlsIdentity: TLSIdentity? = nil,
                logPath: String? = nil, faults: [MockAppStoreConnectFault] = [],
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.host = host
        self.port = port
        self.statePath = statePath
        self.trustedKeys = trustedKeys
        self.tlsIdentity = tlsIdentity
        self.logPath = logPath
        self.faults = faults
        self.now = now
    }

    /// Whether it listens on a loopback address only.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

/// Why the mock cannot start or keep its state. The CLI words them.
public enum MockAppStoreConnectError: Error, Sendable, Equatable {
    /// The address cannot be bound (`errno` when known).
    case cannotListen(host: String, port: Int, errno: Int32?, reason: String)
    /// The state file cannot be read or is not a state file.
    case badState(path: String, reason: String)
    /// The state file cannot be written.
    case cannotWriteState(path: String, reason: String)
    /// A trusted key's PEM is not a P-256 key.
    case badTrustedKey(keyID: String, reason: String)
    /// The TLS certificate or key cannot be used.
    case badTLSIdentity(reason: String)
    /// The log file cannot be opened.
    case cannotOpenLog(path: String, reason: String)
}
