import APNsCore
import APNsMock
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A local App Store Connect over TLS (HTTP/1.1), JSON:API shaped, serving the provisioning endpoints (bundle ids,
/// their capabilities, devices, certificates, profiles) with Apple's bodies and error shapes.
///
/// ```swift
/// let server = try await MockAppStoreConnectServer.start(.init(trustedKeys: [key]))
/// // … https://127.0.0.1:\(server.port)/v1/bundleIds, trusting server.caCertificatePEM …
/// try await server.stop()
/// ```
public final class MockAppStoreConnectServer: Sendable {
    /// The bound port.
    public let port: Int
    /// The CA that signs its TLS certificate (unless one was given), its certificates and its profiles.
    public let caCertificatePEM: String
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let service: MockASCService
    private let stopped = NIOLockedValueBox(false)

    private init(port: Int, caCertificatePEM: String, group: MultiThreadedEventLoopGroup, channel: any Channel,
                 service: MockASCService) {
        self.port = port
        self.caCertificatePEM = caCertificatePEM
        self.group = group
        self.channel = channel
        self.service = service
    }

    /// Reads the state, makes the CA (and the TLS identity unless given), binds and serves.
    /// Throws ``MockAppStoreConnectError``.
    public static func start(_ configuration: MockAppStoreConnectConfiguration) async throws -> MockAppStoreConnectServer {
        let now = configuration.now()
        let seeded = try configuration.statePath.map(MockASCState.load) ?? MockASCState()
        let oldest = seeded.profiles.compactMap { MockASCDate.parse($0.createdDate) }.min()
        let authority = try MockASCAuthority.make(now: now, covering: oldest)
        let identity = try configuration.tlsIdentity
            ?? authority.issueServerIdentity(dnsNames: ["localhost"],
                                             ipAddresses: [[127, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]],
                                             now: now)
        let context = try makeSSLContext(identity)
        let service = try MockASCService(configuration: configuration, state: seeded, authority: authority)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(MockASCHTTPHandler(service: service))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        } catch {
            try? await group.shutdownGracefully()
            throw MockAppStoreConnectError.cannotListen(host: configuration.host, port: configuration.port,
                                                       errno: (error as? IOError)?.errnoCode, reason: "\(error)")
        }
        return MockAppStoreConnectServer(port: channel.localAddress?.port ?? configuration.port,
                                         caCertificatePEM: try authority.certificatePEM, group: group,
                                         channel: channel, service: service)
    }

    /// How many requests it has answered.
    public var requestCount: Int { service.requestCount }

    /// Adds faults to play on the next requests (after those still pending).
    public func inject(_ faults: [MockAppStoreConnectFault]) { service.inject(faults) }

    /// Stops listening, closes the connections and releases its threads. Safe to call more than once.
    public func stop() async throws {
        let first = stopped.withLockedValue { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        try? await channel.close()
        try await group.shutdownGracefully()
    }

    private static func makeSSLContext(_ identity: TLSIdentity) throws -> NIOSSLContext {
        do {
            let chain = try NIOSSLCertificate.fromPEMBytes(Array(identity.certificatePEM.utf8))
            let key = try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem)
            var tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                               privateKey: .privateKey(key))
            tls.minimumTLSVersion = .tlsv12
            tls.applicationProtocols = ["http/1.1"]
            return try NIOSSLContext(configuration: tls)
        } catch {
            throw MockAppStoreConnectError.badTLSIdentity(reason: "\(error)")
        }
    }
}

/// Collects one HTTP/1.1 request (head and body), has the service answer it, and writes the answer.
final class MockASCHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let service: MockASCService
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private static let bodyLimit = 4 << 20

    init(service: MockASCService) { self.service = service }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(var buffer):
            if body.count < Self.bodyLimit, let bytes = buffer.readBytes(length: buffer.readableBytes) {
                body += bytes
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let request = MockASCRequest(head: head, body: body)
            body = []
            respond(context: context, service.answer(request), keepAlive: head.isKeepAlive)
        }
    }

    private func respond(context: ChannelHandlerContext, _ response: MockASCResponse, keepAlive: Bool) {
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: response.contentType)
        headers.add(name: "content-length", value: String(response.body.count))
        // Every answer is dated, as Apple's servers (and every HTTP origin, RFC 9110 §6.6.1) date theirs: a client
        // tells a token refused for a skewed clock from a bad key by it.
        headers.add(name: "date", value: HTTPDate.format(service.configuration.now()))
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        if !keepAlive { headers.add(name: "connection", value: "close") }
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: response.status),
                                    headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: response.body.count)
        buffer.writeBytes(response.body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let done = context.writeAndFlushPromise()
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
        if !keepAlive {
            let channel = context.channel
            done.futureResult.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}

private extension ChannelHandlerContext {
    func writeAndFlushPromise() -> EventLoopPromise<Void> { eventLoop.makePromise() }
}
