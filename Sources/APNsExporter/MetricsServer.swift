import NIOCore
import NIOHTTP1
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// The exporter's HTTP/1.1 endpoint: `GET /metrics` (Prometheus text format 0.0.4) and `GET /healthz`.
public final class MetricsServer: Sendable {
    /// Where it listens (the port the system chose when 0 was asked).
    public let host: String
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    /// Binds `host:port` and serves `metrics()` at `/metrics`.
    public static func start(host: String, port: Int,
                             metrics: @escaping @Sendable () -> [UInt8]) async throws(ListenError) -> MetricsServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(Handler(metrics: metrics))
                }
            }
        do {
            let channel = try await bootstrap.bind(host: host, port: port).get()
            return MetricsServer(host: host, port: channel.localAddress?.port ?? port, group: group, channel: channel)
        } catch {
            try? await group.shutdownGracefully()
            throw ListenError(host: host, port: port, error: error)
        }
    }

    private init(host: String, port: Int, group: MultiThreadedEventLoopGroup, channel: any Channel) {
        self.host = host
        self.port = port
        self.group = group
        self.channel = channel
    }

    /// Stops listening and closes every connection.
    public func stop() async {
        try? await channel.close().get()
        try? await group.shutdownGracefully()
    }

    /// The listen address could not be bound: where, and why in words (never NIO's `bind(descriptor:…)`).
    public struct ListenError: Error, Sendable, Equatable {
        /// `HOST:PORT` (an IPv6 host in brackets).
        public var address: String
        public var port: Int
        public var cause: Cause

        /// Why the address could not be bound.
        public enum Cause: Sendable, Equatable {
            /// Another socket holds the address (EADDRINUSE).
            case addressInUse
            /// A port below 1024 without the privilege (EACCES).
            case permissionDenied
            /// No interface of this machine has the address (EADDRNOTAVAIL).
            case addressNotAvailable
            /// The host name resolves to no address.
            case unresolvable
            /// Another cause, in the system's words.
            case other(String)
        }

        init(host: String, port: Int, error: any Error) {
            address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
            self.port = port
            switch (error as? IOError)?.errnoCode {
            case EADDRINUSE?: cause = .addressInUse
            case EACCES?: cause = .permissionDenied
            case EADDRNOTAVAIL?: cause = .addressNotAvailable
            case let code?: cause = .other(String(cString: strerror(code)).lowercased())
            case nil: cause = error is SocketAddressError ? .unresolvable : .other("\(error)")
            }
        }
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let metrics: @Sendable () -> [UInt8]
        private var head: HTTPRequestHead?

        init(metrics: @escaping @Sendable () -> [UInt8]) {
            self.metrics = metrics
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): self.head = head
            case .body: break
            case .end:
                guard let head else { return }
                self.head = nil
                respond(context: context, head: head)
            }
        }

        private func respond(context: ChannelHandlerContext, head: HTTPRequestHead) {
            let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
            let status: HTTPResponseStatus
            let body: [UInt8]
            var contentType = "text/plain; charset=utf-8"
            switch (head.method, path) {
            case (.GET, "/metrics"), (.HEAD, "/metrics"):
                status = .ok
                body = metrics()
                contentType = "text/plain; version=0.0.4; charset=utf-8"
            case (.GET, "/healthz"), (.HEAD, "/healthz"):
                status = .ok
                body = Array("ok\n".utf8)
            case (_, "/metrics"), (_, "/healthz"):
                status = .methodNotAllowed
                body = Array("only GET\n".utf8)
            default:
                status = .notFound
                body = Array("not found: /metrics and /healthz are served here\n".utf8)
            }
            var headers = HTTPHeaders()
            headers.add(name: "content-type", value: contentType)
            headers.add(name: "content-length", value: String(body.count))
            let keepAlive = head.isKeepAlive
            if !keepAlive { headers.add(name: "connection", value: "close") }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
                          promise: nil)
            if head.method != .HEAD {
                context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
            }
            let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                let channel = context.channel
                done.whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }
}
