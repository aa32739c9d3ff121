import NIOCore
import NIOSSL
import NIOTLS

/// What a TLS connection turned out to speak.
enum NegotiatedProtocol: Equatable, Sendable {
    /// HTTP/2: ALPN `h2`, or no ALPN and the client preface sent with prior knowledge.
    case http2
    /// Anything else: ALPN `http/1.1` (or another protocol), or no ALPN and bytes that are not the HTTP/2 preface.
    /// The associated text says why, for the log.
    case refused(String)
}

/// Decides, once the TLS handshake is done, whether a connection gets HTTP/2 or the 505 refusal, the way APNs does.
///
/// - ALPN `h2`: HTTP/2.
/// - ALPN naming another protocol (a client that offered only `http/1.1`): refused.
/// - No ALPN (aioapns and other h2 clients that start with prior knowledge): the first 24 bytes decide; the HTTP/2
///   client preface `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n` gets HTTP/2, anything else is refused as soon as a byte differs.
///
/// The bytes read while deciding are handed on unchanged to the handlers `configure` installs; then this handler
/// leaves the pipeline. A client that sends nothing for ``decisionTimeout`` is refused too, so no connection idles.
final class ProtocolNegotiationHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The HTTP/2 client connection preface (RFC 9113 §3.4).
    static let preface: [UInt8] = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    /// How long a connection may stay undecided (handshake done, neither ALPN nor a full preface).
    static let decisionTimeout = TimeAmount.seconds(10)

    private enum State {
        case awaitingHandshake
        case peeking
        case configuring
    }

    private let configure: (any Channel, NegotiatedProtocol) -> EventLoopFuture<Void>
    private var state = State.awaitingHandshake
    private var buffered: ByteBuffer?
    private var timeout: Scheduled<Void>?

    /// `configure` installs the pipeline for the decided protocol (after this handler) and completes when done.
    init(configure: @escaping (any Channel, NegotiatedProtocol) -> EventLoopFuture<Void>) {
        self.configure = configure
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case .awaitingHandshake = state, let tls = event as? TLSUserEvent,
              case .handshakeCompleted(let negotiated) = tls else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        context.fireUserInboundEventTriggered(event)
        switch negotiated {
        case "h2"?:
            decide(.http2, context: context)
        case let other?:
            decide(.refused("ALPN offered \(other), not h2"), context: context)
        case nil:
            state = .peeking
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            timeout = context.eventLoop.scheduleTask(in: Self.decisionTimeout) {
                let (handler, context) = bound.value
                guard case .peeking = handler.state else { return }
                handler.decide(.refused("no ALPN and no HTTP/2 preface within 10 s"), context: context)
            }
            examineBuffered(context: context)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        if buffered == nil {
            buffered = incoming
        } else {
            buffered?.writeBuffer(&incoming)
        }
        if case .peeking = state { examineBuffered(context: context) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Held back until the decision; the installed handlers see the bytes and a read-complete together.
    }

    func channelInactive(context: ChannelHandlerContext) {
        timeout?.cancel()
        context.fireChannelInactive()
    }

    func removeHandler(context: ChannelHandlerContext, removalToken: ChannelHandlerContext.RemovalToken) {
        if let bytes = buffered, bytes.readableBytes > 0 {
            buffered = nil
            context.fireChannelRead(wrapInboundOut(bytes))
            context.fireChannelReadComplete()
        }
        context.leavePipeline(removalToken: removalToken)
    }

    /// Without ALPN: HTTP/2 once the whole preface is there, refused as soon as a byte differs.
    private func examineBuffered(context: ChannelHandlerContext) {
        guard let bytes = buffered, bytes.readableBytes > 0 else { return }
        let count = min(bytes.readableBytes, Self.preface.count)
        guard let head = bytes.getBytes(at: bytes.readerIndex, length: count) else { return }
        if head != Array(Self.preface.prefix(count)) {
            decide(.refused("no ALPN, and the first bytes are not the HTTP/2 preface"), context: context)
        } else if count == Self.preface.count {
            decide(.http2, context: context)
        }
    }

    private func decide(_ outcome: NegotiatedProtocol, context: ChannelHandlerContext) {
        state = .configuring
        timeout?.cancel()
        timeout = nil
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        configure(context.channel, outcome).whenComplete { result in
            let context = bound.value
            switch result {
            case .success:
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            case .failure(let error):
                context.fireErrorCaught(error)
                context.close(promise: nil)
            }
        }
    }
}
