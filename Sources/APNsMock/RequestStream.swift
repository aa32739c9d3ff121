import NIOCore
import NIOHPACK

/// One HTTP/2 stream as ``HTTP2RequestHandler`` reads it: the request's headers and body so far, and whether the
/// stream counts against the connection's advertised limit.
struct RequestStream {
    /// Whether the stream counts against the connection's advertised limit.
    enum Phase: Equatable {
        /// Open: counted until answered or closed.
        case admitted
        /// Refused with REFUSED_STREAM, or answered: no longer counted, nothing more to do.
        case done
    }

    var phase: Phase
    /// The first HEADERS frame's fields (trailers are not kept).
    var headers = HPACKHeaders()
    /// The body, up to the handler's limit.
    var body: [UInt8] = []
    /// The whole body's length, kept or not.
    var bodyLength = 0
    /// False once the client ended the stream (END_STREAM): no more window for it, and it is answered once.
    var receiving = true

    /// Counts `bytes` and keeps them while the body is under `limit`.
    mutating func append(_ bytes: ByteBufferView, limit: Int) {
        bodyLength += bytes.count
        if body.count < limit { body.append(contentsOf: bytes.prefix(limit - body.count)) }
    }
}
