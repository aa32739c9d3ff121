/// A client certificate for etcd was given without its key, or a key without its certificate (a usage error):
/// the command line words it with its options.
public enum EtcdClientPairError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A client certificate without its private key.
    case certificateWithoutKey
    /// A client private key without its certificate.
    case keyWithoutCertificate

    /// The refusal, naming no option.
    public var description: String {
        switch self {
        case .certificateWithoutKey: return "the etcd client certificate needs its private key"
        case .keyWithoutCertificate: return "the etcd client key needs its certificate"
        }
    }
}
