import COpenSSL

/// The OpenSSL library this process actually loaded (not the headers it was built against).
public enum OpenSSLVersion {
    /// `OpenSSL_version(OPENSSL_VERSION)`: "OpenSSL 3.0.17 1 Jul 2025".
    public static var runtime: String { String(cString: OpenSSL_version(OPENSSL_VERSION)) }
}
