import CCurl

/// An owned `curl_slist` of request header lines, freed when released.
package final class CurlHeaderList: @unchecked Sendable {
    package private(set) var list: UnsafeMutablePointer<curl_slist>?

    package init(_ lines: [String]) {
        for line in lines {
            list = line.withCString { apns_curl_slist_append(list, $0) }
        }
    }

    deinit { apns_curl_slist_free_all(list) }
}
