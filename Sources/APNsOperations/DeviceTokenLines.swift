import APNsCore
import APNsModel
#if canImport(Glibc)
import Glibc
#endif

/// A file of device tokens read one line at a time (memory flat in the file's size): one hex token a line; blank
/// lines and lines starting with `#` are skipped; a malformed line is handed to `malformed` with its number and
/// skipped, never fatal.
public final class DeviceTokenLines {
    /// A line that is not a device token.
    public struct Malformed: Sendable, Equatable {
        public var line: Int
        public var text: String
        /// Why it is not a token.
        public var problem: String
    }

    private let file: UnsafeMutablePointer<FILE>
    private let ownsFile: Bool
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    private(set) public var lineNumber = 0
    private let malformed: (Malformed) -> Void

    /// Opens `path` (`-`: standard input). Throws ``APNsError`` (bad input) when the file cannot be opened.
    public init(path: String, malformed: @escaping (Malformed) -> Void) throws {
        if path == "-", let input = fdopen(STDIN_FILENO, "r") {
            file = input
            ownsFile = false
        } else {
            guard let opened = fopen(path, "r") else {
                let cause = String(cString: strerror(errno))
                throw APNsError(.badInput, "cannot read the device token file \(path): \(cause)",
                                hint: "give a readable file of hex device tokens, one a line, or - for standard input")
            }
            file = opened
            ownsFile = true
        }
        self.malformed = malformed
    }

    deinit {
        free(buffer)
        if ownsFile { fclose(file) }
    }

    /// What is wrong with a token, in words that name no flag.
    public static func problem(_ error: ModelError) -> String {
        switch error {
        case .emptyDeviceToken: return "empty"
        case .deviceTokenNotHex: return "not hexadecimal"
        case .deviceTokenLength(_, let digits): return "\(digits) hex digits is not a whole device token"
        default: return "not a device token"
        }
    }

    /// The next token; nil at the end of the file.
    public func next() -> DeviceTokenEntry? {
        while true {
            let count = getline(&buffer, &capacity, file)
            guard count >= 0, let buffer else { return nil }
            lineNumber += 1
            let raw = String(decoding: UnsafeRawBufferPointer(start: buffer, count: count), as: UTF8.self)
            let text = raw.trimmingWhitespace()
            if text.isEmpty || text.hasPrefix("#") { continue }
            do {
                return DeviceTokenEntry(token: try DeviceToken(parsing: text), line: lineNumber)
            } catch {
                malformed(Malformed(line: lineNumber, text: text, problem: Self.problem(error)))
            }
        }
    }
}
