/// A device token as APNs takes it in the request path: lowercase hex, an even number of digits, from
/// ``minimumDigits`` to ``maximumDigits``.
public struct DeviceToken: Sendable, Equatable, Codable {
    /// The hex text, lowercased.
    public let hex: String
    /// True for ``dummy``: a well-formed token no device has, used when `--device-token` is not given.
    public let isDummy: Bool

    /// The fewest hex digits taken as a token (8 bytes).
    public static let minimumDigits = 16
    /// The most bytes a device token may have. Tokens have been 32 bytes since iOS 3; Apple says only that their
    /// length varies, so this leaves room for three times as many (100 bytes), and no more: a longer line is
    /// no token, and sent it would only break the request (a path of thousands of digits outgrows the header list
    /// the server takes, 8000 bytes at APNs, and the connection with it).
    public static let maximumBytes = 100
    /// ``maximumBytes`` in hex digits: 200.
    public static let maximumDigits = maximumBytes * 2

    /// A well-formed 32-byte token that belongs to no device. Authentication is checked before the token, so
    /// `400 BadDeviceToken` for it proves that TLS, HTTP/2 and the credential were accepted.
    public static let dummy = DeviceToken(uncheckedHex: String(repeating: "ca11ab1e", count: 8), isDummy: true)

    /// Parses `--device-token HEX` (spaces and angle brackets, as older Xcode logs print them, are dropped). A text
    /// of more than ``maximumDigits`` digits is refused without being copied (its error keeps its first 100
    /// characters).
    public init(parsing text: String) throws(ModelError) {
        // Xcode's `<0123abcd 4567ef01 …>` has a space every 8 digits and two brackets: a token's text is at most
        // this long, whatever else it holds.
        if text.utf8.count > Self.maximumDigits + Self.maximumDigits / 8 + 2 {
            let digits = text.utf8.reduce(0) { $0 + (Self.isHexDigit($1) ? 1 : 0) }
            let excerpt = String(text.prefix(100)) + "…"
            if text.utf8.contains(where: { !Self.isHexDigit($0) && !" <>".utf8.contains($0) }) {
                throw .deviceTokenNotHex(text: excerpt)
            }
            throw .deviceTokenLength(text: excerpt, digits: digits)
        }
        let cleaned = text.lowercased().filter { !" <>".contains($0) }
        guard !cleaned.isEmpty else {
            throw .emptyDeviceToken
        }
        // ASCII only: Character.isHexDigit also takes fullwidth digits, which no token has.
        guard cleaned.utf8.allSatisfy(Self.isHexDigit) else {
            throw .deviceTokenNotHex(text: text)
        }
        let digits = cleaned.utf8.count
        guard digits % 2 == 0, (Self.minimumDigits...Self.maximumDigits).contains(digits) else {
            throw .deviceTokenLength(text: text, digits: digits)
        }
        self.init(uncheckedHex: cleaned, isDummy: false)
    }

    /// Any path segment, unchecked: for tests that send what APNs must refuse.
    public init(uncheckedHex: String, isDummy: Bool = false) {
        hex = uncheckedHex
        self.isDummy = isDummy
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }
}
