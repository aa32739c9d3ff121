import APNsModel

/// The device tokens a run has seen, so each distinct token gets one canary: a token seen before is a duplicate,
/// reported with where it was first seen and never sent again. A 32-byte token takes 33 bytes here (packed, not
/// its hex text), so a million distinct tokens take some 60 MB with the table's room.
public struct DeviceTokenDuplicates {
    /// A token read again.
    public struct Duplicate: Sendable, Equatable {
        public var deviceToken: String
        /// Where it was read again: the file's line, or (for tokens given as arguments) the 1-based argument.
        public var line: Int
        /// Where it was first read, counted the same way.
        public var firstLine: Int
    }

    private struct Packed: Hashable {
        var a: UInt64, b: UInt64, c: UInt64, d: UInt64
        var length: UInt8
    }

    private var packed: [Packed: Int] = [:]
    private var other: [String: Int] = [:]

    public init() {}

    /// Records `token` read at `line`; the duplicate when it was seen before.
    public mutating func insert(_ token: DeviceToken, line: Int) -> Duplicate? {
        if let key = Self.pack(token.hex) {
            if let first = packed[key] { return Duplicate(deviceToken: token.hex, line: line, firstLine: first) }
            packed[key] = line
        } else {
            if let first = other[token.hex] { return Duplicate(deviceToken: token.hex, line: line, firstLine: first) }
            other[token.hex] = line
        }
        return nil
    }

    /// The bytes of a token of at most 32 bytes; nil for a longer one (kept as its text).
    private static func pack(_ hex: String) -> Packed? {
        let digits = Array(hex.utf8)
        guard digits.count <= 64, digits.count % 2 == 0 else { return nil }
        var words: [UInt64] = [0, 0, 0, 0]
        for (position, digit) in digits.enumerated() {
            guard let value = nibble(digit) else { return nil }
            words[position / 16] = words[position / 16] << 4 | UInt64(value)
        }
        return Packed(a: words[0], b: words[1], c: words[2], d: words[3], length: UInt8(digits.count))
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 48...57: return digit - 48
        case 97...102: return digit - 87
        case 65...70: return digit - 55
        default: return nil
        }
    }
}
