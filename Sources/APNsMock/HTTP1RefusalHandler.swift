import NIOCore
import NIOHTTP1

/// Answers a client that did not negotiate HTTP/2 (ALPN h2): one `505 HTTP Version Not Supported` with a JSON
/// explanation, then closes the connection. APNs speaks nothing but HTTP/2.
final class HTTP1RefusalHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let core: MockCore
    private let connection: ConnectionContext
    private var refused = false

    init(core: MockCore, connection: ConnectionContext) {
        self.core = core
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data), !refused else { return }
        refused = true
        let status = HTTPResponseStatus.httpVersionNotSupported
        core.write(MockLogEntry(refusedHTTP1: head.method.rawValue, path: head.uri, status: Int(status.code),
                                time: core.clock.now(), connection: connection.id, remote: connection.remote))
        let body = Array(#"{"reason":"HTTP/2 required: negotiate ALPN h2"}"#.utf8)
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json")
        headers.add(name: "content-length", value: String(body.count))
        headers.add(name: "connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
                      promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { [channel = context.channel] _ in
            channel.close(promise: nil)
        }
    }
}
