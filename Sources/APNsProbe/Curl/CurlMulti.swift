import APNsCurl
import CCurl

/// An owned libcurl multi handle (`CURLM *`) that multiplexes transfers as HTTP/2 streams on one connection.
///
/// Easy handles added to it are removed again before it is cleaned up. Not thread-safe; `@unchecked Sendable`
/// for the same reason as ``CurlEasy``.
final class CurlMulti: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer
    private var attached: [CurlEasy] = []

    /// `hosts`: the servers this handle talks to, one connection each; `streams`: the most concurrent streams
    /// libcurl opens on one connection (nil: libcurl's default; the server's SETTINGS bound it too).
    init(hosts: Int = 1, streams: Int? = nil) throws(CurlSetupError) {
        guard let handle = apns_curl_multi_init() else { throw CurlSetupError(what: "curl_multi_init failed") }
        self.handle = handle
        // Streams on one connection, and never a second connection to the same host.
        _ = apns_multi_setopt_long(handle, CURLMOPT_PIPELINING, apns_curlpipe_multiplex())
        _ = apns_multi_setopt_long(handle, CURLMOPT_MAX_HOST_CONNECTIONS, 1)
        _ = apns_multi_setopt_long(handle, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(1, hosts))
        if let streams { _ = apns_multi_setopt_long(handle, CURLMOPT_MAX_CONCURRENT_STREAMS, max(1, streams)) }
    }

    deinit {
        for easy in attached { apns_curl_multi_remove_handle(handle, easy.handle) }
        apns_curl_multi_cleanup(handle)
    }

    func add(_ easy: CurlEasy) throws(CurlSetupError) {
        let code = apns_curl_multi_add_handle(handle, easy.handle)
        guard code == CURLM_OK else {
            throw CurlSetupError(what: "curl_multi_add_handle: \(String(cString: apns_curl_multi_strerror(code)))")
        }
        attached.append(easy)
    }

    func remove(_ easy: CurlEasy) {
        guard let index = attached.firstIndex(where: { $0 === easy }) else { return }
        apns_curl_multi_remove_handle(handle, easy.handle)
        attached.remove(at: index)
    }

    /// Drives every transfer as far as it can go without blocking; returns how many are still running.
    func perform() -> Int {
        var running: Int32 = 0
        _ = apns_curl_multi_perform(handle, &running)
        return Int(running)
    }

    /// Waits for activity on the transfers' sockets, at most `milliseconds`.
    func poll(milliseconds: Int) {
        var ready: Int32 = 0
        _ = apns_curl_multi_poll(handle, nil, 0, Int32(max(0, milliseconds)), &ready)
    }

    /// The transfers that finished since the last call, with their result codes.
    func finished() -> [(easy: UnsafeMutableRawPointer, result: CURLcode)] {
        var done: [(UnsafeMutableRawPointer, CURLcode)] = []
        var left: Int32 = 0
        while let message = apns_curl_multi_info_read(handle, &left) {
            if apns_multi_msg_is_done(message) != 0, let easy = message.pointee.easy_handle {
                done.append((easy, apns_multi_msg_result(message)))
            }
        }
        return done
    }
}
