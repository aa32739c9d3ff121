import Foundation

extension UUID {
    /// A random (version 4, RFC 9562) UUID from the standard library's system generator (`getrandom(2)`).
    /// FoundationEssentials' `UUID()` on Linux opens and reads `/dev/urandom` on every call; the mock makes one or
    /// two ids per request (`apns-id` when none was sent, `apns-unique-id` in development), and those opens were
    /// 6 % of its CPU under load (docs/benchmarks.md).
    static func randomV4() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40   // version 4
            raw[8] = (raw[8] & 0x3F) | 0x80   // variant 10xx
            return UUID(uuid: (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                               raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]))
        }
    }
}
