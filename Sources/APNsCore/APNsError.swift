/// The one error type apnsctl shows to people: what went wrong, naming the file, and what to do about it.
///
/// Rendered by the CLI as two lines on stderr:
/// ```
/// apnsctl: error: cert.p12: wrong password
/// apnsctl: hint: pass the export password with --password-file FILE or --password-env NAME
/// ```
public struct APNsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line: what is wrong, naming the file or object concerned.
    public var message: String
    /// One line: what the user can do next. May be empty.
    public var hint: String
    /// The process exit status this error maps to.
    public var status: ExitStatus

    public init(_ status: ExitStatus, _ message: String, hint: String = "") {
        self.status = status
        self.message = message
        self.hint = hint
    }

    public var description: String { hint.isEmpty ? message : "\(message) (\(hint))" }

    /// Bad input: unreadable, malformed, wrong password. Exit 3.
    public static func badInput(_ message: String, hint: String = "") -> APNsError {
        APNsError(.badInput, message, hint: hint)
    }

    /// A usage mistake found after parsing (conflicting options and the like). Exit 2.
    public static func usage(_ message: String, hint: String = "") -> APNsError {
        APNsError(.usage, message, hint: hint)
    }

    /// The keystore refused the operation. Exit 5.
    public static func keystore(_ message: String, hint: String = "") -> APNsError {
        APNsError(.keystore, message, hint: hint)
    }

    /// Output could not be written. Exit 6.
    public static func output(_ message: String, hint: String = "") -> APNsError {
        APNsError(.output, message, hint: hint)
    }

    /// The server could not be reached. Exit 4.
    public static func unreachable(_ message: String, hint: String = "") -> APNsError {
        APNsError(.unreachable, message, hint: hint)
    }
}
