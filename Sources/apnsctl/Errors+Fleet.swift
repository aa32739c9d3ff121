import APNsCore
import APNsKeystoreEtcd

extension FleetRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .retryCommit: return "try again; \(NextStep("keystore", "audit")) shows the changes other hosts made"
        case .waitForOperation:
            return "wait for it to finish and look at \(NextStep("key", "list")); a host that died frees the lock within 10 s"
        case .createKeystore(let location): return "create one with \(NextStep("keystore", "init", location, "--kek-file", "FILE", carries: []))"
        case .giveKEK: return "pass --kek-file FILE or set APNSCTL_KEK_FILE"
        case .makeKEK:
            return "make one (`head -c 32 /dev/urandom > kek && chmod 600 kek`) and pass --kek-file kek, or set "
                + "APNSCTL_KEK_FILE"
        case .restoreFromCopy(let keystore):
            let copy = NextStep("keystore", "copy", "--from-keystore", "BACKUP", "--to-keystore", "KEYSTORE", carries: [])
            return "restore \(keystore ? "the keystore" : "it") with \(copy)"
        case .useTheKeystoresToken: return "on one machine every process shares the keystore's token: run \(NextStep("token", "issue"))"
        case .giveTheInitKEK: return "pass the file given to `keystore init` with --kek-file or APNSCTL_KEK_FILE"
        case .useExisting(let location): return "use it with --keystore \(location), or choose another prefix"
        case .giveEtcdPassword: return "pass --etcd-password-file FILE, or set APNSCTL_ETCD_PASSWORD"
        }
    }
}

extension KEKKindMismatch: UserFacingError {
    /// A key-encryption key of the wrong kind: refused by the keystore (exit 5).
    var presented: APNsError {
        .keystore("\(keystore): this keystore's key-encryption key is a \(storedKind), not what --kek-file holds",
                  hint: "pass the file given to `keystore init`")
    }
}
