import NIOCore

/// Follows the HTTP/2 frames the mock writes, between the HTTP/2 handler and TLS (9-byte headers, payloads mostly
/// skipped), so it sees exactly the frames on the wire, whoever wrote them: the mock (shutdown, faults) or NIO's
/// HTTP/2 handler (protocol errors, flood guards such as ENHANCE_YOUR_CALM). It does three things:
///
/// - every GOAWAY names the last stream the mock really processed: NIO names stream 0 for a misbehaving peer and
///   2³¹−1 for other connection errors, so a client retried streams that had been answered (duplicates) or gave
///   up on streams that never had been. The id is rewritten in place, and no higher stream is processed afterwards;
/// - every GOAWAY is logged as a line of its own;
/// - every SETTINGS frame (not the ACKs) advertises the SETTINGS_MAX_CONCURRENT_STREAMS the connection chose for it
///   (``ConnectionContext/takeAdvertisedLimit()``: 1 until a push succeeds, 1000 after, 1 again after a rejected
///   push) while NIO itself is always told APNs's 1000: a stream beyond the advertised limit is then refused by the
///   mock with RST_STREAM REFUSED_STREAM (RFC 9113 §5.1.2), which clients retry, as APNs does. NIO cannot do this
///   with its own settings: it enforces the limit it advertised as a connection error (`maxStreamsViolation`,
///   GOAWAY PROTOCOL_ERROR) that ends every stream of the connection.
///
/// No swift-nio-http2 setting does any of the three; the tests that fail without this handler:
/// `ConnectionTests.oneStreamUntilTheFirstSuccessThen1000`, `ConnectionTests.aGoAwayFromTheHTTP2StackIsLoggedToo`,
/// `ConnectionTests.everyGoAwayIsLogged` and `StreamThrottleTests`.
final class OutboundFrameEditor: ChannelOutboundHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private static let settingsType: UInt8 = 0x4
    private static let goAwayType: UInt8 = 0x7
    private static let maxConcurrentStreamsID = 0x3
    /// RFC 9113 §7 error code names, by value.
    static let errorNames = ["NO_ERROR", "PROTOCOL_ERROR", "INTERNAL_ERROR", "FLOW_CONTROL_ERROR",
                             "SETTINGS_TIMEOUT", "STREAM_CLOSED", "FRAME_SIZE_ERROR", "REFUSED_STREAM",
                             "CANCEL", "COMPRESSION_ERROR", "CONNECT_ERROR", "ENHANCE_YOUR_CALM",
                             "INADEQUATE_SECURITY", "HTTP_1_1_REQUIRED"]

    private enum Kind {
        case other
        case goAway
        case settings
    }

    private let core: MockCore
    private let connection: ConnectionContext
    /// The value the SETTINGS frame being written must carry for SETTINGS_MAX_CONCURRENT_STREAMS.
    private var advertisedStreams: UInt32 = 0
    /// The frame parser: the header being read, the payload bytes still to read and those read so far.
    private var header: [UInt8] = []
    private var remaining = 0
    private var kind = Kind.other
    private var payload: [UInt8] = []
    /// The last stream id a GOAWAY being written must carry, big-endian.
    private var goAwayLastStream: [UInt8] = []

    init(core: MockCore, connection: ConnectionContext) {
        self.core = core
        self.connection = connection
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .byteBuffer(var buffer):
            let edits = follow(buffer.readableBytesView)
            guard !edits.isEmpty else { break }
            for (index, byte) in edits { buffer.setInteger(byte, at: index) }
            context.write(wrapOutboundOut(.byteBuffer(buffer)), promise: promise)
            return
        case .fileRegion(let region):
            skip(region.readableBytes)
        }
        context.write(data, promise: promise)
    }

    /// Follows the frames in `bytes`; returns the bytes to change (buffer index, new value).
    private func follow(_ bytes: ByteBufferView) -> [(Int, UInt8)] {
        var edits: [(Int, UInt8)] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard remaining > 0 else {
                header.append(bytes[index])
                index += 1
                if header.count == 9 { startFrame() }
                continue
            }
            if kind == .other {
                let take = min(remaining, bytes.endIndex - index)
                remaining -= take
                index += take
            } else {
                let original = bytes[index]
                let byte = replacement(at: payload.count) ?? original
                if byte != original { edits.append((index, byte)) }
                payload.append(byte)
                remaining -= 1
                index += 1
            }
            if remaining == 0 { finishFrame() }
        }
        return edits
    }

    /// The byte the payload must carry at `offset` of the current frame, when it differs from NIO's.
    private func replacement(at offset: Int) -> UInt8? {
        switch kind {
        case .other:
            return nil
        case .goAway:
            return offset < 4 ? goAwayLastStream[offset] : nil
        case .settings:
            let position = offset % 6
            guard position >= 2 else { return nil }
            let value = advertisedStreams
            let start = offset - position
            guard Int(payload[start]) << 8 | Int(payload[start + 1]) == Self.maxConcurrentStreamsID else { return nil }
            return UInt8(truncatingIfNeeded: value >> (8 * (5 - position)))
        }
    }

    private func skip(_ count: Int) {
        remaining = max(0, remaining - count)
        if remaining == 0 { finishFrame() }
    }

    private func startFrame() {
        remaining = Int(header[0]) << 16 | Int(header[1]) << 8 | Int(header[2])
        let type = header[3], flags = header[4]
        header.removeAll(keepingCapacity: true)
        payload.removeAll(keepingCapacity: true)
        if type == Self.goAwayType {
            kind = .goAway
            let last = UInt32(connection.goAwaySent())
            goAwayLastStream = [UInt8(last >> 24 & 0x7F), UInt8(last >> 16 & 0xFF), UInt8(last >> 8 & 0xFF),
                                UInt8(last & 0xFF)]
        } else if type == Self.settingsType, flags & 0x1 == 0, let value = connection.takeAdvertisedLimit() {
            kind = .settings
            advertisedStreams = UInt32(value)
        } else {
            kind = .other
        }
        if remaining == 0 { finishFrame() }
    }

    private func finishFrame() {
        defer { kind = .other }
        switch kind {
        case .other, .settings:
            return
        case .goAway:
            guard payload.count >= 8 else { return }
            let lastStream = payload[0..<4].reduce(0) { $0 << 8 | Int($1) } & 0x7FFF_FFFF
            let code = payload[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let errorCode = Int(code) < Self.errorNames.count ? Self.errorNames[Int(code)] : "0x\(String(code, radix: 16))"
            let data = String(decoding: payload.dropFirst(8), as: UTF8.self)
            let detail = "GOAWAY \(errorCode) sent" + (data.isEmpty ? "" : " with \(data)")
                + "; the connection closes (streams up to \(lastStream) were processed)"
            core.write(MockLogEntry(goAway: data.isEmpty ? "\(errorCode)" : data, lastStream: lastStream,
                                    detail: detail, time: core.clock.now(), connection: connection.id,
                                    remote: connection.remote))
        }
    }
}
