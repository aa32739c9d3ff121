/// What to change when a profile check fails (``ProfileVerifier/checks(_:)``): the command line words the hints
/// that name its options or verbs; ``description`` says each naming none.
public enum ProfileHint: Sendable, Equatable, CustomStringConvertible {
    /// The signature does not chain to Apple: only test profiles chain to another CA.
    case testProfilesOnly
    /// The push certificate expired: make a new one, or move to token authentication.
    case renewCertificate
    /// A hint that names no option or verb.
    case note(String)

    public var description: String {
        switch self {
        case .testProfilesOnly:
            return "a profile from Apple's developer portal chains to Apple Root CA; trust another CA only for test profiles"
        case .renewCertificate:
            return "APNs refuses an expired certificate: make a new push certificate, or move to token authentication "
                + "with a .p8 key"
        case .note(let words): return words
        }
    }
}
