/// Why a canary round could not be sent: the `reason` a failed round records.
public enum CanaryFailure: Error, Sendable, Equatable {
    /// The provider token could not be had (no keystore key for it, no token agent file, a file unreadable).
    case token(String)
    /// The client certificate could not be read.
    case certificate(String)

    /// The `reason` label: `credential`, as `probe` names a credential that could not be read.
    public var reason: String { "credential" }

    public var message: String {
        switch self {
        case .token(let text), .certificate(let text): return text
        }
    }
}
