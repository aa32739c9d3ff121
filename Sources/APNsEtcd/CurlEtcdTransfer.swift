import APNsCurl
import CCurl
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One request to one member on libcurl: sets up the easy handle, collects (or streams) the answer, and stops
/// when cancelled. ``run()`` is called once, on the thread that waits for the answer (the caller's for a unary
/// request, a thread of its own for a stream or a liveness check); ``cancel()`` from anywhere.
///
/// A streaming answer (a watch, silent for hours) runs on a multi handle of its own whose poll also waits on a
/// pipe that ``cancel()`` writes to: its thread sleeps until bytes come, libcurl has a timer due, or it is
/// cancelled, instead of waking every second as `curl_easy_perform`'s own loop does.
final class CurlEtcdTransfer: @unchecked Sendable {
    /// The most a unary answer may hold; etcd's own limit for a request is 1.5 MiB, a range answer can be larger.
    static let bodyLimit = 64 << 20

    private let request: EtcdHTTPRequest
    private let tls: EtcdTLS?
    /// Where a streaming answer's bytes go (a watch); nil collects the body.
    private let chunks: AsyncThrowingStream<[UInt8], any Error>.Continuation?
    private let cancelled = Atomic<Bool>(false)
    /// The write end of the pipe a streaming transfer's poll waits on besides its socket; -1 when none is open.
    private let waker = Mutex<Int32>(-1)
    // Touched on the thread that runs the transfer only (from `run` and libcurl's callbacks, which it calls).
    private var easy: CurlEasy?
    private var status: Int?
    private var body: [UInt8] = []
    private var overflowed = false

    init(_ request: EtcdHTTPRequest, tls: EtcdTLS?, chunks: AsyncThrowingStream<[UInt8], any Error>.Continuation?) {
        self.request = request
        self.tls = tls
        self.chunks = chunks
    }

