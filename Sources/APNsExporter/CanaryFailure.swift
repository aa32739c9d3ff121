/// Why a canary round could not be sent: a local problem with the credential or the files it needs, never the
/// server's. A failed round records `outcome="credential"` and the case's ``reason``.
public enum CanaryFailure: Error, Sendable, Equatable {
    /// The keystore could not be opened or read (absent, another user's, damaged).
    case keystoreUnreadable(String)
    /// The key the target names (or the team's active key) is revoked.
    case keyRevoked(String)
    /// The keystore has no key that may sign for the target: no such key id, no active key for the team, or none
    /// that covers the target's topic and environment.
    case keyMissing(String)
    /// A token agent's `TEAM-ENV.token` file is not there.
    case tokenFileMissing(String)
    /// A token agent's file is there but cannot be read or holds no token.
    case tokenFileUnreadable(String)
    /// The client certificate (or its password file) could not be read.
    case certificateUnreadable(String)
    /// The client certificate has expired: APNs would refuse the handshake.
    case certificateExpired(String)
    /// The `cacert:` file could not be read: no server could be trusted.
    case caFileUnreadable(String)

    /// The `outcome` label of a round that failed here: `credential` (a local problem), beside `healthy`,
    /// `rejected` (APNs refused) and `unreachable` (network or TLS to the server).
    public static let outcome = "credential"

    /// The `reason` label: what is wrong, in snake_case.
    public var reason: String {
        switch self {
        case .keystoreUnreadable: return "keystore_unreadable"
        case .keyRevoked: return "key_revoked"
        case .keyMissing: return "key_missing"
        case .tokenFileMissing: return "token_file_missing"
        case .tokenFileUnreadable: return "token_file_unreadable"
        case .certificateUnreadable: return "certificate_unreadable"
        case .certificateExpired: return "certificate_expired"
        case .caFileUnreadable: return "cacert_unreadable"
        }
    }

    /// What is wrong, in words, naming the file or key.
    public var message: String {
        switch self {
        case .keystoreUnreadable(let text), .keyRevoked(let text), .keyMissing(let text), .tokenFileMissing(let text),
             .tokenFileUnreadable(let text), .certificateUnreadable(let text), .certificateExpired(let text),
             .caFileUnreadable(let text):
            return text
        }
    }
}
