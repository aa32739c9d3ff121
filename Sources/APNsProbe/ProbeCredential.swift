import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1
import X509

/// How the prober authenticates to APNs.
public enum ProbeCredential: Sendable {
    /// Token authentication: a compact ES256 JWT sent as `authorization: bearer …`.
    /// `issuedAt` (the token's `iat`) lets the verdict tell clock skew from a stale token.
    case token(String, issuedAt: Date?)
    /// A client certificate and its private key in PEM, handed to libcurl in memory. `keyPassword` unlocks an
    /// encrypted key.
    case pem(certificate: [UInt8], key: [UInt8], keyPassword: String?)
    /// A PKCS#12 file (legacy RC2/3DES included) handed to libcurl in memory with its password.
    case pkcs12([UInt8], password: String)
    /// No credential: APNs answers `403 MissingProviderToken`.
    case none

    /// "token", "certificate" or "none", for reports.
    public var kind: String {
        switch self {
        case .token: return "token"
        case .pem, .pkcs12: return "certificate"
        case .none: return "none"
        }
    }

    /// When the client certificate (the first PEM block of `.pem`) stops being valid; nil for other credentials and
    /// for a certificate that does not parse. A server's TLS alert need not say "expired" (certificate_unknown is
    /// common), so the verdict uses this to say what is wrong.
    public var certificateNotAfter: Date? {
        guard case .pem(let certificate, _, _) = self,
              let first = try? PEMDocument.parseMultiple(pemString: String(decoding: certificate, as: UTF8.self)).first,
              let parsed = try? Certificate(derEncoded: first.derBytes) else { return nil }
        return parsed.notValidAfter
    }
}
