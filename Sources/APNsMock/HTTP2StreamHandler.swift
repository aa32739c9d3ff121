import APNsCore
import NIOCore
import NIOHPACK
import NIOHTTP2

/// Handles one HTTP/2 stream: collects the request's headers and body, asks the validator, writes the answer.
final class HTTP2StreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    /// Bodies are kept up to this size; longer ones are only counted (413 needs the length, not the bytes).
    static let bodyLimit = 64 * 1024

    /// Whether the stream counts against the connection's advertised limit.
    private enum Admission {
        /// No HEADERS yet.
        case pending
        /// Open: counted until answered or reset.
        case admitted
        /// Refused with REFUSED_STREAM, or answered: no longer counted, nothing more to do.
        case done
    }

    private let core: MockCore
    private let connection: ConnectionContext
    private var headers: HPACKHeaders?
    private var body: [UInt8] = []
    private var bodyLength = 0
    private var admission = Admission.pending

    init(core: MockCore, connection: ConnectionContext) {
        self.core = core
        self.connection = connection
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // Reset by the client (or closed by a GOAWAY) before the answer: it no longer counts.
        release()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let payload = unwrapInboundIn(data)
        if admission == .pending, case .headers(let frame) = payload {
            admit(context: context, headers: frame.headers)
        }
        guard admission == .admitted else { return }
        switch payload {
        case .headers(let frame):
            if headers == nil { headers = frame.headers }
            if frame.endStream { respond(context: context) }
        case .data(let frame):
            if case .byteBuffer(var buffer) = frame.data {
                bodyLength += buffer.readableBytes
                if body.count < Self.bodyLimit, let bytes = buffer.readBytes(length: buffer.readableBytes) {
                    body.append(contentsOf: bytes.prefix(Self.bodyLimit - body.count))
                }
            }
            if frame.endStream { respond(context: context) }
        default:
            break
        }
    }

    /// Admits the stream when fewer streams than advertised are open; otherwise refuses it with RST_STREAM
    /// REFUSED_STREAM (safe to retry: the request was not processed) and logs why. NIO would otherwise end the whole
    /// connection with GOAWAY PROTOCOL_ERROR (it enforces the limit only after the client acknowledged it, and
    /// as a connection error).
    private func admit(context: ChannelHandlerContext, headers: HPACKHeaders) {
        let (admitted, open, limit) = connection.openStream()
        guard !admitted else {
            admission = .admitted
            return
        }
        admission = .done
        context.writeAndFlush(wrapOutboundOut(.rstStream(.refusedStream)), promise: nil)
        let streamID = Self.streamID(of: context.channel)
        let until = limit < MockAPNsServer.maxConcurrentStreams ? " until a push on it succeeds" : ""
        let detail = "stream \(streamID) refused (REFUSED_STREAM, safe to retry): \(open) stream\(open == 1 ? " is" : "s are") "
            + "open and the connection allows \(limit)\(until) (SETTINGS_MAX_CONCURRENT_STREAMS)"
        core.write(MockLogEntry(refusedStream: streamID, path: headers.first(name: ":path") ?? "-", detail: detail,
                                time: core.clock.now(), connection: connection.id, remote: connection.remote))
    }

    /// The stream stops counting against the limit (once).
    private func release() {
        guard admission == .admitted else { return }
        admission = .done
        connection.closeStream()
    }

    private func respond(context: ChannelHandlerContext) {
        guard admission == .admitted else { return }
        let streamID = Self.streamID(of: context.channel)
        guard connection.beginProcessing(streamID) else {
            // A GOAWAY already named a lower stream: the client retries this one elsewhere.
            release()
            context.close(promise: nil)
            return
        }
        var regular: [MockHeader] = []
        var method = "", path = ""
        for (name, value, _) in headers ?? HPACKHeaders() {
            switch name {
            case ":method": method = value
            case ":path": path = value
            case _ where name.hasPrefix(":"): continue
            default: regular.append(MockHeader(name, value))
            }
        }
        let request = MockRequest(method: method, path: path, headers: regular, body: body, bodyLength: bodyLength)
        let (response, now) = core.handle(request, connection: connection, stream: streamID)
        if core.faults.forcedReason == nil {
            if core.faults.stall { return }
            if let reason = core.faults.goAway {
                release()
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
        fields.add(name: "date", value: HTTPDate.format(now), indexing: .nonIndexable)
        let payload = response.body
        if !payload.isEmpty {
            fields.add(name: "content-type", value: "application/json")
            fields.add(name: "content-length", value: String(payload.count))
        }
        context.write(wrapOutboundOut(.headers(.init(headers: fields, endStream: payload.isEmpty))),
                      promise: nil)
        if !payload.isEmpty {
            let buffer = context.channel.allocator.buffer(bytes: payload)
            context.write(wrapOutboundOut(.data(.init(data: .byteBuffer(buffer), endStream: true))), promise: nil)
        }
        context.flush()
        release()
        connection.answered(status: response.status, maxStreams: MockAPNsServer.maxConcurrentStreams)
    }

    private static func streamID(of channel: any Channel) -> Int {
        (try? channel.syncOptions?.getOption(HTTP2StreamChannelOptions.streamID)).flatMap { $0 }.map { Int($0) } ?? 0
    }
}