    /// Asks the transfer to stop: libcurl's progress callback ends it, a streaming one's poll is woken for it.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        waker.withLock { descriptor in
            guard descriptor >= 0 else { return }
            var one: UInt8 = 1
            _ = write(descriptor, &one, 1)
        }
    }

    /// Performs the transfer (blocking) and returns the status and the collected body: on `kept` when given (a
    /// handle whose connection cache outlives the transfer), else on a handle of its own.
    func run(on kept: CurlEasy? = nil) -> Result<EtcdHTTPResponse, any Error> {
        if cancelled.load(ordering: .relaxed) { return .failure(CancellationError()) }
        let easy: CurlEasy
        do throws(CurlSetupError) {
            if let kept { easy = kept } else { easy = try CurlEasy() }
            self.easy = easy
            try configure(easy)
        } catch {
            return .failure(EtcdFailure.transport("libcurl: \(error.what)"))
        }
        let code = chunks == nil ? easy.perform() : performStreaming(easy)
        self.easy = nil
        if cancelled.load(ordering: .relaxed) { return .failure(CancellationError()) }
        if overflowed { return .failure(EtcdFailure.malformed("an answer larger than \(Self.bodyLimit >> 20) MiB")) }
        guard code == CURLE_OK else {
            return .failure(EtcdFailure.curl(code, text: easy.errorText, osErrno: easy.long(CURLINFO_OS_ERRNO)))
        }
        return .success(EtcdHTTPResponse(status: easy.long(CURLINFO_RESPONSE_CODE), body: body))
    }

    /// The longest a streaming transfer's poll sleeps with a waker (libcurl's own timers cut it shorter); without
    /// one, a second, so that a cancellation is still noticed.
    private static let streamPoll: (woken: Int32, unwoken: Int32) = (60_000, 1_000)

    /// Runs `easy` on a multi handle of its own until its answer ends, it fails, or the transfer is cancelled.
    private func performStreaming(_ easy: CurlEasy) -> CURLcode {
        guard let multi = apns_curl_multi_init() else { return easy.perform() }
        defer { apns_curl_multi_cleanup(multi) }
        guard apns_curl_multi_add_handle(multi, easy.handle) == CURLM_OK else { return easy.perform() }
        defer { apns_curl_multi_remove_handle(multi, easy.handle) }
        var pipeEnds: [Int32] = [-1, -1]
        let wake = pipe(&pipeEnds) == 0 ? pipeEnds[0] : -1
        if wake >= 0 {
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(pipeEnds[1], F_SETFL, O_NONBLOCK)
            waker.withLock { $0 = pipeEnds[1] }
        }
        defer {
            waker.withLock { descriptor in
                if wake >= 0 { pipeEnds.forEach { _ = close($0) } }
                descriptor = -1
            }
        }
        var extra = curl_waitfd(fd: wake, events: Int16(CURL_WAIT_POLLIN), revents: 0)
        while true {
            var running: Int32 = 0
            _ = apns_curl_multi_perform(multi, &running)
            if running == 0 { break }
            if cancelled.load(ordering: .relaxed) { return CURLE_ABORTED_BY_CALLBACK }
            var ready: Int32 = 0
            if wake >= 0 {
                _ = apns_curl_multi_poll(multi, &extra, 1, Self.streamPoll.woken, &ready)
            } else {
                _ = apns_curl_multi_poll(multi, nil, 0, Self.streamPoll.unwoken, &ready)
            }
        }
        var result = CURLE_OK, left: Int32 = 0
        while let message = apns_curl_multi_info_read(multi, &left) {
            if apns_multi_msg_is_done(message) != 0 { result = apns_multi_msg_result(message) }
        }
        return result
    }

    /// A piece of the answer's body from libcurl; false stops the transfer.
    private func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if cancelled.load(ordering: .relaxed) { return false }
        if let chunks {
            if status == nil { status = easy?.long(CURLINFO_RESPONSE_CODE) }
            if status == 200 {
                chunks.yield(Array(bytes))
                return true
            }
        }
        guard body.count + bytes.count <= Self.bodyLimit else {
            overflowed = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    private func configure(_ easy: CurlEasy) throws(CurlSetupError) {
        try easy.set(CURLOPT_URL, request.url)
        try easy.set(CURLOPT_POST, 1)
        try easy.setBody(request.body)
        try easy.set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        try easy.set(CURLOPT_NOSIGNAL, 1)
        try easy.set(CURLOPT_FOLLOWLOCATION, 0)
        // etcd is reached directly: an http_proxy in the environment is not for it.
        try easy.set(CURLOPT_PROXY, "")
        try easy.set(CURLOPT_TCP_KEEPALIVE, 1)
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout))
        try easy.set(CURLOPT_TIMEOUT_MS, request.timeout.map(Self.milliseconds) ?? 0)
        if let tls {
            try easy.set(CURLOPT_SSL_VERIFYPEER, 1)
            try easy.set(CURLOPT_SSL_VERIFYHOST, 2)
            if let ca = tls.caFile { try easy.set(CURLOPT_CAINFO, ca) }
            if let certificate = tls.certificateFile, let key = tls.keyFile {
                try easy.set(CURLOPT_SSLCERTTYPE, "PEM")
                try easy.set(CURLOPT_SSLCERT, certificate)
                try easy.set(CURLOPT_SSLKEYTYPE, "PEM")
                try easy.set(CURLOPT_SSLKEY, key)
            }
        }
        var lines = ["Content-Type: application/json", "Expect:"]
        if let token = request.token { lines.append("Authorization: \(token)") }
        if request.requireLeader { lines.append("Grpc-Metadata-hasleader: true") }
        try easy.set(CURLOPT_HTTPHEADER, headers: CurlHeaderList(lines))
        let context = Unmanaged.passUnretained(self).toOpaque()
        try easy.set(CURLOPT_WRITEFUNCTION, callback: { buffer, size, count, userdata in
            guard let buffer, let userdata else { return 0 }
            let transfer = Unmanaged<CurlEtcdTransfer>.fromOpaque(userdata).takeUnretainedValue()
            return transfer.receive(UnsafeRawBufferPointer(start: buffer, count: size * count)) ? size * count : 0
        })
        try easy.set(CURLOPT_WRITEDATA, pointer: context)
        try easy.set(CURLOPT_NOPROGRESS, 0)
        try easy.set(CURLOPT_XFERINFOFUNCTION, progressCallback: { userdata, _, _, _, _ in
            guard let userdata else { return 0 }
            let transfer = Unmanaged<CurlEtcdTransfer>.fromOpaque(userdata).takeUnretainedValue()
            return transfer.cancelled.load(ordering: .relaxed) ? 1 : 0
        })
        try easy.set(CURLOPT_XFERINFODATA, pointer: context)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
