import APNsCore

/// What to do when etcd cannot be reached or its TLS files cannot be read; the CLI words each.
public enum EtcdRemedy: Remedy, Equatable {
    /// The CA file for etcd's server certificates is not readable.
    case giveServerCA
    /// The server's certificate is not trusted (or does not name the host): give the CA that signed it.
    case trustServerCA
    /// The client certificate file is not readable.
    case giveClientCertificate
    /// The client key file is not readable.
    case giveClientKey
}
