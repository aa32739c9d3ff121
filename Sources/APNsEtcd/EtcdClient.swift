import APNsCore
import APNsCurl
import NIOSSL
import Synchronization

/// A client for etcd's v3 API through its JSON gateway (`POST /v3/kv/range` and the like), over libcurl
/// (HTTP/1.1, one connection per request, a kept one for a watch's liveness checks; ``CurlEtcdTransport``), which
/// is opened at run time as for `probe`.
///
/// Several members: a request goes to the member that last answered; a connection error, a timeout, or an
/// answer meaning "cannot serve now" (no leader, leader changed, too many requests: gRPC codes 14, 8, 4, 10)
/// moves it to the next member, round the list up to `configuration.rounds` times with a doubling pause between
/// rounds; then it fails with exit 4 naming the last member and its reason. Authentication failures are exit 3,
/// permission denied exit 5, an untrusted server certificate exit 4 with a hint to `--etcd-cacert` (docs/fleet.md).
///
/// A write retried on another member after a timeout may already have been applied by the first: callers that
/// must not apply a change twice use ``txn(compare:success:failure:)`` comparing the revision they read.
///
/// Threads: the request path is synchronous (``blocking``, ``EtcdBlockingClient``): one request blocks its caller
/// in libcurl. The async calls run that same path on a thread of their own (``run(with:_:)``), so a task never holds
/// a thread of the concurrency pool while it waits on the network; cancelling the task stops the call.
public final class EtcdClient: Sendable {
    public let configuration: EtcdConfiguration
    let transport: any EtcdTransport

    struct State {
        /// Index of the member that answered last: the first one tried next.
        var current = 0
        /// The token `/v3/auth/authenticate` gave, sent as `Authorization`.
        var token: String?
    }
    let state = Mutex(State())

    /// Builds the client; the TLS files are read here, so a missing or malformed one is an error now (exit 3).
    public init(configuration: EtcdConfiguration) throws {
        guard !configuration.endpoints.isEmpty else {
            throw APNsError.usage("no etcd member given", hint: "write the keystore as etcd://HOST:PORT[,HOST:PORT…]/PREFIX")
        }
        if let tls = configuration.tls { try Self.checkTLSFiles(tls) }
        guard CurlRuntime.bootstrap() else {
            throw APNsError.unreachable(Self.curlMissing, hint: Self.curlMissingHint)
        }
        self.configuration = configuration
        transport = CurlEtcdTransport(tls: configuration.tls)
    }

    /// What an etcd keystore says when libcurl could not be opened (as `probe` does, naming the package).
    public static let curlMissing = "libcurl (libcurl.so.4) is not installed: the etcd keystore talks to etcd through it"
    /// The hint that goes with ``curlMissing``.
    public static let curlMissingHint = "install the libcurl4 package (sudo apt-get install libcurl4)"

    /// Nothing to close (every request has its own connection, closed when it ends); owners call it to mark the
    /// end of the client's use.
    public func shutdown() async throws {}

    /// The member tried first by the next request (the one that answered last).
    public var currentEndpoint: EtcdEndpoint {
        configuration.endpoints[state.withLock { $0.current }]
    }

    /// Reads the TLS files once, so that a missing or malformed one is a clear error before any request (libcurl
    /// itself reads them at each connection).
    private static func checkTLSFiles(_ files: EtcdTLS) throws {
        if let ca = files.caFile {
            do {
                let roots = try NIOSSLCertificate.fromPEMFile(ca)
                guard !roots.isEmpty else { throw APNsError.badInput("") }
            } catch {
                throw APNsError.badInput("\(ca): not a readable PEM certificate (the etcd CA)",
                                         remedy: EtcdRemedy.giveServerCA)
            }
        }
        switch (files.certificateFile, files.keyFile) {
        case (nil, nil): break
        case (let certificate?, let key?):
            do {
                let chain = try NIOSSLCertificate.fromPEMFile(certificate)
                guard !chain.isEmpty else { throw APNsError.badInput("") }
            } catch {
                throw APNsError.badInput("\(certificate): not a readable PEM certificate (the etcd client certificate)",
                                         remedy: EtcdRemedy.giveClientCertificate)
            }
            do {
                _ = try NIOSSLPrivateKey(file: key, format: .pem)
            } catch {
                throw APNsError.badInput("\(key): not a readable, unencrypted PEM private key (the etcd client key)",
                                         remedy: EtcdRemedy.giveClientKey)
            }
        case (_?, nil):
            throw EtcdClientPairError.certificateWithoutKey
        case (nil, _?):
            throw EtcdClientPairError.keyWithoutCertificate
        }
    }

    // MARK: Requests

    /// How a request treats its deadline.
    enum Deadline {
        /// `configuration.requestTimeout`; a member that passes it is skipped.
        case standard
        /// A longer wait that ends the request when it passes (a lock waiting for its holder).
        case final(Duration)
        /// A shorter wait than the standard one; a member that passes it is skipped (a liveness probe).
        case short(Duration)
    }

