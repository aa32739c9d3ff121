/// A keystore manifest this build cannot read: the command line words it (Errors+Keystore.swift).
public enum KeystoreFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `path` holds format `version`, newer than `understood`, the newest this build reads.
    case newerThanUnderstood(path: String, version: Int, understood: Int)

    public var description: String {
        switch self {
        case .newerThanUnderstood(let path, let version, let understood):
            return "\(path): keystore format version \(version) is newer than this build understands (\(understood))"
        }
    }
}
