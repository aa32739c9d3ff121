import Foundation

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
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var iterator = bytes.makeIterator()
        while let b0 = iterator.next() {
            let b1 = iterator.next()
            let b2 = iterator.next()
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int(((b0 & 0x03) << 4) | ((b1 ?? 0) >> 4))])
            if let b1 {
                out.append(alphabet[Int(((b1 & 0x0F) << 2) | ((b2 ?? 0) >> 6))])
                if let b2 { out.append(alphabet[Int(b2 & 0x3F)]) }
            }
        }
        return String(decoding: out, as: UTF8.self)
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
