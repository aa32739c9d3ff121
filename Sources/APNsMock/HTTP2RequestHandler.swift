import APNsCore
import NIOCore
import NIOHPACK
import NIOHTTP2

/// Serves every stream of one HTTP/2 connection inline, on the connection's own pipeline: collects each request's
/// headers and body, asks the validator, writes the answer.
///
/// NIO's stream multiplexer would make a child channel, a pipeline and a handler per stream; a push is one HEADERS
/// and one DATA frame answered at once, so that set-up costs more than the answer: inline, the mock serves 22.7 k
/// requests per CPU-second against 20.3 k with the multiplexer (docs/benchmarks.md, issue 24's table). Here the
/// NIO HTTP/2 handler runs without a multiplexer and hands its frames on; this handler keeps a small
/// ``RequestStream`` per open stream and does what the multiplexer did besides: inbound flow control (WINDOW_UPDATE
/// for the connection and each stream, as NIO's own window manager) and one flush per read. No NIO setting does the
/// flow control without the multiplexer (its `targetWindowSize`s only drive the multiplexer's window managers), nor
/// the stream admission: NIO enforces SETTINGS_MAX_CONCURRENT_STREAMS as a connection error, not with the
/// REFUSED_STREAM APNs sends, so streams are admitted here (see ``OutboundFrameEditor``). `FlowControlTests` and
/// `StreamThrottleTests` fail without the window refills and the admission.
final class HTTP2RequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    /// Bodies are kept up to this size; longer ones are only counted (413 needs the length, not the bytes).
    static let bodyLimit = 64 * 1024

    /// The inbound window NIO's multiplexer keeps for the connection and for each stream (its default target):
    /// refilled once it falls to half.
    static let targetWindow = 65_535

    private let core: MockCore
    private let connection: ConnectionContext
    /// The streams the client opened and NIO has not closed yet.
    private var streams: [HTTP2StreamID: RequestStream] = [:]
    /// Frames written since the last flush; flushed at the end of the read.
    private var flushPending = false
    /// The `date` header of the current second: one format a second per connection, not one per answer.
    private var dateHeader: (second: Int64, text: String) = (.min, "")

    init(core: MockCore, connection: ConnectionContext) {
        self.core = core
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        let id = frame.streamID
        switch frame.payload {
        case .headers(let payload) where id != .rootStream:
            guard streams[id] != nil else {
                open(id, headers: payload.headers, endStream: payload.endStream, context: context)
                return
            }
            if payload.endStream { endOfRequest(id, context: context) }
        case .data(let payload) where id != .rootStream:
            guard streams[id]?.phase == .admitted else { return }
            if case .byteBuffer(let buffer) = payload.data {
                streams[id]?.append(buffer.readableBytesView, limit: Self.bodyLimit)
            }
            if payload.endStream { endOfRequest(id, context: context) }
        default:
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if flushPending {
            flushPending = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let closed as StreamClosedEvent:
            // Answered, reset by the client, or closed by a GOAWAY: it no longer counts.
            if let stream = streams.removeValue(forKey: closed.streamID), stream.phase == .admitted {
                connection.closeStream()
            }
        case let window as NIOHTTP2WindowUpdatedEvent:
            refill(window, context: context)
        default:
            break
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        releaseAll()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        releaseAll()
    }

    // MARK: - Streams

    /// A new stream: admitted when fewer streams than advertised are open; otherwise refused with RST_STREAM
    /// REFUSED_STREAM (safe to retry: the request was not processed) and logged. NIO would otherwise end the whole
    /// connection with GOAWAY PROTOCOL_ERROR (it enforces the limit only after the client acknowledged it, and
    /// as a connection error).
    private func open(_ id: HTTP2StreamID, headers: HPACKHeaders, endStream: Bool, context: ChannelHandlerContext) {
        let (admitted, open, limit) = connection.openStream()
        guard admitted else {
            streams[id] = RequestStream(phase: .done)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .rstStream(.refusedStream))), promise: nil)
            flushPending = true
            let streamID = Int(id)
            let until = limit < MockAPNsServer.maxConcurrentStreams ? " until a push on it succeeds" : ""
            let detail = "stream \(streamID) refused (REFUSED_STREAM, safe to retry): \(open) stream\(open == 1 ? " is" : "s are") "
                + "open and the connection allows \(limit)\(until) (SETTINGS_MAX_CONCURRENT_STREAMS)"
            core.write(MockLogEntry(refusedStream: streamID, path: headers.first(name: ":path") ?? "-", detail: detail,
                                    time: core.clock.now(), connection: connection.id, remote: connection.remote))
            return
        }
        streams[id] = RequestStream(phase: .admitted, headers: headers)
        if endStream { endOfRequest(id, context: context) }
    }

    /// The client ended stream `id`: answer it, once.
    private func endOfRequest(_ id: HTTP2StreamID, context: ChannelHandlerContext) {
        guard let stream = streams[id], stream.phase == .admitted, stream.receiving else { return }
        streams[id]?.receiving = false
        respond(id, stream, context: context)
    }

    /// Stream `id` stops counting against the limit (once).
    private func release(_ id: HTTP2StreamID) {
        guard streams[id]?.phase == .admitted else { return }
        streams[id]?.phase = .done
        connection.closeStream()
    }

    private func releaseAll() {
        for stream in streams.values where stream.phase == .admitted { connection.closeStream() }
        streams.removeAll()
    }

    private func respond(_ id: HTTP2StreamID, _ stream: RequestStream, context: ChannelHandlerContext) {
        let streamID = Int(id)
        guard connection.beginProcessing(streamID) else {
            // A GOAWAY already named a lower stream: the client retries this one elsewhere.
            release(id)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .rstStream(.cancel))), promise: nil)
            flushPending = true
            return
        }
        var regular: [MockHeader] = []
        var method = "", path = ""
        for (name, value, _) in stream.headers {
            switch name {
            case ":method": method = value
            case ":path": path = value
            case _ where name.hasPrefix(":"): continue
            default: regular.append(MockHeader(name, value))
            }
        }
        let request = MockRequest(method: method, path: path, headers: regular, body: stream.body,
                                  bodyLength: stream.bodyLength)
        let (response, now) = core.handle(request, connection: connection, stream: streamID)
        if core.faults.forcedReason == nil {
            if core.faults.stall { return }
            if let reason = core.faults.goAway {
                release(id)
                connection.goAway(reason: reason)
                return
            }
        }

        // Values unique to each answer are kept out of the HPACK dynamic table (they would only churn it).
        var fields = HPACKHeaders()
        fields.add(name: ":status", value: String(response.status))
        fields.add(name: response.idHeader, value: response.apnsID, indexing: .nonIndexable)
        for header in response.headers { fields.add(name: header.name, value: header.value, indexing: .nonIndexable) }
        if let unique = response.uniqueID { fields.add(name: "apns-unique-id", value: unique, indexing: .nonIndexable) }
        let second = Int64(now.timeIntervalSince1970.rounded(.down))
        if dateHeader.second != second { dateHeader = (second, HTTPDate.format(now)) }
        fields.add(name: "date", value: dateHeader.text, indexing: .nonIndexable)
        let payload = response.body
        if !payload.isEmpty {
            fields.add(name: "content-type", value: "application/json")
            fields.add(name: "content-length", value: String(payload.count))
        }
        context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .headers(.init(headers: fields,
                                                                                         endStream: payload.isEmpty)))),
                      promise: nil)
        if !payload.isEmpty {
            let buffer = context.channel.allocator.buffer(bytes: payload)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .data(.init(data: .byteBuffer(buffer),
                                                                                      endStream: true)))),
                          promise: nil)
        }
        flushPending = true
        release(id)
        connection.answered(status: response.status, maxStreams: MockAPNsServer.maxConcurrentStreams)
    }

    // MARK: - Flow control

    /// Gives the client back the window it used, as NIO's multiplexer would: for the connection, and for a stream
    /// still sending its request.
    private func refill(_ event: NIOHTTP2WindowUpdatedEvent, context: ChannelHandlerContext) {
        guard let size = event.inboundWindowSize, let increment = Self.windowIncrement(size: size) else { return }
        if event.streamID != .rootStream {
            guard let stream = streams[event.streamID], stream.receiving, stream.phase != .done else { return }
        }
        context.writeAndFlush(wrapOutboundOut(HTTP2Frame(streamID: event.streamID,
                                                         payload: .windowUpdate(windowSizeIncrement: increment))),
                              promise: nil)
    }

    /// The WINDOW_UPDATE increment for an inbound window of `size`, NIO's rule (InboundWindowManager): none while
    /// more than half the target is left; then back up to the target.
    static func windowIncrement(size: Int, target: Int = targetWindow) -> Int? {
        if size >= target { return nil }
        if size >= 0 {
            let increment = target - size
            return increment >= size ? increment : nil
        }
        return min(-size + target, Int(Int32.max))
    }
}
