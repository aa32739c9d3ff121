import CCurl

/// An owned libcurl easy handle (`CURL *`), cleaned up when released.
///
/// Not thread-safe: one transfer drives it at a time. `@unchecked Sendable` so that the owner may hand it across
/// isolation domains; the prober and the etcd client never use one from two threads at once.
package final class CurlEasy: @unchecked Sendable {
    package let handle: UnsafeMutableRawPointer
    /// libcurl writes its detailed error text here; it must outlive the transfer, so the handle owns it.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The header list set for each option must live as long as it is set (a reused handle replaces them).
    private var retained: [CURLoption.RawValue: CurlHeaderList] = [:]

    package init() throws(CurlSetupError) {
        guard let handle = apns_curl_easy_init() else { throw CurlSetupError(what: "curl_easy_init failed") }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        _ = apns_easy_setopt_charbuf(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    deinit {
        apns_curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// libcurl's detailed message for the last failure, if it wrote one.
    package var errorText: String { String(cString: errorBuffer) }

    package func set(_ option: CURLoption, _ value: Int) throws(CurlSetupError) {
        try check(apns_easy_setopt_long(handle, option, value), option)
    }

    package func set(_ option: CURLoption, _ value: String) throws(CurlSetupError) {
        // libcurl copies string options (since 7.17.0), so the temporary C string may go.
        let code = value.withCString { apns_easy_setopt_string(handle, option, $0) }
        try check(code, option)
    }

    package func set(_ option: CURLoption, blob bytes: [UInt8]) throws(CurlSetupError) {
        // CURL_BLOB_COPY: libcurl keeps its own copy.
        var copy = bytes
        let code = copy.withUnsafeMutableBytes { apns_easy_setopt_blob(handle, option, $0.baseAddress, $0.count) }
        try check(code, option)
    }

    /// The request body, copied by libcurl (`CURLOPT_POSTFIELDSIZE` + `CURLOPT_COPYPOSTFIELDS`).
    package func setBody(_ bytes: [UInt8]) throws(CurlSetupError) {
        try set(CURLOPT_POSTFIELDSIZE, bytes.count)
        var copy = bytes.isEmpty ? [0] : bytes
        let code = copy.withUnsafeMutableBytes { apns_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }
        try check(code, CURLOPT_COPYPOSTFIELDS)
    }

    package func set(_ option: CURLoption, headers: CurlHeaderList) throws(CurlSetupError) {
        try check(apns_easy_setopt_slist(handle, option, headers.list), option)
        retained[option.rawValue] = headers
    }

    package func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) throws(CurlSetupError) {
        try check(apns_easy_setopt_pointer(handle, option, pointer), option)
    }

    package func set(_ option: CURLoption, callback: apns_curl_data_cb) throws(CurlSetupError) {
        try check(apns_easy_setopt_datacb(handle, option, callback), option)
    }

    package func set(_ option: CURLoption, headerCallback: apns_curl_header_cb) throws(CurlSetupError) {
        try check(apns_easy_setopt_headercb(handle, option, headerCallback), option)
    }

    package func set(_ option: CURLoption, progressCallback: apns_curl_xferinfo_cb) throws(CurlSetupError) {
        try check(apns_easy_setopt_xferinfocb(handle, option, progressCallback), option)
    }

    /// Runs the transfer to its end on the calling thread (`curl_easy_perform`): it blocks, so call it on a
    /// thread of its own, never on the Swift concurrency pool.
    package func perform() -> CURLcode { apns_curl_easy_perform(handle) }

    /// After the TLS handshake: true when the server selected ALPN h2, false when it selected another protocol
    /// or none; nil while the handshake is still going.
    package var negotiatedH2: Bool? {
        switch apns_easy_alpn_state(handle) {
        case 1: return true
        case 0, 2: return false
        default: return nil
        }
    }

    package func long(_ info: CURLINFO) -> Int {
        var value = 0
        return apns_easy_getinfo_long(handle, info, &value) == CURLE_OK ? value : 0
    }

    package func offset(_ info: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        return apns_easy_getinfo_off(handle, info, &value) == CURLE_OK ? Int64(value) : 0
    }

    package func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard apns_easy_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// The negotiated TLS version ("TLSv1.3") while the connection is alive.
    package var tlsVersion: String? { apns_easy_tls_version(handle).map { String(cString: $0) } }

    private func check(_ code: CURLcode, _ option: CURLoption) throws(CurlSetupError) {
        guard code == CURLE_OK else {
            throw CurlSetupError(what: "libcurl refused option \(option.rawValue): \(CurlRuntime.describe(code))")
        }
    }
}

/// libcurl could not be set up as asked: a missing feature or an out-of-memory condition.
package struct CurlSetupError: Error {
    package var what: String

    package init(what: String) { self.what = what }
}
