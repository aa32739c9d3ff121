import APNsCore
import APNsModel
import SwiftASN1

/// Certificates name the environments they may connect to with Apple's extension OIDs.
/// (`APNsEnvironment` itself is defined once, in APNsModel, and shared by every module.)
extension APNsEnvironment {
    /// The certificate extension that grants this environment.
    public var oid: ASN1ObjectIdentifier {
        switch self {
        case .development: return APNsOID.development
        case .production: return APNsOID.production
        }
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
