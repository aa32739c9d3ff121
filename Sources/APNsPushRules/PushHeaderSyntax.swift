/// The syntax of the `apns-topic` and `apns-expiration` values. Pure functions over strings.
public enum PushHeaderSyntax {
    /// A topic: a reverse-DNS-like name of letters, digits, `.`, `-` and `_`, without empty labels.
    /// Over the UTF-8 bytes: every allowed character is ASCII, so a byte outside the set (any byte of a non-ASCII
    /// character among them) refuses the topic. (Unicode scalar properties per character were 4 % of the mock's
    /// CPU under load, docs/benchmarks.md.)
    @inlinable
    public static func isTopic(_ text: String) -> Bool {
        var previous: UInt8 = UInt8(ascii: ".")   // so that a leading dot counts as an empty label
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                break
            case UInt8(ascii: "."):
                if previous == UInt8(ascii: ".") { return false }
            default:
                return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: ".")   // also false for the empty text
    }

    /// Non-negative whole seconds that fit in 64 bits.
    @inlinable
    public static func isExpiration(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && Int64(text) != nil
    }
}
