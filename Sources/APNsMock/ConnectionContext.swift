import APNsCore
import NIOCore
import NIOHTTP2

/// One client connection: its number, peer address, authentication state, and HTTP/2 progress.
final class ConnectionContext: Sendable {
    let id: Int
    let remote: String
    let channel: any Channel
    /// The connection's client certificate and token history; streams of the connection share it.
    let auth = LockedBox(ConnectionAuthState())
    /// The highest client stream id seen, for the GOAWAY frame; nil until HTTP/2 is negotiated.
    let highestStreamID = LockedBox<Int?>(nil)

    init(id: Int, channel: any Channel) {
        self.id = id
        self.channel = channel
        if let address = channel.remoteAddress {
            self.remote = "\(address.ipAddress ?? "?"):\(address.port ?? 0)"
        } else {
            self.remote = "?"
        }
    }

    /// Marks the connection as speaking HTTP/2.
    func startHTTP2(clientCertificate: ClientCertificateIdentity?) {
        auth.withLock { $0.clientCertificate = clientCertificate }
        highestStreamID.withLock { $0 = 0 }
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
