import APNsPushRules

/// Syntax checks for APNs header values and device tokens. Pure functions over strings.
enum HeaderSyntax {
    /// A UUID in APNs's canonical form: 8-4-4-4-12 lowercase hex digits.
    static func isCanonicalUUID(_ text: String) -> Bool {
        isUUID(text) && !text.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
    }

    /// A UUID in 8-4-4-4-12 form, hex digits of either case.
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                if byte != UInt8(ascii: "-") { return false }
            } else if !isHexDigit(byte) {
                return false
            }
        }
        return true
    }

    /// A device token: a non-empty, even-length string of hex digits.
    static func isDeviceToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count % 2 == 0 && text.utf8.allSatisfy(isHexDigit)
    }

    /// A topic's syntax (``PushHeaderSyntax/isTopic(_:)``).
    static func isTopic(_ text: String) -> Bool { PushHeaderSyntax.isTopic(text) }

    /// Non-negative whole seconds that fit in 64 bits (``PushHeaderSyntax/isExpiration(_:)``).
    static func isExpiration(_ text: String) -> Bool { PushHeaderSyntax.isExpiration(text) }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
