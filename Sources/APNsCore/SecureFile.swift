#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading inputs and writing outputs the way a credentials tool must: bounded reads with clear errors,
/// and atomic, permission-exact writes (temp file, fsync, rename, fsync of the directory).
public enum SecureFile {
    /// Small files (configuration, a PEM the mock serves); credentials and profiles use ``credentialLimit``.
    public static let defaultReadLimit = 1 << 20

    /// The bound for a credential file (certificate, .p12, key) and a provisioning profile: 16 MiB, refused
    /// before anything is read.
    public static let credentialLimit = 16 << 20

    /// Reads a whole file, or standard input for `-`. Errors name the file and say what is wrong.
    ///
    /// Only regular files are read (standard input may be a pipe or a terminal): the file is opened with
    /// `O_NONBLOCK`, so a FIFO never blocks the open, then `fstat` refuses FIFOs, directories, devices and
    /// sockets, and a file over `limit` is refused from its size before a byte is read.
    /// `what` names what the file should be in the size error ("a credential", "a provisioning profile").
    /// `offerStandardInput` says whether a missing file's hint offers `-`: false where standard input is no answer
    /// (a path handed on to another program, a server's or a scan's files, the keystore's own).
    public static func read(_ path: String, limit: Int = defaultReadLimit, what: String = "a credential",
                            offerStandardInput: Bool = true) throws -> [UInt8] {
        if path == "-" {
            return try readAll(fd: STDIN_FILENO, name: "standard input", limit: limit, what: what)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT {
                let hint = offerStandardInput ? "check the path; use - to read standard input" : "check the path"
                throw APNsError.badInput("\(path): no such file", hint: hint)
            }
            throw APNsError.badInput("\(path): cannot read: \(String(cString: strerror(code)))",
                                     hint: "check the file's permissions")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw APNsError.badInput("\(path): cannot read: \(String(cString: strerror(errno)))",
                                     hint: "check the file's permissions")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            throw APNsError.badInput("\(path): is a directory, not a file", hint: "name a file inside it")
        case S_IFIFO:
            throw APNsError.badInput("\(path): is a named pipe (FIFO), not a file",
                                     hint: "to read from a pipe, give - and redirect it to standard input")
        case S_IFCHR, S_IFBLK:
            throw APNsError.badInput("\(path): is a device, not a file", hint: "name a regular file")
        case S_IFSOCK:
            throw APNsError.badInput("\(path): is a socket, not a file", hint: "name a regular file")
        default:
            throw APNsError.badInput("\(path): is not a regular file", hint: "name a regular file")
        }
        if Int(info.st_size) > limit {
            throw APNsError.badInput("\(path): too large to be \(what) (\(info.st_size) bytes; limit \(limit))",
                                     hint: tooLargeHint(what))
        }
        // A regular file never blocks; clear O_NONBLOCK anyway so reads behave plainly.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return try readAll(fd: fd, name: path, limit: limit, what: what)
    }

    private static func tooLargeHint(_ what: String) -> String {
        what == "a credential" ? "certificates, .p12 and .p8 files are a few kilobytes"
                               : "\(what) is far smaller than that: check the path"
    }

