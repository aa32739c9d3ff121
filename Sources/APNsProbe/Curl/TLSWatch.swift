import APNsCurl
import CCurl

/// What the servers of one transport did in their TLS handshakes: the last fatal alert they sent and whether they
/// asked for a client certificate. OpenSSL's callbacks write it (see `apns_easy_watch_tls`); the transport reads
/// it when a transfer fails or an answer needs explaining.
///
/// It must outlive every connection it watches: ``HTTP2Transport`` closes its connections before releasing it.
final class TLSWatch: @unchecked Sendable {
    let state: UnsafeMutablePointer<apns_tls_watch>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: apns_tls_watch())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The last fatal TLS alert the server sent, in OpenSSL's words ("certificate expired"), or nil.
    var alert: TLSAlert? {
        guard state.pointee.alert != 0 else { return nil }
        let text = withUnsafeBytes(of: state.pointee.alert_text) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return TLSAlert(code: Int(state.pointee.alert), description: text)
    }

    /// True once a server asked this transport's connections for a client certificate.
    var certificateRequested: Bool { state.pointee.certificate_requested != 0 }

    /// Forgets the last alert (before a new round: an old alert must not explain a new failure).
    func clearAlert() {
        state.pointee.alert = 0
    }

    /// Installs the watch on the connections `easy` opens. Quietly does nothing with a TLS backend other than
    /// OpenSSL: the watch then only ever reports nothing.
    func install(on easy: CurlEasy) {
        _ = apns_easy_watch_tls(easy.handle, state)
    }
}

/// A fatal TLS alert from the server (RFC 8446 §6.2), e.g. 45 certificate_expired, 48 unknown_ca.
public struct TLSAlert: Sendable, Equatable {
    /// The alert's number.
    public var code: Int
    /// OpenSSL's long description: "certificate expired", "unknown CA", "bad certificate".
    public var description: String

    public init(code: Int, description: String) {
        self.code = code
        self.description = description
    }

    /// Whether the alert is about the client certificate this machine sent (or failed to send).
    public var concernsClientCertificate: Bool {
        // bad_certificate 42, unsupported_certificate 43, certificate_revoked 44, certificate_expired 45,
        // certificate_unknown 46, unknown_ca 48, decrypt_error 51 (BoringSSL's answer, as in SwiftNIO's mock, to
        // a certificate it cannot verify), certificate_required 116.
        [42, 43, 44, 45, 46, 48, 51, 116].contains(code)
    }
}
