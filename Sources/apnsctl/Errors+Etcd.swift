import APNsCore
import APNsEtcd

extension EtcdRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .giveServerCA: return "pass the CA certificate that signed etcd's server certificates with --etcd-cacert FILE"
        case .trustServerCA:
            return "pass the CA that signed etcd's server certificates with --etcd-cacert FILE (and check it names this host)"
        case .giveClientCertificate: return "pass the client certificate etcd trusts with --etcd-cert FILE"
        case .giveClientKey: return "pass the client certificate's key with --etcd-key FILE"
        }
    }
}

extension EtcdClientPairError: UserFacingError {
    /// Half a client certificate pair: a usage error (exit 2) naming the two options.
    var presented: APNsError {
        switch self {
        case .certificateWithoutKey:
            return .usage("--etcd-cert needs --etcd-key", hint: "pass the client certificate's private key with --etcd-key FILE")
        case .keyWithoutCertificate:
            return .usage("--etcd-key needs --etcd-cert", hint: "pass the client certificate with --etcd-cert FILE")
        }
    }
}
