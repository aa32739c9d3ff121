import APNsCore
import APNsCredentials
import APNsCurl
import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sends requests to one server over libcurl: TLS 1.2+, verification always on, HTTP/2 required (ALPN h2), every
/// request a stream on one connection (curl multi, `CURLPIPE_MULTIPLEX`, `CURLOPT_PIPEWAIT`).
///
/// `send` blocks the calling thread until every request has an answer or a failure, or `timeout` runs out;
/// it never waits longer, whatever the server does (stalls, resets streams, sends GOAWAY). Later calls reuse the
/// connection when it is still open, as APNs asks. Use one transport from one thread at a time.
public final class HTTP2Transport {
    public let target: ProbeTarget
    public var credential: ProbeCredential
    /// A PEM file of CA certificates to trust instead of the system's (`--cacert`).
    public let caFile: String?
    /// The bound on each `send`, in seconds.
    public let timeout: Double
    /// Negotiate TLS 1.2 at most (for reading a server's certificate alert, see ``Prober``); else 1.2 or newer.
    public let tls12Only: Bool
    /// Owns the connection cache between calls to `send`.
    private var multi: CurlMulti?
    /// What the servers did in this transport's TLS handshakes (alerts, a client-certificate request).
    let tls = TLSWatch()

    public init(target: ProbeTarget, credential: ProbeCredential, caFile: String? = nil, timeout: Double = 10,
                tls12Only: Bool = false) {
        self.target = target
        self.credential = credential
        self.caFile = caFile
        self.timeout = timeout
        self.tls12Only = tls12Only
    }

    deinit {
        // The connections' SSL_CTXs point at `tls`: close them before it goes.
        multi = nil
    }

    /// Sends `requests` concurrently on one HTTP/2 connection; the answers come back in request order.
    /// `within` shortens the bound for this call (never beyond `timeout`).
    public func send(_ requests: [CanaryRequest], within: Double? = nil) throws -> [Exchange] {
        let timeout = min(self.timeout, max(0.001, within ?? self.timeout))
        guard CurlRuntime.bootstrap() else {
            throw APNsError(.unreachable, CurlRuntime.missing, hint: CurlRuntime.missingHint)
        }
        let started = Date()
        do {
            let multi = try self.multi ?? CurlMulti()
            self.multi = multi
            tls.clearAlert()
            var transfers: [Transfer] = []
            // Whatever happens, no easy handle stays in the multi handle once its Transfer (the callbacks'
            // context) is gone.
            defer { for transfer in transfers { multi.remove(transfer.easy) } }
            for request in requests {
                let transfer = try Transfer(request: request, tls: tls)
                try configure(transfer, timeout: timeout)
                try multi.add(transfer.easy)
                transfers.append(transfer)
            }
            let deadline = started.addingTimeInterval(timeout)
            var pending = transfers.count
            while pending > 0 {
                _ = multi.perform()
                for (handle, code) in multi.finished() {
                    guard let transfer = transfers.first(where: { $0.easy.handle == handle }) else { continue }
                    transfer.finish(code)
                    multi.remove(transfer.easy)
                    pending -= 1
                }
                if pending == 0 { break }
                let remaining = deadline.timeIntervalSinceNow
                if remaining <= 0 { break }
                multi.poll(milliseconds: Int(min(remaining, 0.25) * 1000) + 1)
            }
            let seconds = String(cFormat: "%g", self.timeout)
            for transfer in transfers where !transfer.done {
                transfer.expire("no answer within \(seconds)s")
                multi.remove(transfer.easy)
            }
            return transfers.map(\.exchange)
        } catch let error as CurlSetupError {
            throw APNsError(.internalError, "libcurl: \(error.what)")
        }
    }

