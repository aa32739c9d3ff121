#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Text made by C's `printf` rules (`vsnprintf`): `String(cFormat: "%.1f ms", seconds * 1000)`.
    ///
    /// What `String(format:)` did, without full Foundation (which links ICU's 30 MB data table). The format is
    /// the C one, so `%@` is not supported; arguments are passed as C varargs.
    public init(cFormat format: String, _ arguments: CVarArg...) {
        self = Self.formatted(format, arguments)
    }

    private static func formatted(_ format: String, _ arguments: [CVarArg]) -> String {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 64)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            guard needed >= buffer.count else { return String(decoding: buffer.prefix(Swift.max(needed, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            return withVaList(arguments) { again in
                buffer = [CChar](repeating: 0, count: needed + 1)
                _ = vsnprintf(&buffer, buffer.count, format, again)
                return String(decoding: buffer.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
    }

    /// The text padded with `pad` (or cut) to `length` UTF-16 units, as `NSString.padding(toLength:withPad:startingAt: 0)`.
    public func padded(toLength length: Int, with pad: Character = " ") -> String {
        let units = utf16.count
        if units >= length { return String(decoding: Array(utf16.prefix(length)), as: UTF16.self) }
        return self + String(repeating: pad, count: length - units)
    }
}

/// Lower-case hex of bytes: `Hex.lower(SHA256.hash(data: der))`.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Two lower-case hex digits a byte, no separator (what `String(cFormat: "%02x")` joined gave).
    public static func lower<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out = [UInt8]()
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
