#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64url without padding (RFC 4648 §5), as JOSE uses it.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// Encodes bytes as base64url text with no padding.
    public static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        encode(Array(bytes))
    }

    /// Encodes bytes as base64url text with no padding. The specialised path every token takes three times.
    public static func encode(_ bytes: [UInt8]) -> String {
        let full = bytes.count / 3, rest = bytes.count % 3
        let length = full * 4 + (rest == 0 ? 0 : rest + 1)
        return bytes.withUnsafeBufferPointer { input in
            alphabet.withUnsafeBufferPointer { table in
                String(unsafeUninitializedCapacity: length) { output in
                    var i = 0, o = 0
                    for _ in 0..<full {
                        let triple = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                        output[o] = table[Int(triple >> 18)]
                        output[o + 1] = table[Int(triple >> 12 & 0x3F)]
                        output[o + 2] = table[Int(triple >> 6 & 0x3F)]
                        output[o + 3] = table[Int(triple & 0x3F)]
                        i += 3
                        o += 4
                    }
                    if rest > 0 {
                        let second = rest == 2 ? UInt32(input[i + 1]) << 8 : 0
                        let triple = UInt32(input[i]) << 16 | second
                        output[o] = table[Int(triple >> 18)]
                        output[o + 1] = table[Int(triple >> 12 & 0x3F)]
                        if rest == 2 { output[o + 2] = table[Int(triple >> 6 & 0x3F)] }
                    }
                    return length
                }
            }
        }
    }

    /// Decodes base64url text (padding tolerated); nil when any character is outside the alphabet.
    public static func decode<S: StringProtocol>(_ text: S) -> [UInt8]? {
        var sextets = [UInt8]()
        sextets.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where byte != UInt8(ascii: "=") {
            let value = reverse[Int(byte)]
            if value == 0xFF { return nil }
            sextets.append(value)
        }
        if sextets.count % 4 == 1 { return nil }
        var out = [UInt8]()
        out.reserveCapacity(sextets.count * 3 / 4)
        var index = 0
        while index < sextets.count {
            let chunk = sextets[index..<min(index + 4, sextets.count)]
            let s = Array(chunk) + [UInt8](repeating: 0, count: 4 - chunk.count)
            let triple = (UInt32(s[0]) << 18) | (UInt32(s[1]) << 12) | (UInt32(s[2]) << 6) | UInt32(s[3])
            out.append(UInt8((triple >> 16) & 0xFF))
            if chunk.count > 2 { out.append(UInt8((triple >> 8) & 0xFF)) }
            if chunk.count > 3 { out.append(UInt8(triple & 0xFF)) }
            index += 4
        }
        return out
    }
}
