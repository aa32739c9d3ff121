/// The one error type apnsctl shows to people: what went wrong, naming the file, and what to do about it.
///
/// Rendered by the CLI as two lines on stderr:
/// ```
/// apnsctl: error: cert.p12: wrong password
/// apnsctl: hint: pass the export password with --password-file FILE or --password-env NAME
/// ```
///
/// A library never names a flag or a command: where the remedy depends on them, it sets ``remedy`` (a typed value
/// saying which remedy applies, with the file, key or value concerned) and leaves ``hint`` empty; the CLI words it.
public struct APNsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line: what is wrong, naming the file or object concerned.
    public var message: String
    /// One line: what the user can do next. May be empty.
    public var hint: String
    /// The process exit status this error maps to.
    public var status: ExitStatus
    /// What the user can do, as a value the CLI words (naming its flags and commands); nil when ``hint`` says it.
    public var remedy: (any Remedy)?

    public init(_ status: ExitStatus, _ message: String, hint: String = "", remedy: (any Remedy)? = nil) {
        self.status = status
        self.message = message
        self.hint = hint
        self.remedy = remedy
    }

    public static func == (lhs: APNsError, rhs: APNsError) -> Bool {
        lhs.status == rhs.status && lhs.message == rhs.message && lhs.hint == rhs.hint
            && lhs.remedy.map { String(reflecting: $0) } == rhs.remedy.map { String(reflecting: $0) }
    }

    public var description: String { hint.isEmpty ? message : "\(message) (\(hint))" }

    /// Bad input: unreadable, malformed, wrong password. Exit 3.
    public static func badInput(_ message: String, hint: String = "", remedy: (any Remedy)? = nil) -> APNsError {
        APNsError(.badInput, message, hint: hint, remedy: remedy)
    }

    /// A usage mistake found after parsing (conflicting options and the like). Exit 2.
    public static func usage(_ message: String, hint: String = "", remedy: (any Remedy)? = nil) -> APNsError {
        APNsError(.usage, message, hint: hint, remedy: remedy)
    }

    /// The keystore refused the operation. Exit 5.
    public static func keystore(_ message: String, hint: String = "", remedy: (any Remedy)? = nil) -> APNsError {
        APNsError(.keystore, message, hint: hint, remedy: remedy)
    }

    /// Output could not be written. Exit 6.
    public static func output(_ message: String, hint: String = "", remedy: (any Remedy)? = nil) -> APNsError {
        APNsError(.output, message, hint: hint, remedy: remedy)
    }

    /// The server could not be reached. Exit 4.
    public static func unreachable(_ message: String, hint: String = "", remedy: (any Remedy)? = nil) -> APNsError {
        APNsError(.unreachable, message, hint: hint, remedy: remedy)
    }
}

/// What the user can do about an error or a verdict, as a value: which remedy applies, with the file, key or value
/// concerned. Libraries define their remedies as enums; the CLI words each (naming its flags and commands), so a
/// hint always names flags that exist.
public protocol Remedy: Sendable {}
