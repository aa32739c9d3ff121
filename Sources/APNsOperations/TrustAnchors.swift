import APNsCore
import APNsCredentials

/// CA certificates read from files given as extra or replacement trust anchors.
public enum TrustAnchors {
    /// Every certificate in `file`; throws ``TrustAnchorError/noCertificate(file:)`` when it holds none.
    public static func certificates(in file: String) throws -> [APNsCertificate] {
        let certificates = try CredentialReader().read(path: file, offerStandardInput: false).certificates
        guard !certificates.isEmpty else { throw TrustAnchorError.noCertificate(file: file) }
        return certificates
    }

    /// The certificates of every file, in order.
    public static func certificates(in files: [String]) throws -> [APNsCertificate] {
        try files.flatMap { try certificates(in: $0) }
    }
}

/// A trust anchor file that cannot serve as one.
public enum TrustAnchorError: Error, Equatable, Sendable {
    /// The file holds no certificate (a key only, or nothing recognisable as a CA).
    case noCertificate(file: String)
}
