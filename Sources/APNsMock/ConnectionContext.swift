import APNsCore
import APNsModel
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

    /// What a failed TLS handshake is explained with: the first bytes the client sent (before TLS), and why its
    /// client certificate was refused.
    struct TLSDiagnosis {
        var firstBytes: [UInt8] = []
        var certificateProblem: String?
    }

    let tlsDiagnosis = LockedBox(TLSDiagnosis())

    /// Streams and GOAWAY: what a GOAWAY must name and which streams may still be processed.
    private struct StreamState {
        /// False until HTTP/2 is negotiated (a connection that never spoke HTTP/2 gets no GOAWAY, only a close).
        var http2 = false
        /// The highest stream whose request the mock handed to the validator (answered, or about to be).
        var lastProcessed = 0
        /// The last stream id of the GOAWAY sent, once one was: no stream above it is processed afterwards.
        var goAwayLastStream: Int?
        /// Streams admitted and not yet answered or reset.
        var open = 0
        /// The SETTINGS_MAX_CONCURRENT_STREAMS the connection advertises now.
        var limit = MockAPNsServer.maxConcurrentStreams
        /// Whether a rejected push lowers ``limit`` to 1 until the next success (APNs's throttle).
        var throttle = false
        /// The SETTINGS_MAX_CONCURRENT_STREAMS values of the SETTINGS frames written and not yet on the wire, oldest
        /// first: NIO is always told 1000 (it enforces the limit only as a connection error), and
        /// ``OutboundFrameEditor`` writes these values instead, one per SETTINGS frame.
        var advertised: [Int] = []
        /// Answers written since the last flush of the connection.
        var unflushed = 0
    }

    private let streams = LockedBox(StreamState())

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

    /// Answers are flushed to the socket at least this often, not only at the end of a read (NIO's default), so
    /// that a burst of requests gets its answers as they are made.
    static let flushEvery = 32

    /// Marks the connection as speaking HTTP/2 and advertising `streamLimit` concurrent streams in its first SETTINGS
    /// frame (fewer than APNs's 1000 until a push succeeds, on a connection without a client certificate); with
    /// `throttle`, every rejected push lowers the limit to 1 again until the next success.
    func startHTTP2(clientCertificate: ClientCertificateIdentity?, streamLimit: Int = MockAPNsServer.maxConcurrentStreams,
                    throttle: Bool = false) {
        auth.withLock { $0.clientCertificate = clientCertificate }
        streams.withLock {
            $0.http2 = true
            $0.limit = streamLimit
            $0.throttle = throttle
            $0.advertised = [streamLimit]
        }
    }

    /// The SETTINGS_MAX_CONCURRENT_STREAMS the connection advertises now.
    var streamLimit: Int { streams.snapshot.limit }

    /// The SETTINGS_MAX_CONCURRENT_STREAMS value the next SETTINGS frame on the wire must carry; nil when the mock
    /// wrote no SETTINGS frame that is still on its way (``OutboundFrameEditor`` calls this once per frame).
    func takeAdvertisedLimit() -> Int? {
        streams.withLock { $0.advertised.isEmpty ? nil : $0.advertised.removeFirst() }
    }

    /// Admits a new stream when fewer than the advertised limit are open; otherwise returns the number open (the
    /// stream is then refused with REFUSED_STREAM, which a client may safely retry: RFC 9113 §5.1.2, §8.7).
    func openStream() -> (admitted: Bool, open: Int, limit: Int) {
        streams.withLock { state in
            guard state.open < state.limit else { return (false, state.open, state.limit) }
            state.open += 1
            return (true, state.open, state.limit)
        }
    }

    /// A stream admitted by ``openStream()`` was answered or reset.
    func closeStream() {
        streams.withLock { $0.open = max(0, $0.open - 1) }
    }

    /// Called before stream `id`'s request is validated: false once a GOAWAY naming a lower stream was sent (the
    /// client will retry that stream elsewhere, so it must not be processed here too); otherwise records it as the
    /// last processed stream, the one any later GOAWAY names.
    func beginProcessing(_ id: Int) -> Bool {
        streams.withLock { state in
            if let last = state.goAwayLastStream, id > last { return false }
            state.lastProcessed = max(state.lastProcessed, id)
            return true
        }
    }

    /// Called as a GOAWAY leaves (whoever wrote it): the last stream it must name, which is the last stream
    /// processed. From now on no higher stream is processed.
    func goAwaySent() -> Int {
        streams.withLock { state in
            let last = min(state.goAwayLastStream ?? Int.max, state.lastProcessed)
            state.goAwayLastStream = last
            return last
        }
    }

    /// Called on the event loop after each answer: a success (2xx) raises SETTINGS_MAX_CONCURRENT_STREAMS to
    /// `maxStreams` (as APNs does once a token is accepted) and, with the throttle, a rejection lowers it to 1 (as
    /// APNs does after a rejected push); every change is a SETTINGS frame, and every ``flushEvery`` answers are
    /// flushed.
    func answered(status: Int, maxStreams: Int) {
        let (change, flush) = streams.withLock { state in
            var change: Int?
            if (200...299).contains(status) {
                if state.limit < maxStreams { change = maxStreams }
            } else if state.throttle, state.limit > 1 {
                change = 1
            }
            if let change {
                state.limit = change
                state.advertised.append(change)
            }
            state.unflushed += 1
            let flush = change != nil || state.unflushed >= Self.flushEvery
            if flush { state.unflushed = 0 }
            return (change, flush)
        }
        if change != nil {
            // NIO is told `maxStreams` (its own limit is a connection error); the wire gets `change`.
            let settings = HTTP2Frame(streamID: .rootStream, payload: .settings(.settings([
                HTTP2Setting(parameter: .maxConcurrentStreams, value: maxStreams)])))
            channel.write(settings, promise: nil)
        }
        if flush { channel.flush() }
    }

    /// Sends GOAWAY with `{"reason": …}` naming the last stream processed, then closes. A connection that never
    /// reached HTTP/2 is just closed.
    @discardableResult
    func goAway(reason: APNsReason) -> EventLoopFuture<Void> {
        let channel = self.channel
        return channel.eventLoop.flatSubmit { [self] in
            guard channel.isActive else { return channel.eventLoop.makeSucceededVoidFuture() }
            let (http2, last) = streams.withLock { ($0.http2, min($0.goAwayLastStream ?? Int.max, $0.lastProcessed)) }
            guard http2 else { return channel.close() }
            let data = channel.allocator.buffer(string: #"{"reason":"\#(reason.rawValue)"}"#)
            // The frame outbound editor writes the same last stream id on the wire (and records it).
            let frame = HTTP2Frame(streamID: .rootStream,
                                   payload: .goAway(lastStreamID: HTTP2StreamID(last), errorCode: .noError,
                                                    opaqueData: data))
            return channel.writeAndFlush(frame).flatMap { channel.close() }
        }.recover { _ in }
    }
}
