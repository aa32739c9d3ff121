import NIOCore
import NIOSSL
import NIOTLS

/// When the TCP connection came up and the TLS handshake completed, and the protocol ALPN selected.
struct HandshakeResult: Sendable {
    var activeAt: NIODeadline
    var completedAt: NIODeadline
    var negotiatedProtocol: String?
}

/// Sits behind the TLS handler and completes `promise` once: with the handshake's result, with the first error,
/// with `.closed` when the connection ends first, or with a timeout at `deadline`.
final class HandshakeWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let promise: EventLoopPromise<HandshakeResult>
    private let deadline: NIODeadline
    private var activeAt: NIODeadline?
    private var done = false

    init(promise: EventLoopPromise<HandshakeResult>, deadline: NIODeadline) {
        self.promise = promise
        self.deadline = deadline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { activeAt = .now() }
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(deadline: deadline) {
            let watcher = bound.value
            watcher.finish(.failure(HTTP2ClientError.timeout(phase: watcher.activeAt == nil ? .connecting : .handshake)))
        }
    }

    func channelActive(context: ChannelHandlerContext) {
        activeAt = .now()
        context.fireChannelActive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted(let negotiated) = event as? TLSUserEvent {
            let now = NIODeadline.now()
            finish(.success(HandshakeResult(activeAt: activeAt ?? now, completedAt: now, negotiatedProtocol: negotiated)))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(.failure(HTTP2ClientError(error, phase: .handshake)))
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(.failure(HTTP2ClientError.closed("the server closed the connection during the TLS handshake")))
        context.fireChannelInactive()
    }

    private func finish(_ result: Result<HandshakeResult, any Error>) {
        guard !done else { return }
        done = true
        promise.completeWith(result)
    }
}
