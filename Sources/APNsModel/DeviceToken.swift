/// A device token as APNs takes it in the request path: lowercase hex, an even number of digits.
public struct DeviceToken: Sendable, Equatable, Codable {
    /// The hex text, lowercased.
    public let hex: String
    /// True for ``dummy``: a well-formed token no device has, used when `--device-token` is not given.
    public let isDummy: Bool

    /// A well-formed 32-byte token that belongs to no device. Authentication is checked before the token, so
    /// `400 BadDeviceToken` for it proves that TLS, HTTP/2 and the credential were accepted.
    public static let dummy = DeviceToken(uncheckedHex: String(repeating: "ca11ab1e", count: 8), isDummy: true)

    /// Parses `--device-token HEX` (spaces and angle brackets, as older Xcode logs print them, are dropped).
    public init(parsing text: String) throws(ModelError) {
        let cleaned = text.lowercased().filter { !" <>".contains($0) }
        guard !cleaned.isEmpty else {
            throw .emptyDeviceToken
        }
        guard cleaned.allSatisfy(\.isHexDigit) else {
            throw .deviceTokenNotHex(text: text)
        }
        guard cleaned.count % 2 == 0, cleaned.count >= 16 else {
            throw .deviceTokenLength(text: text, digits: cleaned.count)
        }
        self.init(uncheckedHex: cleaned, isDummy: false)
    }

    /// Any path segment, unchecked: for tests that send what APNs must refuse.
    public init(uncheckedHex: String, isDummy: Bool = false) {
        hex = uncheckedHex
        self.isDummy = isDummy
    }
}
