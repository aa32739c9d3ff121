import NIOCore

/// Logs every GOAWAY the mock sends, whoever sends it: the mock itself (shutdown, faults) or NIO's HTTP/2 handler
/// (protocol errors, flood guards such as ENHANCE_YOUR_CALM). It sits between TLS and the HTTP/2 handler and follows
/// the outbound frame stream (9-byte headers, payloads skipped), so it sees exactly the frames on the wire.
final class GoAwayLogger: ChannelOutboundHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private static let goAwayType: UInt8 = 0x7
    /// RFC 9113 §7 error code names, by value.
    private static let errorNames = ["NO_ERROR", "PROTOCOL_ERROR", "INTERNAL_ERROR", "FLOW_CONTROL_ERROR",
                                     "SETTINGS_TIMEOUT", "STREAM_CLOSED", "FRAME_SIZE_ERROR", "REFUSED_STREAM",
                                     "CANCEL", "COMPRESSION_ERROR", "CONNECT_ERROR", "ENHANCE_YOUR_CALM",
                                     "INADEQUATE_SECURITY", "HTTP_1_1_REQUIRED"]

    private let core: MockCore
    private let connection: ConnectionContext
    /// The frame parser: the header being read, the payload bytes still to skip or keep.
    private var header: [UInt8] = []
    private var remaining = 0
    private var goAwayPayload: [UInt8]?

    init(core: MockCore, connection: ConnectionContext) {
        self.core = core
        self.connection = connection
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .byteBuffer(let buffer):
            follow(buffer.readableBytesView)
        case .fileRegion(let region):
            skip(region.readableBytes)
        }
        context.write(data, promise: promise)
    }

    private func follow(_ bytes: ByteBufferView) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if remaining > 0 {
                let take = min(remaining, bytes.endIndex - index)
                goAwayPayload?.append(contentsOf: bytes[index..<(index + take)])
                remaining -= take
                index += take
                if remaining == 0 { finishFrame() }
                continue
            }
            header.append(bytes[index])
            index += 1
            if header.count == 9 { startFrame() }
        }
    }

    private func skip(_ count: Int) {
        remaining = max(0, remaining - count)
        if remaining == 0 { finishFrame() }
    }

    private func startFrame() {
        remaining = Int(header[0]) << 16 | Int(header[1]) << 8 | Int(header[2])
        goAwayPayload = header[3] == Self.goAwayType ? [] : nil
        header.removeAll(keepingCapacity: true)
        if remaining == 0 { finishFrame() }
    }

    private func finishFrame() {
        defer { goAwayPayload = nil }
        guard let payload = goAwayPayload, payload.count >= 8 else { return }
        let lastStream = payload[0..<4].reduce(0) { $0 << 8 | Int($1) } & 0x7FFF_FFFF
        let code = payload[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let errorCode = Int(code) < Self.errorNames.count ? Self.errorNames[Int(code)] : "0x\(String(code, radix: 16))"
        let data = String(decoding: payload.dropFirst(8), as: UTF8.self)
        let detail = "GOAWAY \(errorCode) sent" + (data.isEmpty ? "" : " with \(data)") + "; the connection closes"
        core.write(MockLogEntry(goAway: data.isEmpty ? "\(errorCode)" : data, lastStream: lastStream, detail: detail,
                                time: core.clock.now(), connection: connection.id, remote: connection.remote))
    }
}
