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
        /// The private key fails OpenSSL's pairwise check: it does not match the public key it carries.
        case inconsistentKey
        case internalFailure
    }

    /// The kind of problem.
    public var reason: Reason
    /// One line, without the file name: `wrong password`, `truncated PEM: no END line`.
    public var message: String
    /// What to do about it, when it names no flag or command; may be empty.
    public var hint: String
    /// What to do about it as a value the CLI words; nil when ``hint`` says it (or the reason's usual remedy does).
    public var remedy: CredentialRemedy?

    /// An error of `reason` with a one-line message and an optional hint or remedy.
    public init(_ reason: Reason, _ message: String, hint: String = "", remedy: CredentialRemedy? = nil) {
        self.reason = reason
        self.message = message
        self.hint = hint
        self.remedy = remedy
    }

    public var description: String { message }

    /// The same problem as the `APNsError` the CLI shows: `FILE: message`, the hint (or the remedy, by default the
    /// reason's usual one), and exit 3 (70 for bugs).
    public func apnsError(file: String) -> APNsError {
        let name = file == "-" ? "standard input" : file
        return APNsError(reason == .internalFailure ? .internalError : .badInput, "\(name): \(message)",
                         hint: hint, remedy: hint.isEmpty ? (remedy ?? .usual(reason)) : nil)
    }
}

/// What to do about a credential that could not be read or written; the CLI words each.
public enum CredentialRemedy: Remedy, Equatable {
    /// The usual remedy for a problem of this kind (every error the CLI shows has a hint).
    case usual(CredentialError.Reason)
    /// A file needs a password and none was given: name where it comes from.
    case givePassword
    /// A PKCS#12 file's export password is wrong or missing.
    case giveExportPassword
    /// An encrypted private key needs its passphrase.
    case giveKeyPassphrase
    /// The passphrase given does not open the private key.
    case checkKeyPassphraseSource
    /// The password given does not open this file.
    case givenPasswordIsWrong
    /// A provisioning profile was given where a certificate or key was expected.
    case inspectProfileInstead
    /// The content is none of the formats that are read.
    case readableFormats
    /// The PKCS#12 file uses an algorithm this OpenSSL lacks.
    case missingAlgorithm
    /// DER output can hold one object only: choose the certificate alone or the key alone.
    case oneDERObject
}
