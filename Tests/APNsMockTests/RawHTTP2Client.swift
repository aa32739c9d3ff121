import Foundation
import TestSupport

/// Hand-made HTTP/2 frames sent through `openssl s_client -alpn h2`: a client that can hold a stream open
/// and shows every frame the server sends, GOAWAY included.
final class RawHTTP2Client: @unchecked Sendable {
    struct Frame {
        var type: UInt8
        var flags: UInt8
        var stream: UInt32
        var payload: [UInt8]
    }

    static let goAway: UInt8 = 7
    static let ping: UInt8 = 6

    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var finished = false

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") }

    /// `alpn` nil offers no ALPN at all (HTTP/2 with prior knowledge, as aioapns does).
    init(port: Int, alpn: String? = "h2") throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["s_client", "-connect", "127.0.0.1:\(port)", "-quiet", "-verify_quiet"]
            + (alpn.map { ["-alpn", $0] } ?? [])
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.detachNewThread { [self] in
            let handle = output.fileHandleForReading
            while true {
                let chunk = handle.availableData
                lock.lock()
                if chunk.isEmpty {
                    finished = true
                    lock.unlock()
                    return
                }
                received += chunk
                lock.unlock()
            }
        }
    }

    /// Writes raw bytes to the connection.
    func send(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    /// The client preface and an empty SETTINGS frame.
    static let preface: [UInt8] = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8) + frame(type: 4, flags: 0, stream: 0, [])

    /// A frame header and payload.
    static func frame(type: UInt8, flags: UInt8, stream: UInt32, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count
        return [UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF), type, flags,
                UInt8(stream >> 24 & 0x7F), UInt8(stream >> 16 & 0xFF), UInt8(stream >> 8 & 0xFF), UInt8(stream & 0xFF)]
            + payload
    }

    /// A HEADERS frame (END_HEADERS; END_STREAM when asked) with literal, never-Huffman HPACK fields.
    static func headers(stream: UInt32, endStream: Bool = false, _ fields: [(String, String)]) -> [UInt8] {
        var block: [UInt8] = []
        for (name, value) in fields {
            block.append(0x00)
            block += length(name.utf8.count) + Array(name.utf8)
            block += length(value.utf8.count) + Array(value.utf8)
        }
        return frame(type: 1, flags: endStream ? 0x05 : 0x04, stream: stream, block)
    }

    /// An HPACK string length: a 7-bit prefix integer, Huffman bit clear (RFC 7541 §5.1).
    private static func length(_ value: Int) -> [UInt8] {
        guard value >= 127 else { return [UInt8(value)] }
        var bytes: [UInt8] = [127]
        var rest = value - 127
        while rest >= 128 {
            bytes.append(UInt8(rest % 128 + 128))
            rest /= 128
        }
        return bytes + [UInt8(rest)]
    }

    /// The values of a SETTINGS frame's parameters, by identifier.
    static func settings(_ frame: Frame) -> [UInt16: UInt32] {
        var values: [UInt16: UInt32] = [:]
        var offset = 0
        while offset + 6 <= frame.payload.count {
            let p = frame.payload
            values[UInt16(p[offset]) << 8 | UInt16(p[offset + 1])] = UInt32(p[offset + 2]) << 24
                | UInt32(p[offset + 3]) << 16 | UInt32(p[offset + 4]) << 8 | UInt32(p[offset + 5])
            offset += 6
        }
        return values
    }

    /// Every complete frame received so far.
    var frames: [Frame] {
        lock.lock()
        let bytes = received
        lock.unlock()
        var frames: [Frame] = []
        var offset = 0
        while offset + 9 <= bytes.count {
            let length = Int(bytes[offset]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
            guard offset + 9 + length <= bytes.count else { break }
            let stream = UInt32(bytes[offset + 5] & 0x7F) << 24 | UInt32(bytes[offset + 6]) << 16
                | UInt32(bytes[offset + 7]) << 8 | UInt32(bytes[offset + 8])
            frames.append(Frame(type: bytes[offset + 3], flags: bytes[offset + 4], stream: stream,
                                payload: Array(bytes[(offset + 9)..<(offset + 9 + length)])))
            offset += 9 + length
        }
        return frames
    }

    /// True once the server closed the connection.
    var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }

    /// Polls until `condition` holds or `limit` seconds of polls pass (a bound against hangs, not a timing
    /// assertion).
    func waitUntil(limit: TimeInterval = 20, _ condition: () -> Bool) async throws {
        _ = await eventually(seconds: limit, every: .milliseconds(10)) { condition() }
    }

    /// The GOAWAY frame's last stream id, error code and debug data, when one arrived.
    var goAwayFrame: (lastStream: UInt32, errorCode: UInt32, data: [UInt8])? {
        guard let frame = frames.first(where: { $0.type == Self.goAway }), frame.payload.count >= 8 else { return nil }
        let p = frame.payload
        let last = UInt32(p[0] & 0x7F) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
        let code = UInt32(p[4]) << 24 | UInt32(p[5]) << 16 | UInt32(p[6]) << 8 | UInt32(p[7])
        return (last, code, Array(p[8...]))
    }

    func close() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
