/// What to do about a failed machine check, as a value: the command line words it with its options
/// (``DoctorCheck/remedy``; the check's ``DoctorCheck/hint`` is then empty).
public enum DoctorRemedy: Sendable, Equatable {
    /// The CA file given lacks APNs's root: add it, or trust the system's bundle.
    case addRootOrDropCAFile
    /// Another server's certificate does not verify: give the CA that issued it.
    case trustServerCA
    /// The server does not speak TLS on that port.
    case checkPort
    /// No connection: check the server runs at the host and port named.
    case checkHostAndPort
    /// The clock could not be checked: ask another HTTPS server (``ClockCheck/ntpHint`` follows).
    case compareClockElsewhere
}
