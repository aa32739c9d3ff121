#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Random bytes from the kernel's generator, read a block at a time: one `read(2)` of `/dev/urandom` per 256 ids
/// rather than the standard library generator's `getrandom(2)` per 8 bytes. The block is used once, front to back,
/// under a lock.
final class RandomBytes: Sendable {
    /// The pool the mock's ids come from.
    static let shared = RandomBytes()

    private struct Block {
        var bytes = [UInt8](repeating: 0, count: RandomBytes.blockSize)
        var offset = RandomBytes.blockSize
    }

    private static let blockSize = 4096
    private let block = LockedBox(Block())

    /// The next 16 random bytes.
    func next16() -> (UInt64, UInt64) {
        block.withLock { block in
            if block.offset + 16 > block.bytes.count {
                Self.fill(&block.bytes)
                block.offset = 0
            }
            defer { block.offset += 16 }
            return block.bytes.withUnsafeBytes { raw in
                (raw.loadUnaligned(fromByteOffset: block.offset, as: UInt64.self),
                 raw.loadUnaligned(fromByteOffset: block.offset + 8, as: UInt64.self))
            }
        }
    }

    /// `/dev/urandom`, opened once (Glibc's module map has no `getrandom(2)`); -1 when it cannot be opened.
    private static let urandom: Int32 = open("/dev/urandom", O_RDONLY | O_CLOEXEC)

    /// Fills `bytes` from `/dev/urandom` (the kernel's CSPRNG, as `getrandom(2)`); whatever it cannot give, from
    /// the standard library's generator.
    private static func fill(_ bytes: inout [UInt8]) {
        var filled = 0
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress, urandom >= 0 else { return }
            while filled < raw.count {
                let got = read(urandom, base + filled, raw.count - filled)
                if got > 0 {
                    filled += got
                } else if got < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        var generator = SystemRandomNumberGenerator()
        while filled < bytes.count {
            bytes[filled] = generator.next()
            filled += 1
        }
    }
}
