#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to standard output and standard error, as `FileHandle.standardOutput.write` did
/// (FileHandle is not in FoundationEssentials): every byte reaches the descriptor before the call returns.
public enum StandardStream: Int32, Sendable {
    case output = 1
    case error = 2

    /// Writes all of `bytes` (retrying on EINTR and short writes); a closed pipe ends the write silently.
    public func write<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let array = Array(bytes)
        array.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(rawValue, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }

    /// Writes the UTF-8 of `text`.
    public func write(_ text: String) { write(Array(text.utf8)) }
}

/// The C library's write(2), named apart from ``StandardStream/write(_:)``.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
