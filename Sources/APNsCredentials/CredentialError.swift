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
        return APNsError(reason == .internalFailure ? .internalError : .badInput, "\(name): \(message)",
                         hint: hint.isEmpty ? defaultHint : hint)
    }

    /// What to do when the thrower gave no hint: every error the CLI shows has one.
    public var defaultHint: String {
        switch reason {
        case .empty: return "the file is empty: check the path, or that the download or export finished"
        case .unrecognised, .malformed:
            return "give a PEM or DER certificate, a PKCS#12 (.p12) file, or a .p8/PEM private key; `apnsctl cert inspect FILE` shows what a file holds"
        case .wrongPassword, .passwordRequired:
            return "give the password with --password-file FILE or --password-env NAME, or type it at the prompt"
        case .notAKey:
            return "give the private key (the .p8 from the developer account, or a PEM PRIVATE KEY): a public key or a certificate cannot sign"
        case .notACertificate:
            return "give a certificate (PEM/DER), a PKCS#12 (.p12) export or a private key: a public key alone cannot authenticate"
        case .integrity: return "the file is damaged: export it again"
        case .unsupported: return "convert it with openssl to PKCS#8 (keys) or PEM (certificates) and try again"
        case .keyMismatch: return "pair the certificate with the private key it was issued for"
        case .inconsistentKey:
            return "the key is damaged (a changed byte, a bad copy): tokens or connections made with it would be "
                + "refused; use an undamaged copy (download or export it again); `openssl pkey -check -in FILE` shows the same"
        case .internalFailure: return "please report this with the command you ran"
        }
    }
}
