import APNsAppStoreConnectMock
import APNsCore
#if canImport(Glibc)
import Glibc
#endif

extension MockAppStoreConnectError: UserFacingError {
    /// Why `mock asc` cannot start or keep its state.
    var presented: APNsError {
        switch self {
        case .cannotListen(let host, let port, let code, let reason):
            let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
            switch code {
            case EADDRINUSE?:
                return .unreachable("cannot listen on \(address): the address is already in use",
                                    hint: "another process listens on port \(port) (`ss -ltnp 'sport = :\(port)'` shows "
                                        + "which); pick another --port, or 0 for any free one")
            case EACCES?:
                return .unreachable("cannot listen on \(address): permission denied",
                                    hint: "ports below 1024 need privileges; pick a --port of 1024 or more, or 0 for any "
                                        + "free one")
            default:
                return .unreachable("cannot listen on \(address): \(reason)",
                                    hint: "pick another --host or --port (0 for any free one)")
            }
        case .badState(let path, let reason):
            return .badInput("--state \(path): \(reason)",
                             hint: "fix the file (its shape is in docs/mock.md, \"mock asc\"), or name a new file to "
                                 + "start empty")
        case .cannotWriteState(let path, let reason):
            return .output("--state \(path): cannot write it: \(reason)",
                           hint: "check that its directory exists and is writable")
        case .badTrustedKey(let keyID, let reason):
            return .badInput("--trust-asc-key \(keyID): \(reason)",
                             hint: "give the key's .p8 (AuthKey_\(keyID).p8) or its public key, PEM")
        case .badTLSIdentity(let reason):
            return .badInput("--tls-cert/--tls-key: not a usable PEM certificate and private key: \(reason)",
                             hint: "pass a PEM certificate with --tls-cert and its PEM private key with --tls-key")
        case .cannotOpenLog(let path, let reason):
            return .output("--log \(path): cannot open it: \(reason)",
                           hint: "check that its directory exists and is writable")
        }
    }
}

extension MockAscArgumentError: UserFacingError {
    /// A malformed `mock asc` value: a usage error (exit 2); an unreadable file: bad input (exit 3).
    var presented: APNsError {
        switch self {
        case .badTrustedKey(let text, let problem):
            return .usage("--trust-asc-key \(text): \(problem)",
                          hint: "for example --trust-asc-key ABC123DEFG=AuthKey_ABC123DEFG.p8,issuer="
                              + "69a6de7e-0000-47e3-e053-5b8c7c11a4d1, or --trust-asc-key XYZ987WVUT=key.pem,individual")
        case .unreadableKey(let keyID, let path, let reason):
            return .badInput("--trust-asc-key \(keyID): cannot read \(path): \(reason)",
                             hint: "check the path of the key's .p8 or public key PEM")
        case .badFault(let text):
            return .usage("--fault \(text): not a fault",
                          hint: "for example --fault rate-limit=2,retry-after=5, --fault html=1,status=503 or "
                              + "--fault server-error=1")
        case .halfTLSIdentity:
            return .usage("--tls-cert and --tls-key go together",
                          hint: "pass a PEM certificate with --tls-cert and its PEM private key with --tls-key")
        case .unreadableTLSFile(let path, let reason):
            return .badInput("cannot read \(path): \(reason)", hint: "check the --tls-cert and --tls-key paths")
        }
    }
}
