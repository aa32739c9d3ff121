import APNsCore

extension ExitStatus {
    /// One line per code, for `--help`, the README and the man page.
    var summary: String {
        switch self {
        case .ok: return "success; every check passed"
        case .checkFailed: return "a check failed, or APNs answered with a credential or request error"
        case .usage: return "usage error (unknown flag, missing argument)"
        case .badInput: return "bad input: unreadable, malformed, wrong password, wrong key type"
        case .unreachable: return "not reachable: DNS, TCP, TLS, HTTP/2 or timeout"
        case .keystore: return "keystore refused: permissions, lock, unknown key, impossible transition"
        case .output: return "output not written: exists without --force, or not writable"
        case .internalError: return "internal error (a bug: please report it)"
        }
    }

    /// The hint shown under an error whose thrower gave none, so every error is two lines.
    var defaultHint: String {
        switch self {
        case .ok, .checkFailed: return "the lines above say which check failed"
        case .usage: return "see \(NextStep("help", carries: [])) or add --help to the command"
        case .badInput: return "check the file named above; \(NextStep("cert", "inspect", "FILE", carries: [])) shows what a credential file holds"
        case .unreachable: return "check the network, DNS and firewall; \(NextStep("doctor", carries: [])) checks this machine"
        case .keystore: return "\(NextStep("keystore", "status")) shows the keystore; \(NextStep("doctor")) checks it"
        case .output: return "choose another output path, or pass --force to replace the file"
        case .internalError: return "a bug in apnsctl: please report it with the command you ran"
        }
    }
}
