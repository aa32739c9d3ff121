import NIOConcurrencyHelpers
import NIOCore
import NIOHPACK
import NIOHTTP2

/// What a caller asks of a connection, written into its pipeline from any thread.
enum ConnectionCommand: Sendable {
    /// Send `request` on a new stream; `promise` gets the answer, or fails at `deadline`.
    case request(HTTP2Request, authority: String, deadline: NIODeadline, promise: EventLoopPromise<StreamAnswer>)
    /// Send a PING; `promise` gets its round trip, or fails at `deadline`.
    case ping(deadline: NIODeadline, promise: EventLoopPromise<TimeAmount>)
}

/// One stream's answer as it arrived.
struct StreamAnswer: Sendable {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var firstByteAt: NIODeadline
    var endAt: NIODeadline
}

/// Whether a connection can take another request, as its pipeline last saw it.
struct ConnectionHealth: Sendable {
    /// False once the server sent GOAWAY, the connection ended, or a connection error occurred.
    var usable = true
    /// Why it is not usable.
    var why: String?
}

/// Runs the client's streams and PINGs inline on the connection's pipeline, behind NIO's HTTP/2 handler (no stream
/// multiplexer, as the mock serves): stream ids in order, each request's HEADERS and DATA, the answer's frames
/// gathered per stream, PING acknowledgements matched by their 8 bytes, GOAWAY and the connection's end failing
/// whatever is pending.
final class ConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundIn = ConnectionCommand
    typealias OutboundOut = HTTP2Frame

    /// Bodies are kept up to this size.
    static let bodyLimit = 64 * 1024
    /// The connection's received DATA bytes given back in one WINDOW_UPDATE: half the initial 65,535-byte window.
    static let windowRefill = 32_768

    private struct Pending {
        var promise: EventLoopPromise<StreamAnswer>
        var status: Int?
        var headers: [String: String] = [:]
        var body: [UInt8] = []
        var firstByteAt: NIODeadline?
    }

    private let health: NIOLockedValueBox<ConnectionHealth>
    private var nextStreamID = HTTP2StreamID(1)
    private var streams: [HTTP2StreamID: Pending] = [:]
    private var pings: [UInt64: (sentAt: NIODeadline, promise: EventLoopPromise<TimeAmount>)] = [:]
    private var nextPing = UInt64.random(in: 1...UInt64.max / 2)
    private var ended: HTTP2ClientError?
    /// DATA bytes received on the connection and not yet given back with WINDOW_UPDATE.
    private var unacknowledgedBytes = 0

    init(health: NIOLockedValueBox<ConnectionHealth>) {
        self.health = health
    }

    // MARK: commands

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        promise?.succeed()
        switch unwrapOutboundIn(data) {
        case .request(let request, let authority, let deadline, let answer):
            if let ended { return answer.fail(ended) }
            let id = nextStreamID
            nextStreamID = HTTP2StreamID(Int(id) + 2)
            streams[id] = Pending(promise: answer)
            var headers = HPACKHeaders([(":method", request.method), (":scheme", "https"), (":path", request.path),
                                        (":authority", authority)])
            for header in request.headers { headers.add(name: header.name, value: header.value) }
            let written = context.eventLoop.makePromise(of: Void.self)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .headers(
                .init(headers: headers, endStream: request.body.isEmpty)))), promise: request.body.isEmpty ? written : nil)
            if !request.body.isEmpty {
                let buffer = context.channel.allocator.buffer(bytes: request.body)
                context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .data(
                    .init(data: .byteBuffer(buffer), endStream: true)))), promise: written)
            }
            context.flush()
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            written.futureResult.whenFailure { error in
                bound.value.0.failStream(id, HTTP2ClientError(error, phase: .waitingForAnswer))
            }
            context.eventLoop.scheduleTask(deadline: deadline) {
                let (handler, context) = bound.value
                guard handler.streams[id] != nil else { return }
                handler.failStream(id, .timeout(phase: .waitingForAnswer))
                context.writeAndFlush(handler.wrapOutboundOut(HTTP2Frame(streamID: id, payload: .rstStream(.cancel))),
                                      promise: nil)
            }
        case .ping(let deadline, let answer):
            if let ended { return answer.fail(ended) }
            let payload = nextPing
            nextPing &+= 1
            pings[payload] = (.now(), answer)
            context.writeAndFlush(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .ping(
                HTTP2PingData(withInteger: payload), ack: false))), promise: nil)
            let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(deadline: deadline) {
                bound.value.pings.removeValue(forKey: payload)?.promise.fail(HTTP2ClientError.timeout(phase: .waitingForAnswer))
            }
        }
    }

    // MARK: frames

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        let id = frame.streamID
        switch frame.payload {
        case .headers(let payload) where id != .rootStream:
            guard streams[id] != nil else { return }
            var status: Int?
            for (name, value, _) in payload.headers {
                if name == ":status" {
                    status = Int(value)
                } else if !name.hasPrefix(":") {
                    streams[id]?.headers[name] = value
                }
            }
            // A 1xx answer is followed by the real one.
            if let status, status >= 200 {
                streams[id]?.status = status
                if streams[id]?.firstByteAt == nil { streams[id]?.firstByteAt = .now() }
            }
            if payload.endStream { finishStream(id) }
        case .data(let payload) where id != .rootStream:
            giveBackWindow(payload.data.readableBytes + (payload.paddingBytes.map { $0 + 1 } ?? 0), context: context)
            guard streams[id] != nil else { return }
            if case .byteBuffer(let buffer) = payload.data, let count = streams[id]?.body.count,
               count < Self.bodyLimit {
                streams[id]?.body.append(contentsOf: buffer.readableBytesView.prefix(Self.bodyLimit - count))
            }
            if payload.endStream { finishStream(id) }
        case .rstStream(let code) where id != .rootStream:
            failStream(id, .streamReset(code: Int(code.networkCode)))
        case .ping(let data, ack: true):
            if let ping = pings.removeValue(forKey: data.integer) {
                ping.promise.succeed(.now() - ping.sentAt)
            }
        case .goAway(let lastStreamID, let code, let opaque):
            var why = "the server sent GOAWAY (\(code))"
            if let opaque, opaque.readableBytes > 0 {
                why += " " + String(decoding: opaque.readableBytesView.prefix(512), as: UTF8.self)
            }
            markUnusable(why)
            // Streams the server will not process fail now; the ones it took may still be answered.
            for id in streams.keys where id > lastStreamID { failStream(id, .closed(why)) }
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(.closed(health.withLockedValue { $0.why } ?? "the server closed the connection"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        end(HTTP2ClientError(error, phase: .waitingForAnswer))
        context.close(promise: nil)
    }

    // MARK: bookkeeping

    /// Returns `bytes` of DATA to the server's send window for the connection once half the initial window is used
    /// (NIO's HTTP/2 handler does not without a stream multiplexer): without it, a kept-open connection stalls after
    /// 64 KiB of answers. Each stream's own window is fresh, and an APNs answer is far below it.
    private func giveBackWindow(_ bytes: Int, context: ChannelHandlerContext) {
        unacknowledgedBytes += bytes
        guard unacknowledgedBytes >= Self.windowRefill else { return }
        context.writeAndFlush(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(
            windowSizeIncrement: unacknowledgedBytes))), promise: nil)
        unacknowledgedBytes = 0
    }

    private func markUnusable(_ why: String) {
        health.withLockedValue { health in
            if health.usable { health = ConnectionHealth(usable: false, why: why) }
        }
    }

    /// The connection is over: every pending stream and PING fails with `error`, and so does every later command.
    private func end(_ error: HTTP2ClientError) {
        markUnusable(error.message)
        if ended == nil { ended = error }
        for id in Array(streams.keys) { failStream(id, error) }
        let waiting = pings
        pings = [:]
        for ping in waiting.values { ping.promise.fail(error) }
    }

    private func finishStream(_ id: HTTP2StreamID) {
        guard let pending = streams.removeValue(forKey: id) else { return }
        let now = NIODeadline.now()
        guard let status = pending.status else {
            return pending.promise.fail(HTTP2ClientError.protocolViolation("the stream ended without a :status"))
        }
        pending.promise.succeed(StreamAnswer(status: status, headers: pending.headers, body: pending.body,
                                             firstByteAt: pending.firstByteAt ?? now, endAt: now))
    }

    private func failStream(_ id: HTTP2StreamID, _ error: HTTP2ClientError) {
        streams.removeValue(forKey: id)?.promise.fail(error)
    }
}
