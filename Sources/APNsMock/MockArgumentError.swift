/// A value given to one of the mock's options that it cannot use (a usage error): `flag` is the option as the
/// command line named it, which words the error.
public enum MockArgumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `text` is not `NAME=VALUE`; `valueName` shows the form expected.
    case notAnAssignment(text: String, flag: String, valueName: String)
    /// `text` is not an even number of hex digits.
    case notADeviceToken(text: String, flag: String)

    public var description: String {
        switch self {
        case .notAnAssignment(let text, _, let valueName): return "\(text): expected \(valueName)"
        case .notADeviceToken(let text, _): return "\(text): a device token is an even number of hex digits"
        }
    }
}
