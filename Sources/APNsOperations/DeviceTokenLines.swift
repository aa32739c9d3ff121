import APNsCore
import APNsModel
#if canImport(Glibc)
import Glibc
#endif

/// A file of device tokens read one line at a time (memory flat in the file's size, however long a line): one hex
/// token a line; blank lines and lines starting with `#` are skipped; a malformed line is handed to `malformed`
/// with its number and skipped, never fatal. What was read is counted, so a file that held no token is told apart.
public final class DeviceTokenLines {
    /// A line that is not a device token.
    public struct Malformed: Sendable, Equatable {
        public var line: Int
        /// The line's first ``DeviceTokenLines/keptBytes`` bytes (as UTF-8, invalid bytes replaced), trimmed.
        public var text: String
        /// Why it is not a token.
        public var problem: String

        /// The line as it may be shown: quoted, control characters escaped, at most 80 characters.
        public var quoted: String { DeviceTokenText.quoted(text) }
    }

    /// The bytes of a line kept: more than any token's text; the rest of a longer line is read past, not kept.
    public static let keptBytes = 1024

    private let fd: Int32
    private let ownsFile: Bool
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var start = 0, end = 0, atEnd = false
    private let malformed: (Malformed) -> Void
    /// The last line read (1 first).
    private(set) public var lineNumber = 0
    /// Tokens handed out.
    private(set) public var tokens = 0
    /// Malformed lines reported.
    private(set) public var malformedLines = 0
    /// True when the file starts with a UTF-16 byte order mark, or a line held a NUL byte: not a text of tokens.
    private(set) public var looksBinary = false
    /// Why reading stopped before the end of the file (an I/O error); nil when the whole file was read.
    private(set) public var readError: String?

    /// Opens `path` (`-`: standard input). Throws ``APNsError`` (bad input) when it cannot be opened or is a
    /// directory, a socket or a device (a named pipe is read).
    public init(path: String, malformed: @escaping (Malformed) -> Void) throws {
        self.malformed = malformed
        if path == "-" {
            fd = STDIN_FILENO
            ownsFile = false
            var info = stat()
            if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                throw APNsError.badInput("standard input: is a directory, not a file", hint: "redirect a file instead")
            }
            return
        }
        let opened = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard opened >= 0 else {
            let cause = errno == ENOENT ? "no such file" : "cannot read: " + String(cString: strerror(errno))
            throw APNsError(.badInput, "\(path): \(cause)",
                            hint: "give a readable file of hex device tokens, one a line, or - for standard input")
        }
        var info = stat()
        let kind = fstat(opened, &info) == 0 ? info.st_mode & S_IFMT : S_IFREG
        let refusal: APNsError?
        switch kind {
        case S_IFREG, S_IFIFO: refusal = nil
        case S_IFDIR: refusal = .badInput("\(path): is a directory, not a file", hint: "name a file inside it")
        case S_IFSOCK: refusal = .badInput("\(path): is a socket, not a file", hint: "name a regular file")
        default: refusal = .badInput("\(path): is a device, not a file", hint: "name a regular file")
        }
        if let refusal {
            close(opened)
            throw refusal
        }
        fd = opened
        ownsFile = true
    }

    deinit {
        if ownsFile { close(fd) }
    }

    /// What is wrong with a token, in words that name no flag.
    public static func problem(_ error: ModelError) -> String {
        switch error {
        case .emptyDeviceToken: return "empty"
        case .deviceTokenNotHex: return "not hexadecimal"
        case .deviceTokenLength(_, let digits) where digits > DeviceToken.maximumDigits:
            return "\(digits) hex digits is longer than a device token can be (at most \(DeviceToken.maximumDigits))"
        case .deviceTokenLength(_, let digits): return "\(digits) hex digits is not a whole device token"
        default: return "not a device token"
        }
    }

    /// The next token; nil at the end of the file.
    public func next() -> DeviceTokenEntry? {
        while let (bytes, total) = readLine() {
            lineNumber += 1
            var kept = bytes[...]
            if lineNumber == 1 {
                if kept.starts(with: [0xFF, 0xFE]) || kept.starts(with: [0xFE, 0xFF]) { looksBinary = true }
                if kept.starts(with: [0xEF, 0xBB, 0xBF]) { kept = kept.dropFirst(3) }  // a UTF-8 byte order mark
            }
            let text = String(decoding: kept, as: UTF8.self).trimmingWhitespace()
            if text.isEmpty || text.hasPrefix("#") { continue }
            let problem: String
            if kept.contains(0) {
                looksBinary = true
                problem = "holds NUL bytes: UTF-16 or binary, not a text of hex tokens"
            } else if total > bytes.count {
                let hex = text.utf8.allSatisfy { Self.isHexDigit($0) || " <>".utf8.contains($0) }
                problem = hex ? "\(total) bytes is longer than a device token can be (at most "
                                + "\(DeviceToken.maximumDigits) hex digits)"
                              : "not hexadecimal"
            } else {
                do {
                    let token = try DeviceToken(parsing: text)
                    tokens += 1
                    return DeviceTokenEntry(token: token, line: lineNumber)
                } catch {
                    problem = Self.problem(error)
                }
            }
            malformedLines += 1
            malformed(Malformed(line: lineNumber, text: text, problem: problem))
        }
        return nil
    }

    /// The next line without its newline: its first ``keptBytes`` bytes and its whole length; nil at the end.
    private func readLine() -> ([UInt8], Int)? {
        var kept: [UInt8] = []
        var total = 0
        var any = false
        while true {
            if start == end {
                if atEnd || !fill() { return any ? (kept, total) : nil }
            }
            any = true
            let slice = buffer[start..<end]
            let newline = slice.firstIndex(of: 10)
            let stop = newline ?? end
            let room = Self.keptBytes - kept.count
            if room > 0 { kept += buffer[start..<min(stop, start + room)] }
            total += stop - start
            start = newline.map { $0 + 1 } ?? end
            if newline != nil { return (kept, total) }
        }
    }

    /// Reads more bytes into the buffer; false at the end of the file (or on an error, which ends it).
    private func fill() -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { readError = String(cString: strerror(errno)) }
            guard count > 0 else {
                atEnd = true
                return false
            }
            start = 0
            end = count
            return true
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }
}
