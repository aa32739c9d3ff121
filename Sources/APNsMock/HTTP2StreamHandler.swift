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

    private let core: MockCore
    private let connection: ConnectionContext
    private var headers: HPACKHeaders?
    private var body: [UInt8] = []
    private var bodyLength = 0
    private var answered = false

    init(core: MockCore, connection: ConnectionContext) {
        self.core = core
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // The stream counts for GOAWAY's last-stream-id from the moment the client opens it.
        connection.sawStream(Self.streamID(of: context.channel))
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
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

    private func respond(context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
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
        let streamID = Self.streamID(of: context.channel)
        let (response, now) = core.handle(request, connection: connection, stream: streamID)
        if core.faults.forcedReason == nil {
            if core.faults.stall { return }
            if let reason = core.faults.goAway {
                connection.goAway(reason: reason, lastStreamID: streamID)
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
        connection.answered(status: response.status, maxStreams: MockAPNsServer.maxConcurrentStreams)
    }

    private static func streamID(of channel: any Channel) -> Int {
        (try? channel.syncOptions?.getOption(HTTP2StreamChannelOptions.streamID)).flatMap { $0 }.map { Int($0) } ?? 0
    }
}
