/// The process exit codes apnsctl documents (README, man page). Stable: scripts depend on them.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Everything worked; every check passed.
    case ok = 0
    /// A check failed: verify, status, doctor, or APNs answered with a credential or request error.
    case checkFailed = 1
    /// The command line was wrong.
    case usage = 2
    /// Input could not be used: unreadable, malformed, wrong password, wrong kind of key.
    case badInput = 3
    /// The server could not be reached: DNS, TCP, TLS, HTTP/2 negotiation or timeout.
    case unreachable = 4
    /// The keystore refused: insecure permissions, locked, missing, or an impossible state transition.
    case keystore = 5
    /// Output could not be written: the file exists (and may not be replaced) or the directory is not writable.
    case output = 6
    /// A bug in apnsctl.
    case internalError = 70
}
