import NIOCore
import NIOSSL
import NIOTLS

/// Logs a failed TLS handshake with the peer and the reason in words: a client certificate refused (expired, from
/// another CA: see ``ClientCertificateVerifier``), plaintext (an HTTP/2 preface or an HTTP/1 request) sent to the
/// TLS port, the client refusing the mock's certificate (its alert), or what TLS itself said. It sits after the TLS handler and leaves once the handshake is done.
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
        let names = reasonNames(underlying)
        if let (alert, meaning) = alerts.first(where: { names.contains($0.0) }) {
            return "TLS handshake failed: the client sent the alert \(alert): \(meaning)"
        }
        if names.contains("DECRYPTION_FAILED_OR_BAD_RECORD_MAC") {
            return "TLS handshake failed: the client ended the handshake after the mock's certificate with a record "
                + "the mock cannot read, as a TLS 1.3 client does when it rejects the certificate: most likely it "
                + "does not trust the mock's CA; give it the CA file the mock printed"
        }
        return "TLS handshake failed: " + (names.isEmpty ? underlying : names.joined(separator: ", "))
    }

    /// BoringSSL's reason names in an error's text (`…:OPENSSL_internal:WRONG_VERSION_NUMBER at file:line`), without
    /// the source paths and numbers around them.
    static func reasonNames(_ text: String) -> [String] {
        text.components(separatedBy: "OPENSSL_internal:").dropFirst().map { part in
            String(part.prefix { $0.isUppercase || $0.isNumber || $0 == "_" })
        }.filter { !$0.isEmpty }
    }

    /// TLS alerts a client sends when it refuses the mock's certificate, by BoringSSL's name, and what they mean.
    private static let alerts: [(String, String)] = [
        ("TLSV1_ALERT_UNKNOWN_CA", "it does not trust the mock's CA; give it the CA file the mock printed"),
        ("SSLV3_ALERT_BAD_CERTIFICATE", "it refused the mock's certificate (wrong name, or its CA not trusted)"),
        ("SSLV3_ALERT_CERTIFICATE_UNKNOWN",
         "it refused the mock's certificate (its CA not trusted, or not valid for the name it connected to)"),
        ("SSLV3_ALERT_CERTIFICATE_EXPIRED", "it finds the mock's certificate expired (check both clocks)"),
        ("TLSV1_ALERT_PROTOCOL_VERSION", "it offers no TLS version the mock accepts (1.2 or 1.3)"),
    ]
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