    /// Sets `transfer`'s easy handle up for this transport's server and credential (also used by
    /// ``HTTP2StreamingSender``).
    func configure(_ transfer: Transfer, timeout: Double) throws(CurlSetupError) {
        let easy = transfer.easy
        let request = transfer.request
        let millis = max(1, Int(timeout * 1000))
        try easy.set(CURLOPT_URL, target.origin + request.path)
        try easy.set(CURLOPT_CUSTOMREQUEST, request.method)
        if request.method == "POST" || !request.payload.isEmpty {
            try easy.setBody(request.payload)
        }
        try easy.set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        try easy.set(CURLOPT_SSLVERSION, Int(CURL_SSLVERSION_TLSv1_2) | (tls12Only ? Int(CURL_SSLVERSION_MAX_TLSv1_2) : 0))
        try easy.set(CURLOPT_SSL_VERIFYPEER, 1)
        try easy.set(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile { try easy.set(CURLOPT_CAINFO, caFile) }
        try easy.set(CURLOPT_PIPEWAIT, 1)
        try easy.set(CURLOPT_NOSIGNAL, 1)
        try easy.set(CURLOPT_TIMEOUT_MS, millis)
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, millis)
        try easy.set(CURLOPT_FOLLOWLOCATION, 0)
        tls.install(on: easy)
        var lines = request.headerLines + ["content-type: application/json", "Expect:", "Accept:"]
        switch credential {
        case .token(let jwt, _):
            lines.append("authorization: bearer \(jwt)")
        case .pem(let certificate, let key, let password):
            OpenSSLRuntime.bootstrap()  // an encrypted key may use a legacy cipher
            try easy.set(CURLOPT_SSLCERTTYPE, "PEM")
            try easy.set(CURLOPT_SSLCERT_BLOB, blob: certificate)
            try easy.set(CURLOPT_SSLKEYTYPE, "PEM")
            try easy.set(CURLOPT_SSLKEY_BLOB, blob: key)
            if let password { try easy.set(CURLOPT_KEYPASSWD, password) }
        case .pkcs12(let bytes, let password):
            OpenSSLRuntime.bootstrap()  // RC2-40 and 3DES (Keychain's older exports) are in the legacy provider
            try easy.set(CURLOPT_SSLCERTTYPE, "P12")
            try easy.set(CURLOPT_SSLCERT_BLOB, blob: bytes)
            try easy.set(CURLOPT_KEYPASSWD, password)
        case .none:
            break
        }
        try easy.set(CURLOPT_HTTPHEADER, headers: CurlHeaderList(lines))
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        try easy.set(CURLOPT_HEADERFUNCTION, headerCallback: { buffer, size, count, userdata in
            guard let buffer, let userdata else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
            let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
            transfer.header(String(decoding: bytes, as: UTF8.self))
            return size * count
        })
        try easy.set(CURLOPT_HEADERDATA, pointer: context)
        try easy.set(CURLOPT_WRITEFUNCTION, callback: { buffer, size, count, userdata in
            guard let buffer, let userdata else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
            let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
            // A reason is a short JSON object; anything past 64 KiB is not APNs.
            if transfer.exchange.body.count < 65_536 { transfer.exchange.body.append(contentsOf: bytes) }
            return size * count
        })
        try easy.set(CURLOPT_WRITEDATA, pointer: context)
        // Stop as soon as the handshake shows the server will not speak HTTP/2: APNs always selects h2.
        try easy.set(CURLOPT_NOPROGRESS, 0)
        try easy.set(CURLOPT_XFERINFOFUNCTION, progressCallback: { userdata, _, _, _, _ in
            guard let userdata else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
            return transfer.checkALPN() ? 0 : 1
        })
        try easy.set(CURLOPT_XFERINFODATA, pointer: context)
    }
}

/// One request in flight: its easy handle and the answer as it arrives.
final class Transfer: @unchecked Sendable {
    let request: CanaryRequest
    let easy: CurlEasy
    let tls: TLSWatch
    var exchange: Exchange
    var done = false

    init(request: CanaryRequest, tls: TLSWatch) throws(CurlSetupError) {
        self.request = request
        self.tls = tls
        easy = try CurlEasy()
        exchange = Exchange(sentID: request.apnsID, status: nil, headers: [:], body: [], httpVersion: nil,
                            remoteAddress: nil, remotePort: nil, tlsVersion: nil,
                            timings: .none,
                            connectionsOpened: 0, failure: nil, certificateRequested: nil, receivedAt: nil)
    }

    /// A header line arrived; a status line starts a new response (after 1xx).
    func header(_ line: String) {
        let trimmed = line.trimmingWhitespace()
        if trimmed.hasPrefix("HTTP/") {
            exchange.headers = [:]
            exchange.status = trimmed.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            exchange.receivedAt = Date()
            // The connection is alive now: ask for the TLS version while its SSL object exists.
            if exchange.tlsVersion == nil { exchange.tlsVersion = easy.tlsVersion }
            return
        }
        guard let colon = trimmed.firstIndex(of: ":") else { return }
        let name = trimmed[..<colon].lowercased()
        let value = trimmed[trimmed.index(after: colon)...].trimmingSpaces()
        exchange.headers[name] = value
    }

    /// False once the server is known to have refused h2 (the transfer is then aborted).
    func checkALPN() -> Bool {
        if alpnRefused { return false }
        if alpnChecked { return true }
        guard let h2 = easy.negotiatedH2 else { return true }
        alpnChecked = true
        alpnRefused = !h2
        // The handshake is complete: its TLS version is known now, whatever happens to the request next.
        if exchange.tlsVersion == nil { exchange.tlsVersion = easy.tlsVersion }
        return h2
    }

    private var alpnChecked = false
    private var alpnRefused = false

