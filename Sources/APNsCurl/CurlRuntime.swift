import APNsCore
import CCurl

/// Process-wide libcurl set-up and what this libcurl can do.
public enum CurlRuntime {
    private static let initialised: Bool = {
        apns_curl_load() == 1 && apns_curl_global_init() == CURLE_OK
    }()

    /// Loads libcurl (it is opened on first use, not linked) and calls `curl_global_init`, once per process.
    /// Returns false when libcurl could not be loaded or initialised. OpenSSL's providers are not loaded here: a
    /// token probe needs only the implicit default provider (as `curl` does), and `HTTP2Transport` loads them before
    /// it hands libcurl a client certificate (a legacy .p12 needs the legacy provider).
    @discardableResult
    public static func bootstrap() -> Bool { initialised }

    /// What `probe` and `doctor` say when libcurl could not be opened: they need it, nothing else does.
    public static let missing = "libcurl (libcurl.so.4) is not installed: probe and doctor send HTTP/2 requests through it"
    /// The hint that goes with ``missing``: the Debian/Ubuntu package to install.
    public static let missingHint = "install the libcurl4 package (sudo apt-get install libcurl4); every other verb works without it"

    /// What `curl_version_info` reports about the linked libcurl.
    public static var info: Info {
        guard let data = apns_curl_version_info() else {
            return Info(version: "unknown", sslVersion: nil, nghttp2Version: nil, http2: false, ssl: false,
                        loaded: false)
        }
        let features = data.pointee.features
        return Info(version: String(cString: data.pointee.version),
                    sslVersion: data.pointee.ssl_version.map { String(cString: $0) },
                    nghttp2Version: data.pointee.nghttp2_version.map { String(cString: $0) },
                    http2: features & apns_curl_feature_http2() != 0,
                    ssl: features & apns_curl_feature_ssl() != 0)
    }

    /// The facts `doctor` reports about libcurl.
    public struct Info: Sendable, Equatable {
        /// libcurl's version, e.g. "7.88.1".
        public var version: String
        /// The TLS library libcurl uses, e.g. "OpenSSL/3.0.19".
        public var sslVersion: String?
        /// The nghttp2 version, when libcurl was built with it.
        public var nghttp2Version: String?
        /// True when libcurl can speak HTTP/2.
        public var http2: Bool
        /// True when libcurl can speak TLS.
        public var ssl: Bool
        /// False when libcurl could not be opened at all (libcurl4 is not installed).
        public var loaded: Bool = true

        public init(version: String, sslVersion: String?, nghttp2Version: String?, http2: Bool, ssl: Bool,
                    loaded: Bool = true) {
            self.version = version
            self.sslVersion = sslVersion
            self.nghttp2Version = nghttp2Version
            self.http2 = http2
            self.ssl = ssl
            self.loaded = loaded
        }
    }

    /// libcurl's text for a result code.
    package static func describe(_ code: CURLcode) -> String { String(cString: apns_curl_easy_strerror(code)) }
}
