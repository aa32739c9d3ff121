#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Broadcast channel ids: base64 text (Apple: "The channel ID is a base64-encoded string").
enum ChannelID {
    /// The longest `apns-channel-id` accepted. Apple says only "greater than the allowed length" without the
    /// number; real ids are 24 characters (16 bytes), so 64 leaves room without accepting junk (docs/channels.md).
    static let maximumLength = 64

    /// A new id: 16 random bytes, base64 (standard alphabet, padded), like the ids APNs hands out.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
    }

    /// True when `text` is standard, padded base64 of at most ``maximumLength`` characters that decodes to something.
    static func isWellFormed(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maximumLength, let data = Data(base64Encoded: text) else { return false }
        return !data.isEmpty
    }
}
