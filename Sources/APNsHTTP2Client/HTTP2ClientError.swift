/// Why an ``HTTP2Connection`` got no answer: the phase that failed, with what the network stack said.
public enum HTTP2ClientError: Error, Sendable, Equatable {
    /// The host name did not resolve.
    case dns(String)
    /// No TCP connection (refused, unreachable).
    case connect(String)
    /// The TLS handshake or the server's certificate failed; `alert` is the fatal TLS alert the server sent
    /// (RFC 8446 §6.2), when known.
    case tls(String, alert: Int?)
    /// The server's first bytes were not TLS: a plain-text port.
    case notTLS(String)
    /// The handshake completed but the server did not select HTTP/2 (ALPN h2).
    case notHTTP2(selected: String?)
    /// The client certificate or key could not be used.
    case credential(String)
    /// The server ended the connection: GOAWAY (with its error code and debug text), EOF or a reset.
    case closed(String)
    /// The server reset the request's stream (RST_STREAM with this HTTP/2 error code).
    case streamReset(code: Int)
    /// The HTTP/2 session broke: a frame or header the protocol does not allow.
    case protocolViolation(String)
    /// No answer within the bound; `phase` says where the request was.
    case timeout(phase: HTTP2Phase)
    /// Anything else the network stack reported.
    case other(String)

    /// One line saying what went wrong.
    public var message: String {
        switch self {
        case .dns(let text): return "cannot resolve the host: \(text)"
        case .connect(let text): return "cannot connect: \(text)"
        case .tls(let text, let alert):
            return alert.map { "the TLS handshake failed with alert \($0): \(text)" } ?? "the TLS handshake failed: \(text)"
        case .notTLS(let text): return "the server does not speak TLS: \(text)"
        case .notHTTP2(let selected):
            return "the server did not select HTTP/2 in the TLS handshake (ALPN h2); it selected \(selected ?? "nothing")"
        case .credential(let text): return "the client certificate cannot be used: \(text)"
        case .closed(let text): return "the connection was closed: \(text)"
        case .streamReset(let code): return "the server reset the stream (HTTP/2 error code \(code))"
        case .protocolViolation(let text): return "HTTP/2 protocol error: \(text)"
        case .timeout(let phase): return "no answer in time (\(phase.description))"
        case .other(let text): return text
        }
    }

    /// Whether the request reached the server: the failure came after the TLS handshake and ALPN.
    public var afterHandshake: Bool {
        switch self {
        case .dns, .connect, .tls, .notTLS, .notHTTP2, .credential: return false
        case .closed, .streamReset, .protocolViolation, .other: return true
        case .timeout(let phase): return phase == .waitingForAnswer
        }
    }
}

/// Where a connection or request was when it ran out of time.
public enum HTTP2Phase: Sendable, Equatable, CustomStringConvertible {
    /// Opening the TCP connection.
    case connecting
    /// In the TLS handshake.
    case handshake
    /// The request was sent; no complete answer (or PING acknowledgement) came.
    case waitingForAnswer

    public var description: String {
        switch self {
        case .connecting: return "while connecting: no TCP connection"
        case .handshake: return "while connecting: no TLS handshake completed"
        case .waitingForAnswer: return "after connecting, waiting for the response"
        }
    }
}
