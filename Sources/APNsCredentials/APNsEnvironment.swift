import SwiftASN1

/// An APNs environment: the sandbox used by development builds, or production.
///
/// Encoded in JSON as `"development"` or `"production"`. A certificate names the environments it may
/// connect to with Apple's extension OIDs (see ``oid``).
public enum APNsEnvironment: String, Codable, Sendable, CaseIterable, Comparable {
    /// The sandbox: `api.sandbox.push.apple.com`. Marked by OID 1.2.840.113635.100.6.3.1.
    case development
    /// Production: `api.push.apple.com`. Marked by OID 1.2.840.113635.100.6.3.2.
    case production

    /// The certificate extension that grants this environment.
    public var oid: ASN1ObjectIdentifier {
        switch self {
        case .development: return APNsOID.development
        case .production: return APNsOID.production
        }
    }

    public static func < (lhs: APNsEnvironment, rhs: APNsEnvironment) -> Bool {
        lhs == .development && rhs == .production
    }
}

/// Apple's certificate extension OIDs for APNs.
public enum APNsOID {
    /// 1.2.840.113635.100.6.3.1: the certificate may connect to the development (sandbox) environment.
    public static let development: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 3, 1]
    /// 1.2.840.113635.100.6.3.2: the certificate may connect to the production environment.
    public static let production: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 3, 2]
    /// 1.2.840.113635.100.6.3.6: the topics the certificate may send to, each with its labels.
    public static let topics: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 3, 6]
    /// 0.9.2342.19200300.100.1.1: the subject's UID attribute, which holds the bundle id.
    public static let userID: ASN1ObjectIdentifier = [0, 9, 2342, 19_200_300, 100, 1, 1]
}
