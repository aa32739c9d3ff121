import APNsCore
import NIOCore
import NIOHTTP2

/// One client connection: its number, peer address, authentication state, and HTTP/2 progress.
final class ConnectionContext: Sendable {
    let id: Int
    let remote: String
    let channel: any Channel
    /// Which listener accepted the connection: pushes, or the channel management API.
    let listener: MockListener
    /// The connection's client certificate and token history; streams of the connection share it.
    let auth = LockedBox(ConnectionAuthState())
    /// The highest client stream id seen, for the GOAWAY frame; nil until HTTP/2 is negotiated.
    let highestStreamID = LockedBox<Int?>(nil)

    init(id: Int, channel: any Channel, listener: MockListener = .push) {
        self.id = id
        self.channel = channel
        self.listener = listener
        if let address = channel.remoteAddress {
            self.remote = "\(address.ipAddress ?? "?"):\(address.port ?? 0)"
        } else {
            self.remote = "?"
        }
    }

    /// Whether the connection already advertises ``MockAPNsServer/maxConcurrentStreams`` (after its first success,
    /// or from the start); answers written since the last flush of the connection.
    private let streams = LockedBox((raised: true, unflushed: 0))

    /// Answers are flushed to the socket at least this often, not only at the end of a read (NIO's default), so
    /// that a burst of requests gets its answers as they are made.
    static let flushEvery = 8

    /// Marks the connection as speaking HTTP/2; `raisedStreams` false means it advertised fewer streams than
    /// APNs's 1000 until a push succeeds.
    func startHTTP2(clientCertificate: ClientCertificateIdentity?, raisedStreams: Bool = true) {
        auth.withLock { $0.clientCertificate = clientCertificate }
        highestStreamID.withLock { $0 = 0 }
        streams.withLock { $0.raised = raisedStreams }
    }

    /// Called on the event loop after each answer: the first success (2xx) raises SETTINGS_MAX_CONCURRENT_STREAMS
    /// to `maxStreams` (as APNs does once a token is accepted), and every ``flushEvery`` answers are flushed.
    func answered(status: Int, maxStreams: Int) {
        let (raise, flush) = streams.withLock { state in
            let raise = (200...299).contains(status) && !state.raised
            if raise { state.raised = true }
            state.unflushed += 1
            let flush = raise || state.unflushed >= Self.flushEvery
            if flush { state.unflushed = 0 }
            return (raise, flush)
        }
        if raise {
            let settings = HTTP2Frame(streamID: .rootStream, payload: .settings(.settings([
                HTTP2Setting(parameter: .maxConcurrentStreams, value: maxStreams)])))
            channel.write(settings, promise: nil)
        }
        if flush { channel.flush() }
    }

    /// Records that the client opened stream `id`.
    func sawStream(_ id: Int) {
        highestStreamID.withLock { current in current = max(current ?? 0, id) }
    }

    /// Sends GOAWAY with `{"reason": …}` naming `lastStreamID` (default: the highest stream seen), then closes.
    /// A connection that never reached HTTP/2 is just closed.
    @discardableResult
    func goAway(reason: APNsReason, lastStreamID: Int? = nil) -> EventLoopFuture<Void> {
        let channel = self.channel
        return channel.eventLoop.flatSubmit { [self] in
            guard channel.isActive else { return channel.eventLoop.makeSucceededVoidFuture() }
            guard let highest = highestStreamID.snapshot else { return channel.close() }
            let data = channel.allocator.buffer(string: #"{"reason":"\#(reason.rawValue)"}"#)
            let frame = HTTP2Frame(streamID: .rootStream,
                                   payload: .goAway(lastStreamID: HTTP2StreamID(lastStreamID ?? highest),
                                                    errorCode: .noError, opaqueData: data))
            return channel.writeAndFlush(frame).flatMap { channel.close() }
        }.recover { _ in }
    }
}
