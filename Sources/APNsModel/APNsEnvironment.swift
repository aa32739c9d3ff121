/// An APNs environment: the sandbox used by development builds, or production.
///
/// The one definition every module shares (credentials, keystore, prober, mock): encoded in JSON as
/// `"development"` or `"production"`. Certificates name their environments with Apple's extension OIDs
/// (see APNsCredentials' `APNsOID`).
public enum APNsEnvironment: String, Sendable, Codable, CaseIterable, Comparable {
    /// The sandbox: `api.sandbox.push.apple.com`. Marked by OID 1.2.840.113635.100.6.3.1.
    case development
    /// Production: `api.push.apple.com`. Marked by OID 1.2.840.113635.100.6.3.2.
    case production

    /// The HTTP/2 provider API host of this environment.
    public var host: String {
        switch self {
        case .development: return "api.sandbox.push.apple.com"
        case .production: return "api.push.apple.com"
        }
    }

    /// The other environment: where a device token or certificate of the wrong kind belongs.
    public var other: APNsEnvironment { self == .development ? .production : .development }

    public static func < (lhs: APNsEnvironment, rhs: APNsEnvironment) -> Bool {
        lhs == .development && rhs == .production
    }
}
