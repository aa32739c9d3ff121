#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64url without padding (RFC 4648 §5), as JOSE uses it. Encoding is by hand: 1.8–2.4× faster than
/// `Data.base64EncodedString(options: [.base64URLAlphabet, .omitPaddingCharacter])` on a token's 64-byte signature,
/// three encodings a token (apnsctl-bench base64url_encodes; docs/benchmarks.md, issue 31). Decoding is
/// `Data(base64Encoded:)`, which has no URL-safe alphabet: the text is translated to the standard one first.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

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
        var standard = [UInt8]()
        standard.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): standard.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): standard.append(UInt8(ascii: "/"))
            case UInt8(ascii: "="): continue
            case UInt8(ascii: "+"), UInt8(ascii: "/"): return nil
            default: standard.append(byte)
            }
        }
        if standard.count % 4 == 1 { return nil }
        while standard.count % 4 != 0 { standard.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(standard)).map(Array.init)
    }
}