    /// libcurl finished the transfer with `code`.
    func finish(_ code: CURLcode) {
        done = true
        collectInfo(completed: code == CURLE_OK && !alpnRefused)
        if alpnRefused {
            exchange.status = nil
            // ALPN chose HTTP/1.1 (or nothing, which means HTTP/1.1): the transfer stopped before any answer.
            exchange.httpVersion = "1.1"
            exchange.failure = TransportFailure(
                kind: .http1, message: "the server did not select HTTP/2 in the TLS handshake (ALPN h2); it offers HTTP/1.x only",
                curlCode: Int(code.rawValue))
            return
        }
        if code != CURLE_OK, let alert = tls.alert {
            // The server refused the connection with a TLS alert: that, not libcurl's view of the broken
            // connection ("getpeername() failed", "connection reset"), is what went wrong.
            exchange.status = nil
            exchange.failure = TransportFailure(kind: .tls, message: "the server ended the TLS connection with alert "
                                                + "\"\(alert.description)\" (\(alert.code))",
                                                curlCode: Int(code.rawValue), tlsAlert: alert.code)
            return
        }
        if code != CURLE_OK {
            var failure = Self.classify(code, detail: easy.errorText)
            if failure.kind == .timeout { failure.message += " (\(phase))" }
            exchange.failure = failure
            exchange.status = exchange.failure?.kind == .http1 ? exchange.status : nil
            return
        }
        if let version = exchange.httpVersion, version != "2" {
            exchange.failure = TransportFailure(
                kind: .http1, message: "the server answered over HTTP/\(version), not HTTP/2 (ALPN did not select h2)")
        }
    }

    /// The deadline passed with this transfer unfinished.
    func expire(_ message: String) {
        done = true
        collectInfo(completed: false)
        exchange.status = nil
        exchange.failure = TransportFailure(kind: .timeout, message: "\(message) (\(phase))",
                                            curlCode: Int(CURLE_OPERATION_TIMEDOUT.rawValue))
    }

    /// Where a timed-out transfer was: connecting (TCP or TLS), waiting, or reading.
    private var phase: String {
        if exchange.timings.tls == nil {
            return "while connecting: no TLS handshake completed"
        }
        return exchange.receivedAt == nil ? "after connecting, waiting for the response" : "while reading the response"
    }

    /// Reads libcurl's counters; `completed` when an HTTP answer arrived (see ``PhaseTimings``).
    private func collectInfo(completed: Bool) {
        exchange.timings = PhaseTimings(namelookup: easy.offset(CURLINFO_NAMELOOKUP_TIME_T),
                                        connect: easy.offset(CURLINFO_CONNECT_TIME_T),
                                        appconnect: easy.offset(CURLINFO_APPCONNECT_TIME_T),
                                        starttransfer: easy.offset(CURLINFO_STARTTRANSFER_TIME_T),
                                        total: easy.offset(CURLINFO_TOTAL_TIME_T), completed: completed)
        exchange.connectionsOpened = easy.long(CURLINFO_NUM_CONNECTS)
        if exchange.timings.tls != nil { exchange.certificateRequested = tls.certificateRequested }
        if let ip = easy.string(CURLINFO_PRIMARY_IP), !ip.isEmpty {
            exchange.remoteAddress = ip
            exchange.remotePort = easy.long(CURLINFO_PRIMARY_PORT)
        }
        exchange.httpVersion = Self.versionName(easy.long(CURLINFO_HTTP_VERSION)) ?? exchange.httpVersion
    }

    static func versionName(_ value: Int) -> String? {
        switch value {
        case Int(CURL_HTTP_VERSION_1_0): return "1.0"
        case Int(CURL_HTTP_VERSION_1_1): return "1.1"
        case Int(CURL_HTTP_VERSION_2_0): return "2"
        case Int(CURL_HTTP_VERSION_3): return "3"
        default: return nil
        }
    }

    /// OpenSSL's words for a peer whose first bytes are not a TLS record: a plain-text (HTTP or h2c) port.
    static let notTLS = ["wrong version number", "packet length too long", "record layer failure",
                         "unknown protocol", "http request"]

    /// Maps a CURLcode to the phase that failed.
    static func classify(_ code: CURLcode, detail: String) -> TransportFailure {
        let text = detail.isEmpty ? CurlRuntime.describe(code) : detail
        let kind: TransportFailure.Kind
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: kind = .dns
        case CURLE_COULDNT_CONNECT: kind = .connect
        case CURLE_OPERATION_TIMEDOUT: kind = .timeout
        case CURLE_SSL_CERTPROBLEM, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED: kind = .credential
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CIPHER,
             CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT:
            kind = .tls
        case CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING,
             CURLE_PARTIAL_FILE, CURLE_WEIRD_SERVER_REPLY:
            kind = .protocolError
        case CURLE_UNSUPPORTED_PROTOCOL where text.contains("HTTP/1"): kind = .http1
        default: kind = .other
        }
        if kind == .tls, notTLS.contains(where: text.contains) {
            return TransportFailure(kind: .notTLS, message: "its first bytes are not a TLS record (\(text))",
                                    curlCode: Int(code.rawValue))
        }
        return TransportFailure(kind: kind, message: text, curlCode: Int(code.rawValue))
    }
}
