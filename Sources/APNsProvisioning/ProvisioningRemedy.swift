import APNsCore

/// What to do about a certificate or profile that cannot be used as asked; the CLI words each.
public enum ProvisioningRemedy: Remedy, Equatable {
    /// No pending request holds the certificate's key: import the certificate with its key where the key is.
    case importWithKeyElsewhere
    /// A certificate, key or certificate request was given where a profile is read: inspect it as a certificate.
    case inspectAsCertificate
    /// A certificate that does not chain to Apple: name its issuer's CA, if it is a test or private one.
    case nameIssuerCA
    /// The CA given does not issue `file`'s certificate: name the one that does.
    case caMustIssue(file: String)
}
