/// Why a domain value was refused: a malformed identifier, an unsound key scope, a malformed device token.
///
/// Each case carries what was given; the modules above word it for people (APNsCore's `APNsError(_:)`: a usage
/// error, exit 2).
public enum ModelError: Error, Sendable, Equatable {
    /// `value`, given as `flag` (an option or argument name), is not a valid `what` ("key id", "team id").
    case invalidIdentifier(value: String, what: String, flag: String)
    /// The key id given with the key id option differs from `fileKeyID`, the one in the file name `file`.
    case keyIDContradictsFileName(given: String, file: String, fileKeyID: String)
    /// No key id was given and the file name `file` carries none.
    case keyIDNotInFileName(file: String)
    /// A key scope breaks Apple's rules: ``KeyScope/problem(environments:restriction:relatedKeyID:)``'s answer.
    case unsoundScope(message: String, hint: String)
    /// The device token text is empty.
    case emptyDeviceToken
    /// The device token text `text` has a character that is not a hex digit.
    case deviceTokenNotHex(text: String)
    /// The device token text `text` has `digits` hex digits: odd, or fewer than 16.
    case deviceTokenLength(text: String, digits: Int)
}
