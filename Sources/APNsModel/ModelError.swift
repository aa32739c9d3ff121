/// Why a domain value was refused: a malformed identifier, an unsound key scope, a malformed device token.
///
/// Each case carries what was given; the command line words it for people (a usage error, exit 2, naming its
/// flags); ``description`` is the same in words that name no flag, for libraries that quote it.
public enum ModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `value`, given as `input`, is not a valid team or key id.
    case invalidIdentifier(value: String, input: IdentifierInput)
    /// The key id given with the key id option differs from `fileKeyID`, the one in the file name `file`.
    case keyIDContradictsFileName(given: String, file: String, fileKeyID: String)
    /// No key id was given and the file name `file` carries none.
    case keyIDNotInFileName(file: String)
    /// A key scope breaks Apple's rules: ``KeyScope/problem(environments:restriction:relatedKeyID:)``'s answer.
    case unsoundScope(message: String, remedy: ScopeRemedy)
    /// The device token text is empty.
    case emptyDeviceToken
    /// The device token text `text` has a character that is not a hex digit.
    case deviceTokenNotHex(text: String)
    /// The device token text `text` has `digits` hex digits: odd, or fewer than 16.
    case deviceTokenLength(text: String, digits: Int)

    /// What is wrong, naming the value and no flag.
    public var description: String {
        switch self {
        case .invalidIdentifier(let value, let input):
            return "\(value): not a valid \(input.what) (10 characters, A–Z and 0–9)"
        case .keyIDContradictsFileName(let given, let file, let fileKeyID):
            return "key id \(given) contradicts the file name \(file) (key id \(fileKeyID))"
        case .keyIDNotInFileName(let file):
            return "\(file): the key id is not in the file name (AuthKey_KEYID.p8)"
        case .unsoundScope(let message, let remedy):
            return "\(message) (\(remedy))"
        case .emptyDeviceToken:
            return "the device token is empty"
        case .deviceTokenNotHex(let text):
            return "device token \(text): not hexadecimal"
        case .deviceTokenLength(let text, let digits):
            return "device token \(text): \(digits) hex digits is not a whole device token"
        }
    }
}
