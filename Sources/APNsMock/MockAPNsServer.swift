import APNsCore
import APNsModel
import APNsPushRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A local APNs stand-in: TLS (1.2+), HTTP/2 only (ALPN h2, or the HTTP/2 preface with prior knowledge when the
/// client offers no ALPN), validating every request like the real service.
///
/// ```swift
/// let server = try MockAPNsServer(configuration: .init(policy: ValidationPolicy(devices: [token: "com.example.app"])))
/// let port = try await server.start()
/// // … send requests to https://127.0.0.1:<port>/3/device/<token>, trusting server.certificateAuthorityPEM …
/// await server.stop()   // GOAWAY {"reason":"Shutdown"} to every connection
/// ```
public final class MockAPNsServer: Sendable {
    /// The configuration the server was made with.
    public let configuration: MockServerConfiguration
    /// The CA that signed the server's certificate, when the server generated its own identity; nil otherwise.
    public let certificateAuthority: MockCertificateAuthority?
    private let sslContext: NIOSSLContext
    /// Verifies client certificates (when `--client-ca` is given) and says why one is refused.
    private let clientVerifier: ClientCertificateVerifier?
    private let core: MockCore
    private let state = LockedBox(RunState())

    private struct RunState {
        var group: MultiThreadedEventLoopGroup?
        var channel: (any Channel)?
        var port: Int?
        var channelsChannel: (any Channel)?
        var channelsPort: Int?
        var connections: [Int: ConnectionContext] = [:]
        var stopped = false
    }

    /// Prepares the TLS identity and the validator. Throws ``APNsError`` for unreadable or bad PEM input.
    public init(configuration: MockServerConfiguration) throws {
        self.configuration = configuration
        let identity: TLSIdentity
        switch configuration.tls {
        case .generate:
            // A subject of its own (a random suffix: the port is not bound yet), so two mocks' CAs, and the
            // certificates they sign, can be told apart.
            let authority = try MockCertificateAuthority(commonName: Self.certificateAuthorityName(),
                                                         now: configuration.clock.now())
            identity = try authority.issueServerIdentity(dnsNames: ["localhost"],
                                                         ipAddresses: [[127, 0, 0, 1], Self.ipv6Loopback],
                                                         now: configuration.clock.now())
            self.certificateAuthority = authority
        case .identity(let given):
            identity = given
            self.certificateAuthority = nil
        case .files(let certificate, let privateKey):
            let certificatePEM = try SecureFile.read(certificate, offerStandardInput: false)
            let privateKeyPEM = try SecureFile.read(privateKey, offerStandardInput: false)
            identity = TLSIdentity(certificatePEM: String(decoding: certificatePEM, as: UTF8.self),
                                   privateKeyPEM: String(decoding: privateKeyPEM, as: UTF8.self))
            self.certificateAuthority = nil
        }
        self.sslContext = try Self.makeSSLContext(identity: identity, clientCAPEM: configuration.clientCAPEM)
        do {
            self.clientVerifier = try configuration.clientCAPEM.map {
                try ClientCertificateVerifier(pem: $0)
            }
        } catch {
            throw APNsError.badInput("client CA: cannot read the certificates: \(error)",
                                     remedy: MockRemedy.giveClientCA)
        }
        self.core = MockCore(configuration: configuration)
    }

    /// The CA certificate (PEM) clients must trust, when the server generated its own identity.
    public var certificateAuthorityPEM: String? {
        try? certificateAuthority?.certificatePEM
    }

    /// The bound port once started.
    public var port: Int? { state.snapshot.port }

    /// The bound port of the channel management API once started; nil when the configuration asks for none.
    public var channelsPort: Int? { state.snapshot.channelsPort }

    /// Every broadcast channel the server holds, oldest first per app.
    public var channels: [BroadcastChannel] { core.channels.all }

    /// Binds and starts serving. Returns the bound port (the chosen one when the configuration says 0).
    /// Throws ``APNsError`` (unreachable) when the address cannot be bound; a server starts once.
    @discardableResult
    public func start() async throws -> Int {
        let group: MultiThreadedEventLoopGroup? = state.withLock { state in
            guard state.group == nil, !state.stopped else { return nil }
            let group = MultiThreadedEventLoopGroup(numberOfThreads: configuration.threads)
            state.group = group
            return group
        }
        guard let group else {
            throw APNsError(.internalError, "the mock server was already started", hint: "make a new MockAPNsServer")
        }
        let bootstrap = self.bootstrap(group: group, listener: .push)
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        } catch {
            state.withLock {
                $0.group = nil
                $0.stopped = true
            }
            try? await group.shutdownGracefully()
            throw Self.bindFailure(host: configuration.host, port: configuration.port, error: error)
        }
        let port = channel.localAddress?.port ?? configuration.port
        state.withLock {
            $0.channel = channel
            $0.port = port
        }
        try await startChannelsListener(group: group)
        return port
    }

    /// Binds the channel management API's listener when the configuration asks for one; on failure stops the server.
    private func startChannelsListener(group: MultiThreadedEventLoopGroup) async throws {
        guard let channelsPort = configuration.channelsPort else { return }
        do {
            let channel = try await bootstrap(group: group, listener: .channels)
                .bind(host: configuration.host, port: channelsPort).get()
            state.withLock {
                $0.channelsChannel = channel
                $0.channelsPort = channel.localAddress?.port ?? channelsPort
            }
        } catch {
            await stop()
            throw APNsError.unreachable("cannot listen on \(configuration.host):\(channelsPort) (channels): \(error)",
                                        remedy: MockRemedy.pickChannelsPort)
        }
    }

    private func bootstrap(group: MultiThreadedEventLoopGroup, listener: MockListener) -> ServerBootstrap {
        let sslContext = self.sslContext
        let clientVerifier = self.clientVerifier
        let core = self.core
        return ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { [self] channel in
                let connection = ConnectionContext(id: core.nextConnectionID(), channel: channel, listener: listener)
                register(connection)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        FirstBytesRecorder(connection: connection),
                        Self.tlsHandler(sslContext, clientVerifier: clientVerifier, connection: connection),
                        TLSFailureLogger(core: core, connection: connection),
                        ProtocolNegotiationHandler { [self] channel, outcome in
                            switch outcome {
                            case .http2: return configureHTTP2(channel, connection: connection)
                            case .refused(let why): return configureRefusal(channel, connection: connection, why: why)
                            }
                        })
                }
            }
    }

    /// Stops accepting, sends every HTTP/2 connection a GOAWAY whose data is `{"reason":"<reason>"}`, closes
    /// the connections and releases the threads. Safe to call more than once.
    public func stop(reason: APNsReason = .shutdown) async {
        let (group, channel, channelsChannel, connections) = state.withLock { state in
            defer {
                state.stopped = true
                state.group = nil
                state.channel = nil
                state.channelsChannel = nil
            }
            return (state.group, state.channel, state.channelsChannel, Array(state.connections.values))
        }
        guard let group else { return }
        try? await channel?.close()
        try? await channelsChannel?.close()
        for connection in connections {
            try? await connection.goAway(reason: reason).get()
        }
        try? await group.shutdownGracefully()
    }

    /// The requests received so far with the answers given, oldest first (the latest
    /// ``MockServerConfiguration/retainedRequests`` of them).
    public var receivedRequests: [ReceivedRequest] { core.receivedRequests }

    /// The log lines written so far, oldest first (as many as requests are retained).
    public var logLines: [String] { core.logLines }

    /// How many HTTP/2 requests the server has answered (or, stalled, taken), retained or not.
    public var requestCount: Int { core.requestCount }

    // MARK: - Plumbing

    /// What APNs advertises once a connection is authenticated.
    static let maxConcurrentStreams = 1000

    /// SETTINGS_MAX_HEADER_LIST_SIZE as APNs advertises it (``PushRules/headerListLimit``).
    static let maxHeaderListSize = PushRules.headerListLimit

    /// PING, SETTINGS and PRIORITY frames a connection may send per 30 s before it gets GOAWAY ENHANCE_YOUR_CALM.
    /// NIO's default (200) cut off `curl --parallel` bursts; a provider pinging every second and sending a PRIORITY
    /// frame per stream for 1000 streams a second stays well below this, and a flood is still bounded.
    static let controlFramesPer30Seconds = 100_000

    /// RST_STREAM frames a connection may send per 30 s before it gets GOAWAY ENHANCE_YOUR_CALM. curl resets every
    /// stream it has read an answer on (STREAM_CLOSED), so NIO's default (200) cut off a `curl --parallel` burst of
    /// 1000 pushes and made clients retry answered ones. 1000 pushes a second with a reset each stays below this;
    /// a reset flood is still bounded.
    static let resetFramesPer30Seconds = 100_000

    private static let ipv6Loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]

    /// The generated CA's common name: `apnsctl mock APNs CA` and eight random hex digits.
    static func certificateAuthorityName() -> String {
        let suffix = String(UInt32.random(in: .min ... .max), radix: 16)
        return "apnsctl mock APNs CA " + String(repeating: "0", count: 8 - suffix.count) + suffix
    }

    private static func makeSSLContext(identity: TLSIdentity, clientCAPEM: String?) throws -> NIOSSLContext {
        do {
            let chain = try NIOSSLCertificate.fromPEMBytes(Array(identity.certificatePEM.utf8))
            let key = try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem)
            var tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                               privateKey: .privateKey(key))
            tls.minimumTLSVersion = .tlsv12
            // http/1.1 is listed only so that a client offering nothing else is told apart from one offering no ALPN.
            tls.applicationProtocols = ["h2", "http/1.1"]
            if let clientCAPEM {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(clientCAPEM.utf8)))
                tls.certificateVerification = .optionalVerification
            }
            return try NIOSSLContext(configuration: tls)
        } catch {
            throw APNsError.badInput("TLS identity: cannot use the certificate and key: \(error)",
                                     remedy: MockRemedy.giveTLSIdentity)
        }
    }

    /// One clean error for an address that cannot be bound: the address and the cause in words (not NIO's
    /// `bind(descriptor:ptr:bytes:): … (errno: 98)`), and a hint.
    static func bindFailure(host: String, port: Int, error: any Error) -> APNsError {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let reason: String, hint: String, remedy: MockRemedy?
        switch (error as? IOError)?.errnoCode {
        case EADDRINUSE?:
            (reason, hint, remedy) = ("the address is already in use", "", .portInUse(port: port))
        case EACCES?:
            (reason, hint, remedy) = ("permission denied", "", .privilegedPort)
        case EADDRNOTAVAIL?:
            reason = "no network interface of this machine has that address"
            (hint, remedy) = ("listen on 127.0.0.1 (the default) or an address this machine has", nil)
        case let code?:
            (reason, hint, remedy) = (String(cString: strerror(code)).lowercased(), "", .pickHostOrPort)
        case nil:
            reason = error is SocketAddressError ? "the host name does not resolve to an address" : "\(error)"
            (hint, remedy) = ("", .resolvableHost)
        }
        return APNsError.unreachable("cannot listen on \(address): \(reason)", hint: hint, remedy: remedy)
    }

    /// The TLS handler; with `--client-ca`, client certificates are verified by ``ClientCertificateVerifier``
    /// (which keeps the reason of a refusal for the log) instead of BoringSSL's bare verdict.
    private static func tlsHandler(_ context: NIOSSLContext, clientVerifier: ClientCertificateVerifier?,
                                   connection: ConnectionContext) -> NIOSSLServerHandler {
        guard let clientVerifier else { return NIOSSLServerHandler(context: context) }
        return NIOSSLServerHandler(context: context) { certificates, promise in
            let chain = certificates.compactMap { try? $0.toDERBytes() }
            Task(executorPreference: EventLoopTaskExecutor(promise.futureResult.eventLoop)) {
                let problem = await clientVerifier.problem(chain: chain)
                if let problem { connection.tlsDiagnosis.withLock { $0.certificateProblem = problem } }
                promise.succeed(problem == nil ? .certificateVerified : .failed)
            }
        }
    }

    private func register(_ connection: ConnectionContext) {
        state.withLock { $0.connections[connection.id] = connection }
        connection.channel.closeFuture.whenComplete { [self] _ in
            _ = state.withLock { $0.connections.removeValue(forKey: connection.id) }
        }
    }

    private func configureHTTP2(_ channel: any Channel, connection: ConnectionContext) -> EventLoopFuture<Void> {
        let certificate = (try? channel.pipeline.syncOperations.nioSSL_peerCertificate())
            .flatMap { $0 }
            .flatMap { try? ClientCertificateIdentity(derEncoded: $0.toDERBytes()) }
        // APNs allows one stream on a token connection until a push succeeds; a client certificate is proof enough.
        let streams = certificate == nil ? configuration.streamsBeforeFirstSuccess : Self.maxConcurrentStreams
        // APNs lowers the limit to 1 after a rejected push, until the next success (pushes, not channel management).
        connection.startHTTP2(clientCertificate: certificate, streamLimit: streams,
                              throttle: configuration.streamThrottle && connection.listener == .push)
        let core = self.core
        var settings = NIOHTTP2Handler.ConnectionConfiguration()
        // NIO enforces SETTINGS_MAX_CONCURRENT_STREAMS as a connection error; it is told 1000 and the wire says
        // what the connection advertises (OutboundFrameEditor), so the mock refuses the excess streams itself, one
        // by one. The header list limit is NIO's own: its HPACK decoder enforces it once the client acknowledged it.
        settings.initialSettings = [HTTP2Setting(parameter: .maxConcurrentStreams, value: Self.maxConcurrentStreams),
                                    HTTP2Setting(parameter: .maxHeaderListSize, value: Self.maxHeaderListSize)]
        settings.controlFrameRateLimit.maximumCount = Self.controlFramesPer30Seconds
        // Streams refused or reset by the mock whose late frames are ignored rather than answered with a reset.
        settings.maximumRecentlyResetStreams = Self.maxConcurrentStreams
        var streamSettings = NIOHTTP2Handler.StreamConfiguration()
        streamSettings.streamResetFrameRateLimit.maximumCount = Self.resetFramesPer30Seconds
        do {
            // Before the HTTP/2 handler, which writes its SETTINGS as soon as it is added.
            try channel.pipeline.syncOperations.addHandler(OutboundFrameEditor(core: core, connection: connection))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        // No stream multiplexer: the frames go to HTTP2RequestHandler, which serves every stream inline.
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandlers(
                NIOHTTP2Handler(mode: .server, connectionConfiguration: settings, streamConfiguration: streamSettings),
                HTTP2RequestHandler(core: core, connection: connection))
        }
    }

    private func configureRefusal(_ channel: any Channel, connection: ConnectionContext,
                                  why: String) -> EventLoopFuture<Void> {
        let core = self.core
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(HTTP1RefusalHandler(core: core, connection: connection,
                                                                               why: why))
        }
    }
}
