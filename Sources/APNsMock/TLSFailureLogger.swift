import NIOCore
import NIOSSL
import NIOTLS

/// Logs a failed TLS handshake with the peer and the reason in words: a client certificate refused (expired, from
/// another CA: see ``ClientCertificateVerifier``), plaintext (an HTTP/2 preface or an HTTP/1 request) sent to the
/// TLS port, or what TLS itself said. It sits after the TLS handler and leaves once the handshake is done.
final class TLSFailureLogger: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let core: MockCore
    private let connection: ConnectionContext
    private var logged = false

    init(core: MockCore, connection: ConnectionContext) {
        self.core = core
        self.connection = connection
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        context.fireUserInboundEventTriggered(event)
        if let tls = event as? TLSUserEvent, case .handshakeCompleted = tls {
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !logged, let tlsError = error as? NIOSSLError, case .handshakeFailed(let underlying) = tlsError {
            logged = true
            let diagnosis = connection.tlsDiagnosis.snapshot
            let detail = Self.reason(underlying: "\(underlying)", firstBytes: diagnosis.firstBytes,
                                     certificateProblem: diagnosis.certificateProblem)
            core.write(MockLogEntry(tlsFailure: detail, time: core.clock.now(), connection: connection.id,
                                    remote: connection.remote))
        }
        context.fireErrorCaught(error)
    }

    /// The HTTP/2 client preface's first line.
    private static let prefaceStart = Array("PRI * HTTP/2.0".utf8)
    /// A TLS record carrying a handshake message (a ClientHello) starts with this byte.
    private static let handshakeRecord: UInt8 = 0x16

    /// Why the handshake failed, in words. Pure.
    static func reason(underlying: String, firstBytes: [UInt8], certificateProblem: String?) -> String {
        if let certificateProblem {
            return "TLS handshake failed: \(certificateProblem)"
        }
        if firstBytes.starts(with: prefaceStart) {
            return "TLS handshake failed: the client sent a plaintext HTTP/2 preface (PRI * HTTP/2.0), not a TLS "
                + "ClientHello: it speaks HTTP/2 without TLS (h2c, prior knowledge); APNs and the mock need TLS (https)"
        }
        if let first = firstBytes.first, first != handshakeRecord,
           firstBytes.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0x0D || $0 == 0x0A }) {
            let line = String(decoding: firstBytes.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
            return "TLS handshake failed: the client sent plaintext (\"\(line)\"), not a TLS ClientHello: use https"
        }
        return "TLS handshake failed: \(underlying)"
    }
}

/// Keeps the first bytes a client sends, before TLS reads them, for ``TLSFailureLogger``; then leaves.
final class FirstBytesRecorder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connection: ConnectionContext

    init(connection: ConnectionContext) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let first = buffer.getBytes(at: buffer.readerIndex, length: min(24, buffer.readableBytes)) ?? []
        connection.tlsDiagnosis.withLock { $0.firstBytes = first }
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
