import APNsCore

/// What to do about a certificate or profile that cannot be used as asked; the CLI words each.
public enum ProvisioningRemedy: Remedy, Equatable {
    /// No pending request holds the certificate's key: import the certificate with its key where the key is.
    case importWithKeyElsewhere
}
