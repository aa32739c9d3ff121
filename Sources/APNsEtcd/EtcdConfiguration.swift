import APNsCore

/// Files that turn on TLS to etcd (`--etcd-cacert`, `--etcd-cert`, `--etcd-key`): https instead of http.
public struct EtcdTLS: Sendable, Equatable {
    /// PEM file of the CA (or CAs) that signed the members' server certificates; nil trusts the system's roots.
    public var caFile: String?
    /// PEM client certificate (chain) for etcd's `--client-cert-auth`; needs `keyFile`.
    public var certificateFile: String?
    /// PEM private key of the client certificate.
    public var keyFile: String?

    public init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}

/// An etcd user for etcd's own authentication. The caller reads the password from a file or the environment,
/// never from the command line.
public struct EtcdCredentials: Sendable, Equatable, CustomStringConvertible {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The user, with the password read from `source` (a file, an environment variable or a prompt: never argv).
    public init(user: String, passwordFrom source: SecretSource) throws {
        guard !user.isEmpty else {
            throw APNsError.usage("the etcd user is empty", hint: "name the etcd user whose password you pass")
        }
        self.init(user: user, password: try source.resolve())
    }

    /// The user only: the password never appears in a description.
    public var description: String { "etcd user \(user)" }
}

/// Everything an ``EtcdClient`` needs: the members, TLS, credentials, and how long one request may take.
public struct EtcdConfiguration: Sendable {
    /// The members to talk to, tried in this order; a member that fails moves the client to the next one.
    public var endpoints: [EtcdEndpoint]
    /// TLS files; nil means plain http.
    public var tls: EtcdTLS?
    /// etcd user and password; nil when the cluster has no authentication enabled.
    public var credentials: EtcdCredentials?
    /// The time one request to one member may take before the client moves to the next member.
    public var requestTimeout: Duration
    /// How many times the client goes round all members before it gives up on a request.
    public var rounds: Int
    /// The pause before the second round, doubled before each further round.
    public var backoff: Duration

    public init(endpoints: [EtcdEndpoint], tls: EtcdTLS? = nil, credentials: EtcdCredentials? = nil,
                requestTimeout: Duration = .seconds(5), rounds: Int = 3, backoff: Duration = .milliseconds(200)) {
        self.endpoints = endpoints
        self.tls = tls
        self.credentials = credentials
        self.requestTimeout = requestTimeout
        self.rounds = rounds
        self.backoff = backoff
    }

    /// The members of `url`, with the other settings given here.
    public init(url: EtcdURL, tls: EtcdTLS? = nil, credentials: EtcdCredentials? = nil,
                requestTimeout: Duration = .seconds(5)) {
        self.init(endpoints: url.endpoints, tls: tls, credentials: credentials, requestTimeout: requestTimeout)
    }
}
