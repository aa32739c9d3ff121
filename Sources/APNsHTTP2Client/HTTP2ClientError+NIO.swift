import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

extension HTTP2ClientError {
    /// The typed error for what NIO, NIOSSL or NIOHTTP2 threw while the connection was in `phase`.
    init(_ error: any Error, phase: HTTP2Phase) {
        if let typed = error as? HTTP2ClientError {
            self = typed
            return
        }
        if let connection = error as? NIOConnectionError {
            if connection.connectionErrors.isEmpty, let dns = connection.dnsAError ?? connection.dnsAAAAError {
                self = .dns(String(describing: dns))
            } else {
                self = .connect(connection.connectionErrors.first.map { String(describing: $0.error) }
                                ?? String(describing: error))
            }
            return
        }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout: self = .timeout(phase: .connecting)
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed:
                self = .closed("the server closed the connection")
            default: self = phase == .connecting ? .connect(String(describing: channel)) : .other(String(describing: channel))
            }
            return
        }
        if let ssl = error as? NIOSSLError {
            switch ssl {
            case .uncleanShutdown: self = .closed("the server ended the connection without a TLS close_notify")
            case .handshakeFailed(let boring): self = Self.tls(String(describing: boring))
            default: self = Self.tls(String(describing: ssl))
            }
            return
        }
        if error is BoringSSLError || error is NIOSSLExtraError {
            self = Self.tls(String(describing: error))
            return
        }
        if let io = error as? IOError {
            self = phase == .connecting ? .connect(io.description) : .closed(io.description)
            return
        }
        let text = String(describing: error)
        if String(reflecting: type(of: error)).contains("NIOHTTP2") {
            self = .protocolViolation(text)
        } else {
            self = .other(text)
        }
    }

    /// OpenSSL's words for a peer whose first bytes are not a TLS record: a plain-text (HTTP or h2c) port.
    static let notTLSWords = ["WRONG_VERSION_NUMBER", "PACKET_LENGTH_TOO_LONG", "RECORD_LAYER_FAILURE", "UNKNOWN_PROTOCOL",
                              "HTTP_REQUEST", "wrong version number", "packet length too long"]

    /// BoringSSL's names of the fatal alerts a server sends, with their RFC 8446 codes.
    static let alertNames: [(String, Int)] = [
        ("SSLV3_ALERT_HANDSHAKE_FAILURE", 40), ("SSLV3_ALERT_BAD_CERTIFICATE", 42),
        ("SSLV3_ALERT_UNSUPPORTED_CERTIFICATE", 43), ("SSLV3_ALERT_CERTIFICATE_REVOKED", 44),
        ("SSLV3_ALERT_CERTIFICATE_EXPIRED", 45), ("SSLV3_ALERT_CERTIFICATE_UNKNOWN", 46),
        ("TLSV1_ALERT_UNKNOWN_CA", 48), ("TLSV1_ALERT_ACCESS_DENIED", 49), ("TLSV1_ALERT_DECODE_ERROR", 50),
        ("TLSV1_ALERT_DECRYPT_ERROR", 51), ("TLSV1_ALERT_PROTOCOL_VERSION", 70), ("TLSV1_ALERT_INTERNAL_ERROR", 80),
        ("TLSV1_CERTIFICATE_REQUIRED", 116), ("TLSV1_ALERT_NO_APPLICATION_PROTOCOL", 120),
    ]

    /// A TLS failure, told apart from a plain-text port, with the server's alert when BoringSSL names one.
    static func tls(_ text: String) -> HTTP2ClientError {
        if notTLSWords.contains(where: { text.contains($0) }) { return .notTLS(text) }
        return .tls(text, alert: alertNames.first { text.contains($0.0) }?.1)
    }
}
