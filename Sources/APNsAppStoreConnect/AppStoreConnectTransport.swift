import APNsCore
import APNsCurl
import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One HTTP request the client sends.
struct AppStoreConnectHTTPRequest: Sendable, Equatable {
    var method: String
    var url: String
    var headers: [String]
    var body: [UInt8]?
}

/// One HTTP answer: its status, its header fields (names lowercased) and its body.
struct AppStoreConnectHTTPResponse: Sendable, Equatable {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// What carries the client's requests: libcurl in use, recorded answers in the unit tests.
protocol AppStoreConnectTransport: Sendable {
    /// Sends the request and returns its answer, or a transport failure (unreachable, untrusted, deadline).
    func send(_ request: AppStoreConnectHTTPRequest) throws(AppStoreConnectError) -> AppStoreConnectHTTPResponse
    /// Waits before a request is sent again (a 429's Retry-After).
    func pause(_ duration: Duration)
}

/// The transport over a libcurl easy handle, on the caller's thread: HTTP/1.1 or HTTP/2 as the server offers,
/// certificates verified (against `caFile` when given), one deadline per request.
struct CurlAppStoreConnectTransport: AppStoreConnectTransport {
    /// The most an answer may hold; a page of 200 profiles with their content is a few MiB.
    static let bodyLimit = 64 << 20
    let caFile: String?
    let deadline: Duration

    func send(_ request: AppStoreConnectHTTPRequest) throws(AppStoreConnectError) -> AppStoreConnectHTTPResponse {
        guard CurlRuntime.bootstrap() else { throw .unreachable(url: request.url, detail: CurlRuntime.missing) }
        let collector = CurlCollector()
        let easy: CurlEasy
        do throws(CurlSetupError) {
            easy = try CurlEasy()
            try configure(easy, request, collector)
        } catch {
            throw .unreachable(url: request.url, detail: "libcurl: \(error.what)")
        }
        let code = easy.perform()
        if collector.overflowed {
            throw .malformed(path: request.url, detail: "an answer larger than \(Self.bodyLimit >> 20) MiB")
        }
        guard code == CURLE_OK else {
            let text = easy.errorText.isEmpty ? CurlRuntime.describe(code) : easy.errorText
            switch code {
            case CURLE_OPERATION_TIMEDOUT: throw .deadline(url: request.url, after: deadline)
            case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE:
                throw .untrustedServer(url: request.url, detail: text)
            case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: throw .badURL(request.url)
            default: throw .unreachable(url: request.url, detail: text)
            }
        }
        return AppStoreConnectHTTPResponse(status: easy.long(CURLINFO_RESPONSE_CODE), headers: collector.headers,
                                           body: collector.body)
    }

    func pause(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var wait = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&wait, &left) != 0, errno == EINTR { wait = left }
    }

    private func configure(_ easy: CurlEasy, _ request: AppStoreConnectHTTPRequest,
                           _ collector: CurlCollector) throws(CurlSetupError) {
        try easy.set(CURLOPT_URL, request.url)
        try easy.set(CURLOPT_PROTOCOLS_STR, "https")
        try easy.set(CURLOPT_CUSTOMREQUEST, request.method)
        if let body = request.body { try easy.setBody(body) } else if request.method == "GET" {
            try easy.set(CURLOPT_HTTPGET, 1)
        }
        if request.method == "DELETE" { try easy.set(CURLOPT_NOBODY, 0) }
        try easy.set(CURLOPT_NOSIGNAL, 1)
        try easy.set(CURLOPT_FOLLOWLOCATION, 0)
        try easy.set(CURLOPT_SSL_VERIFYPEER, 1)
        try easy.set(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile { try easy.set(CURLOPT_CAINFO, caFile) }
        let milliseconds = Self.milliseconds(deadline)
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        try easy.set(CURLOPT_TIMEOUT_MS, milliseconds)
        try easy.set(CURLOPT_HTTPHEADER, headers: CurlHeaderList(request.headers + ["Expect:"]))
        let context = Unmanaged.passUnretained(collector).toOpaque()
        try easy.set(CURLOPT_HEADERFUNCTION, headerCallback: { buffer, size, count, userdata in
            guard let buffer, let userdata else { return 0 }
            let collector = Unmanaged<CurlCollector>.fromOpaque(userdata).takeUnretainedValue()
            collector.header(String(decoding: UnsafeRawBufferPointer(start: buffer, count: size * count),
                                    as: UTF8.self))
            return size * count
        })
        try easy.set(CURLOPT_HEADERDATA, pointer: context)
        try easy.set(CURLOPT_WRITEFUNCTION, callback: { buffer, size, count, userdata in
            guard let buffer, let userdata else { return 0 }
            let collector = Unmanaged<CurlCollector>.fromOpaque(userdata).takeUnretainedValue()
            return collector.receive(UnsafeRawBufferPointer(start: buffer, count: size * count)) ? size * count : 0
        })
        try easy.set(CURLOPT_WRITEDATA, pointer: context)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}

/// The answer as libcurl hands it over, on the thread that runs the transfer.
private final class CurlCollector {
    var headers: [String: String] = [:]
    var body: [UInt8] = []
    var overflowed = false

    /// One header line; a new status line (after a 100 Continue or a proxy's answer) starts the fields afresh.
    func header(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = String(line[line.index(after: colon)...]).trimmingWhitespace()
        headers[name] = value
    }

    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= CurlAppStoreConnectTransport.bodyLimit else {
            overflowed = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }
}