    /// Sends `request` as JSON to `path` with failover, and decodes the answer as `Response`; blocks the calling
    /// thread.
    func call<Request: Encodable, Response: Decodable>(
        _ path: String, _ request: Request, as type: Response.Type, deadline: Deadline = .standard,
        cancellation: EtcdCancellation
    ) throws -> Response {
        let body = try JSONDecoding.encode(request)
        let bytes = try withFailover(cancellation: cancellation) { endpoint in
            try self.send(endpoint, path, body, deadline: deadline, cancellation: cancellation)
        }
        do {
            return try JSONDecoding.decode(Response.self, from: bytes)
        } catch {
            throw EtcdFailure.malformed("\(path): \(String(decoding: bytes.prefix(200), as: UTF8.self))")
                .apnsError(at: currentEndpoint, user: configuration.credentials?.user)
        }
    }

    /// Runs `attempt` against the current member, then the next ones on a failure that may go better
    /// elsewhere, up to `configuration.rounds` times round with a doubling pause between rounds (which
    /// `cancellation` ends early); re-authenticates once on an invalid token.
    func withFailover<T>(cancellation: EtcdCancellation, _ attempt: (EtcdEndpoint) throws -> T) throws -> T {
        let endpoints = configuration.endpoints
        var last: (endpoint: EtcdEndpoint, failure: EtcdFailure)?
        var reauthenticated = false
        for round in 0..<max(1, configuration.rounds) {
            if round > 0 { try cancellation.pause(for: configuration.backoff * (1 << (round - 1))) }
            let start = state.withLock { $0.current }
            var step = 0
            while step < endpoints.count {
                try cancellation.check()
                let index = (start + step) % endpoints.count
                let endpoint = endpoints[index]
                do {
                    let result = try attempt(endpoint)
                    state.withLock { $0.current = index }
                    return result
                } catch let failure as EtcdFailure {
                    try cancellation.check()
                    if case .invalidToken = failure, configuration.credentials != nil, !reauthenticated {
                        reauthenticated = true
                        state.withLock { $0.token = nil }
                        continue
                    }
                    guard failure.movesOn else { throw failure.apnsError(at: endpoint, user: configuration.credentials?.user) }
                    last = (endpoint, failure)
                    step += 1
                }
            }
        }
        guard let last else { throw APNsError(.internalError, "etcd: no member tried") }
        var error = last.failure.apnsError(at: last.endpoint, user: configuration.credentials?.user)
        if endpoints.count > 1 {
            error.message += " (none of the \(endpoints.count) members could serve it in \(configuration.rounds) rounds)"
        }
        throw error
    }

    /// One POST to one member: the answer's bytes on 200, an ``EtcdFailure`` otherwise.
    func send(_ endpoint: EtcdEndpoint, _ path: String, _ body: [UInt8], deadline: Deadline,
              cancellation: EtcdCancellation) throws -> [UInt8] {
        let token = try token(at: endpoint, cancellation: cancellation)
        let response = try post(endpoint, path, body, token: token, deadline: deadline, cancellation: cancellation)
        guard response.status == 200 else {
            throw EtcdFailure.gateway(body: response.body, httpStatus: response.status)
        }
        return response.body
    }

    /// The request for a POST of `body` to `path` at `endpoint`; a nil deadline for a stream that does not end.
    func request(_ endpoint: EtcdEndpoint, _ path: String, _ body: [UInt8], token: String?,
                 deadline: Deadline?) -> EtcdHTTPRequest {
        let timeout: Duration?
        switch deadline {
        case .standard: timeout = configuration.requestTimeout
        case .final(let wait): timeout = wait
        case .short(let wait): timeout = min(wait, configuration.requestTimeout)
        case nil: timeout = nil
        }
        return EtcdHTTPRequest(url: endpoint.baseURL(tls: configuration.tls != nil) + path, body: body, token: token,
                               timeout: timeout, connectTimeout: configuration.requestTimeout)
    }

    /// One POST and its whole answer, whatever the status.
    func post(_ endpoint: EtcdEndpoint, _ path: String, _ body: [UInt8], token: String?,
              deadline: Deadline, cancellation: EtcdCancellation) throws -> EtcdHTTPResponse {
        let outgoing = request(endpoint, path, body, token: token, deadline: deadline)
        do {
            return try transport.send(outgoing, cancellation: cancellation)
        } catch {
            try cancellation.check()
            if case .timeout? = error as? EtcdFailure, case .final = deadline {
                throw EtcdFailure.rejected(code: 4, message: "no answer within the time allowed")
            }
            throw error
        }
    }

    // MARK: Authentication

    /// The token to send, authenticating at `endpoint` first when the client has credentials and no token.
    func token(at endpoint: EtcdEndpoint, cancellation: EtcdCancellation) throws -> String? {
        guard let credentials = configuration.credentials else { return nil }
        if let token = state.withLock({ $0.token }) { return token }
        let body = try JSONDecoding.encode(WireAuthenticateRequest(name: credentials.user, password: credentials.password))
        let response = try post(endpoint, "/v3/auth/authenticate", body, token: nil, deadline: .standard,
                                cancellation: cancellation)
        let bytes = response.body
        guard response.status == 200 else {
            let failure = EtcdFailure.gateway(body: bytes, httpStatus: response.status)
            if case .rejected(_, let message) = failure, message.contains("authentication is not enabled") { return nil }
            if case .invalidToken(let message) = failure { throw EtcdFailure.authenticationFailed(message) }
            throw failure
        }
        guard let token = (try? JSONDecoding.decode(WireAuthenticateResponse.self, from: bytes))?.token, !token.isEmpty else {
            throw EtcdFailure.malformed("/v3/auth/authenticate gave no token")
        }
        state.withLock { $0.token = token }
        return token
    }
}
