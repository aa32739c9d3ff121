import APNsCore
import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Process-wide OpenSSL set-up. Call `bootstrap()` before any PKCS#12 or libcurl work, and early in a long-running
/// process (before its threads start).
///
/// Loads both the "legacy" provider (RC2-40, 3DES: Keychain's older .p12 exports) and the "default" one
/// (loading any provider explicitly turns the implicit default off). libcurl's own .p12 loading shares this state.
public enum OpenSSLRuntime {
    private static let loaded: Bool = {
        // No clean-up handler at exit: a long-running process (the exporter, the token agent) may still have a
        // thread inside OpenSSL when `exit` runs, and a handler freeing OpenSSL's locks under it crashes the process.
        OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
        let legacy = OSSL_PROVIDER_load(nil, "legacy")
        let defaults = OSSL_PROVIDER_load(nil, "default")
        ERR_clear_error()
        return legacy != nil && defaults != nil
    }()

    /// Loads the providers once; true when both are available. Safe to call from any thread, any number of times.
    @discardableResult
    public static func bootstrap() -> Bool { loaded }

    /// True when the legacy provider could be loaded (doctor reports it).
    public static var legacyProviderAvailable: Bool {
        bootstrap()
        return OSSL_PROVIDER_available(nil, "legacy") == 1
    }

    /// The OpenSSL library version, e.g. "OpenSSL 3.0.19 27 Jan 2026".
    public static var version: String { String(cString: OpenSSL_version(OPENSSL_VERSION)) }

    /// Drains OpenSSL's error queue into readable reason strings (most recent last).
    public static func drainErrors() -> [String] {
        var reasons = [String]()
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            if let reason = ERR_reason_error_string(code) {
                reasons.append(String(cString: reason))
            } else {
                reasons.append(String(cFormat: "error %08lx", code))
            }
        }
        return reasons
    }
}
