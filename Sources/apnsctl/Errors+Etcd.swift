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
