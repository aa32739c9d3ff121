#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension UUID {
    /// A random (version 4, RFC 9562) UUID from the kernel's generator, through ``RandomBytes``.
    /// FoundationEssentials' `UUID()` on Linux opens and reads `/dev/urandom` on every call; the mock makes one or
    /// two ids per request (`apns-id` when none was sent, `apns-unique-id` in development), and those opens were
    /// 6 % of its CPU under load, a `getrandom(2)` per 8 bytes still 4 % (docs/benchmarks.md).
    static func randomV4() -> UUID {
        var bytes = RandomBytes.shared.next16()
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40   // version 4
            raw[8] = (raw[8] & 0x3F) | 0x80   // variant 10xx
            return UUID(uuid: (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                               raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]))
        }
    }

    /// The canonical lowercase text form (`8-4-4-4-12` hex digits), as APNs writes `apns-id`: by hand, without
    /// `uuidString`'s `snprintf` and a second pass to lowercase it.
    var lowercasedString: String {
        withUnsafeBytes(of: uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { text in
                var at = 0
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    text[at] = Self.hexDigits[Int(byte >> 4)]
                    text[at + 1] = Self.hexDigits[Int(byte & 0x0F)]
                    at += 2
                }
                return at
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
