import APNsCore
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
    private let core: MockCore
    private let state = LockedBox(RunState())

    private struct RunState {
        var group: MultiThreadedEventLoopGroup?
        var channel: (any Channel)?
        var port: Int?
        var connections: [Int: ConnectionContext] = [:]
        var stopped = false
    }

    /// Prepares the TLS identity and the validator. Throws ``APNsError`` for unreadable or bad PEM input.
    public init(configuration: MockServerConfiguration) throws {
        self.configuration = configuration
        let identity: TLSIdentity
        switch configuration.tls {
        case .generate:
            let authority = try MockCertificateAuthority(now: configuration.clock.now())
            identity = try authority.issueServerIdentity(dnsNames: ["localhost"],
                                                         ipAddresses: [[127, 0, 0, 1], Self.ipv6Loopback],
                                                         now: configuration.clock.now())
            self.certificateAuthority = authority
        case .identity(let given):
            identity = given
            self.certificateAuthority = nil
        case .files(let certificate, let privateKey):
            identity = TLSIdentity(certificatePEM: String(decoding: try SecureFile.read(certificate), as: UTF8.self),
                                   privateKeyPEM: String(decoding: try SecureFile.read(privateKey), as: UTF8.self))
            self.certificateAuthority = nil
        }
        self.sslContext = try Self.makeSSLContext(identity: identity, clientCAPEM: configuration.clientCAPEM)
        self.core = MockCore(configuration: configuration)
    }

    /// The CA certificate (PEM) clients must trust, when the server generated its own identity.
    public var certificateAuthorityPEM: String? {
        try? certificateAuthority?.certificatePEM
    }

    /// The bound port once started.
    public var port: Int? { state.snapshot.port }

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
        let sslContext = self.sslContext
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { [self] channel in
                let connection = ConnectionContext(id: core.nextConnectionID(), channel: channel)
                register(connection)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        NIOSSLServerHandler(context: sslContext),
                        ProtocolNegotiationHandler { [self] channel, outcome in
                            switch outcome {
                            case .http2: return configureHTTP2(channel, connection: connection)
                            case .refused(let why): return configureRefusal(channel, connection: connection, why: why)
                            }
                        })
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        } catch {
            state.withLock {
                $0.group = nil
                $0.stopped = true
            }
            try? await group.shutdownGracefully()
            throw APNsError.unreachable("cannot listen on \(configuration.host):\(configuration.port): \(error)",
                                        hint: "pick another --port, or 0 for any free one")
        }
        let port = channel.localAddress?.port ?? configuration.port
        state.withLock {
            $0.channel = channel
            $0.port = port
        }
        return port
    }

    /// Stops accepting, sends every HTTP/2 connection a GOAWAY whose data is `{"reason":"<reason>"}`, closes
    /// the connections and releases the threads. Safe to call more than once.
    public func stop(reason: APNsReason = .shutdown) async {
        let (group, channel, connections) = state.withLock { state in
            defer {
                state.stopped = true
                state.group = nil
                state.channel = nil
            }
            return (state.group, state.channel, Array(state.connections.values))
        }
        guard let group else { return }
        try? await channel?.close()
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

    /// PING, SETTINGS and PRIORITY frames a connection may send per 30 s before it gets GOAWAY ENHANCE_YOUR_CALM.
    /// NIO's default (200) cut off `curl --parallel` bursts; a provider pinging every second and sending a PRIORITY
    /// frame per stream for 1000 streams a second stays well below this, and a flood is still bounded.
    static let controlFramesPer30Seconds = 100_000

    private static let ipv6Loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]

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
                                     hint: "pass a PEM certificate with --tls-cert and its PEM private key with --tls-key")
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
        connection.startHTTP2(clientCertificate: certificate, raisedStreams: streams >= Self.maxConcurrentStreams)
        let core = self.core
        var settings = NIOHTTP2Handler.ConnectionConfiguration()
        settings.initialSettings = [HTTP2Setting(parameter: .maxConcurrentStreams, value: streams),
                                    HTTP2Setting(parameter: .maxHeaderListSize, value: 16_384)]
        settings.controlFrameRateLimit.maximumCount = Self.controlFramesPer30Seconds
        return channel.configureHTTP2Pipeline(
            mode: .server, connectionConfiguration: settings, streamConfiguration: .init()
        ) { stream in
            stream.eventLoop.makeCompletedFuture {
                try stream.pipeline.syncOperations.addHandler(HTTP2StreamHandler(core: core, connection: connection))
            }
        }.flatMapThrowing { _ in
            let http2 = try channel.pipeline.syncOperations.handler(type: NIOHTTP2Handler.self)
            try channel.pipeline.syncOperations.addHandler(GoAwayLogger(core: core, connection: connection),
                                                           position: .before(http2))
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
