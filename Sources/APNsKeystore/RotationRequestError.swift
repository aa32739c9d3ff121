/// A rotation request the keystore refuses before looking at its keys (a usage error, exit 2): the command line
/// words it with its options.
public enum RotationRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No key to make active was named.
    case noTarget
    /// `keyID` is named twice as a key to make active.
    case targetTwice(keyID: String)
    /// The grace period is negative.
    case negativeGrace

    /// The refusal, naming no option.
    public var description: String {
        switch self {
        case .noTarget: return "no key to make active was named"
        case .targetTwice(let keyID): return "key \(keyID) is named twice as a key to make active"
        case .negativeGrace: return "the grace period must not be negative"
        }
    }
}
