/// Provisioning without a Mac: certificate signing requests, joining the certificate Apple returns with its
/// pending key, provisioning profiles (a CMS SignedData around a property list) and expiry across every credential.
///
/// The types of this module are pure values and readers; the command-line verbs in `apnsctl` are thin layers
/// over them.
public enum Provisioning {}
