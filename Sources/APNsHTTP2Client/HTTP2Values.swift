/// One request: a method and path, the headers beyond the pseudo-headers, and a body.
public struct HTTP2Request: Sendable, Equatable {
    public var method: String
    public var path: String
    /// Header names and values in order, names lowercase (HTTP/2 requires it).
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(method: String = "POST", path: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.method = method
        self.path = path
        self.headers = headers.map { ($0.name.lowercased(), $0.value) }
        self.body = body
    }

    public static func == (lhs: HTTP2Request, rhs: HTTP2Request) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.body == rhs.body
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// The phases of one request, in seconds.
///
/// `connect` (name resolution included) and `tls` are durations, zero on a reused connection; `firstByte` (the
/// response's HEADERS) and `total` (its end) are measured from the start of the send, as libcurl's
/// `starttransfer` and `total` are.
public struct HTTP2Timings: Sendable, Equatable {
    public var connect: Double
    public var tls: Double
    public var firstByte: Double
    public var total: Double

    public init(connect: Double, tls: Double, firstByte: Double, total: Double) {
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
    }
}

/// The answer to one request.
public struct HTTP2Response: Sendable, Equatable {
    /// The `:status`.
    public var status: Int
    /// Response headers, names lowercase (the last value of a repeated header), pseudo-headers left out.
    public var headers: [String: String]
    /// The body, up to 64 KiB (an APNs reason is a short JSON object).
    public var body: [UInt8]
    public var timings: HTTP2Timings
    /// True when this send opened the connection (the first, or one reopened after the server closed the last).
    public var openedConnection: Bool
    /// The connection's TLS version ("TLSv1.3"), and the server's address and port.
    public var tlsVersion: String?
    public var remoteAddress: String?
    public var remotePort: Int?
    /// When the response headers arrived, by this machine's wall clock (seconds since 1970).
    public var receivedAt: Double

    public init(status: Int, headers: [String: String], body: [UInt8], timings: HTTP2Timings, openedConnection: Bool,
                tlsVersion: String?, remoteAddress: String?, remotePort: Int?, receivedAt: Double) {
        self.status = status
        self.headers = headers
        self.body = body
        self.timings = timings
        self.openedConnection = openedConnection
        self.tlsVersion = tlsVersion
        self.remoteAddress = remoteAddress
        self.remotePort = remotePort
        self.receivedAt = receivedAt
    }
}

/// An HTTP/2 PING's round trip.
public struct HTTP2Ping: Sendable, Equatable {
    /// From writing the PING to reading its acknowledgement, in seconds.
    public var roundTrip: Double
    /// True when the PING had to open the connection first.
    public var openedConnection: Bool

    public init(roundTrip: Double, openedConnection: Bool) {
        self.roundTrip = roundTrip
        self.openedConnection = openedConnection
    }
}

/// How many operations opened a connection and how many reused the open one.
public struct HTTP2ConnectionCounts: Sendable, Equatable {
    public var opened: Int
    public var reused: Int

    public init(opened: Int = 0, reused: Int = 0) {
        self.opened = opened
        self.reused = reused
    }
}
