import APNsCore

/// Why a credential could not be read or written, before a file name is attached.
///
/// Library entry points that take bytes throw this; those that take a path turn it into an `APNsError`
/// naming the file with ``apnsError(file:)``.
public struct CredentialError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is (tests and callers branch on it).
    public enum Reason: Sendable, Equatable {
        case empty
        case unrecognised
        case malformed
        case wrongPassword
        case passwordRequired
        case notAKey
        case notACertificate
        case integrity
        case unsupported
        case keyMismatch
        case internalFailure
    }

    /// The kind of problem.
    public var reason: Reason
    /// One line, without the file name: `wrong password`, `truncated PEM: no END line`.
    public var message: String
    /// What to do about it; may be empty.
    public var hint: String

    /// An error of `reason` with a one-line message and an optional hint.
    public init(_ reason: Reason, _ message: String, hint: String = "") {
        self.reason = reason
        self.message = message
        self.hint = hint
    }

    public var description: String { message }

    /// The same problem as the `APNsError` the CLI shows: `FILE: message`, the hint, and exit 3 (70 for bugs).
    public func apnsError(file: String) -> APNsError {
        let name = file == "-" ? "standard input" : file
        let advice = hint.isEmpty ? Self.defaultHint(reason) : hint
        return APNsError(reason == .internalFailure ? .internalError : .badInput, "\(name): \(message)", hint: advice)
    }

    /// Every refusal carries a hint: this one when the place that refused had nothing more specific to say.
    static func defaultHint(_ reason: Reason) -> String {
        switch reason {
        case .internalFailure: return "this is a bug in apnsctl; please report it with the command that failed"
        case .notAKey: return "give the private key file (.p8, .key or .pem holding a PRIVATE KEY block)"
        default: return "check that this is the file you meant; export or download it again if it is damaged"
        }
    }
}
