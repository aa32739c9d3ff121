import APNsCore
import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Chain verification with OpenSSL, for certificates that only OpenSSL reads (see ``APNsCertificate/readByOpenSSL``).
enum OpenSSLChain {
    /// Checks `leaf` against `anchors` through `intermediates`, at `time` (nil: validity is not judged).
    static func check(_ leaf: APNsCertificate, intermediates: [APNsCertificate], anchors: [APNsCertificate],
                      at time: Date?) -> CertificateCheck {
        OpenSSLRuntime.bootstrap()
        defer { ERR_clear_error() }
        guard let leafHandle = X509Handle(der: leaf.derEncoded), let store = X509_STORE_new() else {
            return CertificateCheck("chain", .fail, "OpenSSL could not read the certificate")
        }
        defer { X509_STORE_free(store) }
        let anchorHandles = anchors.compactMap { X509Handle(der: $0.derEncoded) }
        for anchor in anchorHandles { _ = X509_STORE_add_cert(store, anchor.pointer) }
        let otherHandles = intermediates.compactMap { X509Handle(der: $0.derEncoded) }
        guard let untrusted = apns_sk_X509_new_null(), let context = X509_STORE_CTX_new() else {
            return CertificateCheck("chain", .fail, "OpenSSL could not allocate a verification context")
        }
        defer {
            apns_sk_X509_free(untrusted)
            X509_STORE_CTX_free(context)
        }
        for other in otherHandles { _ = apns_sk_X509_push(untrusted, other.pointer) }
        guard X509_STORE_CTX_init(context, store, leafHandle.pointer, untrusted) == 1 else {
            return CertificateCheck("chain", .fail, "OpenSSL could not start verifying")
        }
        let parameters = X509_STORE_CTX_get0_param(context)
        if let time {
            X509_VERIFY_PARAM_set_time(parameters, time_t(time.timeIntervalSince1970))
        } else {
            X509_VERIFY_PARAM_set_flags(parameters, UInt(X509_V_FLAG_NO_CHECK_TIME))
        }
        // Judge the path at the security level of the certificates themselves: weak keys are reported by key_size.
        X509_VERIFY_PARAM_set_auth_level(parameters, 0)
        if X509_verify_cert(context) == 1 {
            let names = anchors.filter { anchor in anchor.isIssuer(of: leaf) || intermediates.contains { anchor.isIssuer(of: $0) } }
                .map { $0.commonName ?? $0.subject }
            return CertificateCheck("chain", .pass, "verifies to \(names.first ?? "a given CA") (checked by OpenSSL)")
        }
        let code = X509_STORE_CTX_get_error(context)
        let reason = String(cString: X509_verify_cert_error_string(Int(code)))
        return CertificateCheck("chain", .fail, "does not verify against the given CA: \(reason)")
    }
}
