import APNsCore
import APNsProvisioning
import APNsTokenAgent

extension ProvisioningRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .importWithKeyElsewhere:
            return "was the request made on another machine or keystore? Then import the certificate with its key "
                + "there, or here with \(NextStep("cert", "import", "FILE")) (a .p12, or a PEM holding certificate and key)"
        case .inspectAsCertificate:
            return "use \(NextStep("cert", "inspect", "FILE", carries: [])) for certificates, keys and certificate requests"
        case .nameIssuerCA:
            return "a certificate from Apple's portal chains to Apple Root CA; for a certificate from your own "
                + "CA (tests, a mock), name its issuer with --ca FILE"
        case .caMustIssue(let file): return "--ca must name the certificate of the CA that issued \(file)"
        }
    }
}

extension AgentRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .writableOutputDirectory:
            return "give --out a directory the agent may create and write (its parent must exist)"
        }
    }
}

extension ProfileHint {
    /// The hint `profile verify` prints, naming its options and the verbs that help.
    var words: String {
        switch self {
        case .testProfilesOnly:
            return "a profile from Apple's developer portal chains to Apple Root CA; pass --ca FILE only for test profiles"
        case .renewCertificate:
            return "APNs refuses an expired certificate: make a new push certificate (\(NextStep("cert", "request"))), "
                + "or move to token authentication with a .p8 key"
        case .note(let words): return words
        }
    }
}

extension CertificateRequestSubject.SubjectError: UserFacingError {
    /// A refused certificate request subject: a usage error (exit 2) naming the option that gave the part.
    var presented: APNsError {
        switch self {
        case .email(let text):
            return .usage("--email \(text): not an email address (ASCII, with an @)",
                          hint: "Keychain puts your Apple ID's address here; Apple does not use it")
        case .commonName: return .usage("--common-name must be 1 to 64 characters", hint: "for example your name")
        case .country(let text):
            return .usage("--country \(text): not a two-letter country code (ISO 3166, capitals)",
                          hint: "for example US, DE, FR")
        }
    }
}
