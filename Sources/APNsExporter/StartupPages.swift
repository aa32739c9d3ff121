import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The clean file pages a long-running process mapped while it started (argument parsing, the configuration,
/// TLS set-up, the first round's connection), given back once it is running: each read-only, file-backed mapping
/// holding no private copy is dropped from the process's page tables (`madvise(MADV_DONTNEED)`). The pages stay in
/// the page cache and come back on their next use, as a fault; what the process keeps resident is what it touches
/// again. Mappings that are writable or hold a private copy (relocated data, `.bss`, the heap, stacks) are left
/// alone, so no content is lost.
enum StartupPages {
    /// Gives the pages back once, `delay` from now (after the first rounds have run).
    static func release(after delay: DispatchTimeInterval) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) { _ = release() }
    }

    /// Drops every clean read-only file mapping now; returns the kibibytes they held resident.
    @discardableResult
    static func release() -> Int {
        var released = 0
        for mapping in readOnlyCleanFileMappings() {
            guard let start = UnsafeMutableRawPointer(bitPattern: mapping.start) else { continue }
            if madvise(start, Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 { released += mapping.residentKiB }
        }
        return released
    }

    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var residentKiB: Int
    }

    /// The mappings of `/proc/self/smaps` that are file-backed, not writable and hold no anonymous page.
    static func readOnlyCleanFileMappings() -> [Mapping] {
        parse(smaps: readFile("/proc/self/smaps"))
    }

    /// The clean read-only file mappings of an smaps text.
    static func parse(smaps: [UInt8]) -> [Mapping] {
        var found: [Mapping] = []
        var current: (mapping: Mapping, eligible: Bool, anonymous: Int)?
        func finish() {
            if let current, current.eligible, current.anonymous == 0 { found.append(current.mapping) }
        }
        for line in smaps.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if let dash = first.firstIndex(of: UInt8(ascii: "-")),
               let start = UInt(String(decoding: first[..<dash], as: UTF8.self), radix: 16),
               let end = UInt(String(decoding: first[(dash + 1)...], as: UTF8.self), radix: 16), fields.count >= 5 {
                finish()
                let permissions = Array(fields[1]), inode = String(decoding: fields[4], as: UTF8.self)
                let path = fields.count >= 6 ? String(decoding: fields[5], as: UTF8.self) : ""
                let eligible = permissions.count == 4 && permissions[0] == UInt8(ascii: "r")
                    && permissions[1] == UInt8(ascii: "-") && inode != "0" && path.hasPrefix("/")
                current = (Mapping(start: start, end: end, residentKiB: 0), eligible, 0)
            } else if fields.count >= 2, let value = Int(String(decoding: fields[1], as: UTF8.self)) {
                switch String(decoding: first, as: UTF8.self) {
                case "Rss:": current?.mapping.residentKiB = value
                case "Anonymous:": current?.anonymous = value
                default: break
                }
            }
        }
        finish()
        return found
    }

    private static func readFile(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}