    /// Reads `fd` to its end, refusing at once when more than `limit` bytes arrive.
    private static func readAll(fd: Int32, name: String, limit: Int, what: String) throws -> [UInt8] {
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EISDIR {
                    throw APNsError.badInput("\(name): is a directory, not a file", hint: "redirect a file instead")
                }
                throw APNsError.badInput("\(name): cannot read: \(String(cString: strerror(errno)))",
                                         hint: "check that it is a readable file")
            }
            if n == 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
            if bytes.count > limit {
                throw APNsError.badInput("\(name): too large to be \(what) (more than \(limit) bytes; limit \(limit))",
                                         hint: tooLargeHint(what))
            }
        }
        return bytes
    }

    /// Writes `bytes` to `path` atomically with exactly `mode`, whatever the umask.
    ///
    /// The bytes go to a temporary file in the same directory, which is fsynced and then renamed over the
    /// target (or, without `overwrite`, linked to it so an existing file is never replaced), and the directory
    /// is fsynced. With `group`, the file belongs to that group (a token agent's 0640 files). On any failure no
    /// file is left behind. `-` writes to standard output.
    public static func write<Bytes: Collection>(_ bytes: Bytes, to path: String, mode: mode_t = 0o600,
                                                 overwrite: Bool = false, group: gid_t? = nil) throws
        where Bytes.Element == UInt8 {
        if path == "-" {
            StandardStream.output.write(bytes)
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let base = url.lastPathComponent
        if !overwrite, access(path, F_OK) == 0 {
            throw APNsError.output("\(path): already exists", remedy: OutputRemedy.replaceExisting)
        }
        var template = Array("\(directory)/\(temporaryName(for: base))".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else {
            throw APNsError.output("\(path): cannot write: \(String(cString: strerror(errno)))",
                                   hint: "check that the directory exists and is writable")
        }
        let temporary = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            if let group, fchown(fd, uid_t.max, group) != 0 {
                throw APNsError.output("\(path): cannot give the file to group \(group): \(String(cString: strerror(errno)))",
                                       hint: "the agent's user must be a member of that group (or root)")
            }
            guard fchmod(fd, mode) == 0 else { throw writeError(path) }
            let data = Array(bytes)
            var offset = 0
            while offset < data.count {
                let n = data[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw writeError(path)
                }
                offset += n
            }
            guard fsync(fd) == 0 else { throw writeError(path) }
        }
        if overwrite {
            guard rename(temporary, path) == 0 else { throw writeError(path) }
        } else {
            guard link(temporary, path) == 0 else {
                if errno == EEXIST {
                    throw APNsError.output("\(path): already exists", remedy: OutputRemedy.replaceExisting)
                }
                throw writeError(path)
            }
            unlink(temporary)
        }
        committed = true
        syncDirectory(directory)
    }

    /// The longest file name most file systems take (NAME_MAX).
    static let nameMax = 255

    /// The `mkstemp` template of the temporary file for a target named `base`: `.BASE.tmp-XXXXXX`, with `BASE`
    /// cut short (at a character boundary) when the whole would pass NAME_MAX, so every name the file system takes
    /// as a target can be written (a 255-byte name would otherwise fail with "File name too long").
    public static func temporaryName(for base: String) -> String {
        let room = nameMax - ".".utf8.count - ".tmp-XXXXXX".utf8.count
        var stem = Substring(base)
        while stem.utf8.count > room { stem = stem.dropLast() }
        return ".\(stem).tmp-XXXXXX"
    }

    /// Creates `path` (and parents) if needed and sets it to exactly `mode`.
    public static func ensureDirectory(_ path: String, mode: mode_t = 0o700) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            // The system's reason (strerror of the underlying errno): `localizedDescription` is not in FoundationEssentials.
            let underlying = (error as? CocoaError)?.userInfo["NSUnderlyingError"] as? POSIXError
            let reason = underlying.map { String(cString: strerror($0.code.rawValue)) } ?? "\(error)"
            throw APNsError.output("\(path): cannot create directory: \(reason)")
        }
        guard chmod(path, mode) == 0 else {
            throw APNsError.output("\(path): cannot set permissions: \(String(cString: strerror(errno)))")
        }
    }

    /// fsyncs a directory so a rename in it survives a crash.
    public static func syncDirectory(_ path: String) {
        let fd = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private static func writeError(_ path: String) -> APNsError {
        APNsError.output("\(path): cannot write: \(String(cString: strerror(errno)))")
    }
}

/// What to do when output was not written.
public enum OutputRemedy: Remedy, Equatable {
    /// The file exists: allow replacing it.
    case replaceExisting
}
