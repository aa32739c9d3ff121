import NIOCore

/// Answers a connection that is not HTTP/2 (see ``ProtocolNegotiationHandler``): one
/// `HTTP/1.1 505 HTTP Version Not Supported` with a JSON explanation, a log line, then the connection is closed.
/// APNs speaks nothing but HTTP/2.
///
/// It reads raw bytes, not HTTP: whatever the client sent (an HTTP/1.1 request, garbage, nothing at all) gets the
/// same answer. It waits for the end of the request head (so the client reads the answer rather than a reset), but
/// never longer than ``patience`` nor past ``headLimit`` bytes.
final class HTTP1RefusalHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let patience = TimeAmount.seconds(2)
    static let headLimit = 16 * 1024

    private let core: MockCore
    private let connection: ConnectionContext
    private let why: String
    private var received: [UInt8] = []
    private var refused = false
    private var timer: Scheduled<Void>?

    /// `why` says in words why the connection is refused (for the log).
    init(core: MockCore, connection: ConnectionContext, why: String) {
        self.core = core
        self.connection = connection
        self.why = why
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: Self.patience) {
            let (handler, context) = bound.value
            handler.refuse(context: context)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        var buffer = unwrapInboundIn(data)
        received += buffer.readBytes(length: min(buffer.readableBytes, Self.headLimit - received.count)) ?? []
        if received.count >= Self.headLimit || Self.headEnds(in: received) || !Self.looksLikeHTTP1(received) {
            refuse(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        if !refused {
            refused = true
            log(status: 0, detail: "closed by the client before an answer")
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func refuse(context: ChannelHandlerContext) {
        guard !refused else { return }
        refused = true
        timer?.cancel()
        log(status: 505, detail: "refused: APNs speaks HTTP/2 only (\(why))")
        let body = #"{"reason":"HTTP/2 required: negotiate ALPN h2 or send the HTTP/2 preface"}"#
        let response = "HTTP/1.1 505 HTTP Version Not Supported\r\ncontent-type: application/json\r\n"
            + "content-length: \(body.utf8.count)\r\nconnection: close\r\n\r\n" + body
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(string: response))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    private func log(status: Int, detail: String) {
        let (method, path) = Self.requestLine(received)
        core.write(MockLogEntry(refusedHTTP1: method, path: path, status: status, detail: detail,
                                time: core.clock.now(), connection: connection.id, remote: connection.remote))
    }

    /// `METHOD` and `target` from `METHOD target HTTP/1.x`, or `-` for what is not a request line.
    static func requestLine(_ bytes: [UInt8]) -> (String, String) {
        let line = bytes.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }
        let words = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard words.count == 3, words[2].hasPrefix("HTTP/") else { return ("-", "-") }
        return (String(words[0]), String(words[1]))
    }

    private static func headEnds(in bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        return (0...(bytes.count - 4)).contains { index in
            bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10
        }
    }

    /// Whether the bytes so far can be the start of an HTTP/1 request line (an upper-case method, a space).
    private static func looksLikeHTTP1(_ bytes: [UInt8]) -> Bool {
        let method = bytes.prefix { $0 != UInt8(ascii: " ") }
        guard !method.isEmpty, method.count <= 16 else { return false }
        return method.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }
}
