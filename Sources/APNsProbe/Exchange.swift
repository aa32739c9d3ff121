import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The phases of one request, in seconds, from libcurl's timing info.
///
/// `dns`, `connect` and `tls` are the durations of those phases (zero on a reused connection); `firstByte` and
/// `total` are measured from the start of the transfer. A phase the transfer never reached (a refused connection
/// has no TLS phase, a failed handshake no first byte) is `nil`, encoded as `null`, never a made-up zero.
public struct PhaseTimings: Sendable, Equatable, Codable {
    public var dns: Double?
    public var connect: Double?
    public var tls: Double?
    public var firstByte: Double?
    public var total: Double

    public init(dns: Double?, connect: Double?, tls: Double?, firstByte: Double?, total: Double) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
    }

    /// No phase reached and no time spent: what a round that sent nothing reports.
    public static let none = PhaseTimings(dns: nil, connect: nil, tls: nil, firstByte: nil, total: 0)

    /// From libcurl's cumulative microsecond counters (namelookup, connect, appconnect, starttransfer, total).
    ///
    /// libcurl leaves a counter at zero when its phase did not complete. On a transfer that `completed` (an HTTP
    /// answer arrived) a zero means the phase was skipped on a reused connection, so it is a duration of zero; on one
    /// that failed, a zero means the phase was never reached: `nil`.
    init(namelookup: Int64, connect: Int64, appconnect: Int64, starttransfer: Int64, total: Int64,
         completed: Bool = true) {
        func seconds(_ us: Int64) -> Double { Double(max(0, us)) / 1_000_000 }
        func reached(_ counter: Int64) -> Bool { completed || counter > 0 }
        self.dns = reached(namelookup) ? seconds(namelookup) : nil
        self.connect = reached(connect) ? seconds(connect - namelookup) : nil
        self.tls = reached(appconnect) ? (appconnect > 0 ? seconds(appconnect - connect) : 0) : nil
        self.firstByte = reached(starttransfer) ? seconds(starttransfer) : nil
        self.total = seconds(total)
    }

    enum CodingKeys: String, CodingKey {
        case dns = "dns_seconds", connect = "connect_seconds", tls = "tls_seconds"
        case firstByte = "first_byte_seconds", total = "total_seconds"
    }

    /// Encodes a phase never reached as an explicit `null`, so every documented field is always present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dns, forKey: .dns)
        try container.encode(connect, forKey: .connect)
        try container.encode(tls, forKey: .tls)
        try container.encode(firstByte, forKey: .firstByte)
        try container.encode(total, forKey: .total)
    }
}

/// Why a request got no APNs answer.
public struct TransportFailure: Sendable, Equatable, Codable, Error {
    /// The phase that failed.
    public enum Kind: String, Sendable, Codable {
        /// The host name did not resolve.
        case dns
        /// No TCP connection.
        case connect
        /// The TLS handshake or certificate verification failed, or the server ended the connection with a TLS
        /// alert (`tlsAlert` says which).
        case tls
        /// The server does not speak TLS at all: a plain-text port.
        case notTLS = "not_tls"
        /// The client credential could not be used (bad .p12 password, unreadable key).
        case credential
        /// The server answered, but over HTTP/1.x: not an APNs endpoint.
        case http1
        /// The connection or stream was reset, or the server sent GOAWAY.
        case protocolError = "protocol"
        /// `--timeout` ran out.
        case timeout
        /// Anything else libcurl reported.
        case other
    }

    public var kind: Kind
    /// What went wrong, in libcurl's words where it has them.
    public var message: String
    /// libcurl's CURLcode, when the failure came from libcurl.
    public var curlCode: Int?
    /// The fatal TLS alert the server sent (RFC 8446 §6.2: 45 certificate_expired, 48 unknown_ca, …), if any.
    public var tlsAlert: Int?

    public init(kind: Kind, message: String, curlCode: Int? = nil, tlsAlert: Int? = nil) {
        self.kind = kind
        self.message = message
        self.curlCode = curlCode
        self.tlsAlert = tlsAlert
    }

    enum CodingKeys: String, CodingKey {
        case kind, message
        case curlCode = "curl_code", tlsAlert = "tls_alert"
    }

    /// Every field always present: `curl_code` is null when libcurl did not report the failure, `tls_alert` when
    /// the server sent none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(message, forKey: .message)
        try container.encode(curlCode, forKey: .curlCode)
        try container.encode(tlsAlert, forKey: .tlsAlert)
    }
}

/// One request and what came back: an HTTP/2 answer, or a transport failure.
public struct Exchange: Sendable, Equatable {
    /// The `apns-id` sent.
    public var sentID: String
    /// The HTTP status, when a response arrived.
    public var status: Int?
    /// Response headers, names lowercased (the last value of a repeated header).
    public var headers: [String: String]
    /// The response body (JSON `{"reason": …}` on failure).
    public var body: [UInt8]
    /// "2", "1.1", …: the HTTP version the response came over.
    public var httpVersion: String?
    /// The server address and port connected to.
    public var remoteAddress: String?
    public var remotePort: Int?
    /// "TLSv1.3" and the like.
    public var tlsVersion: String?
    public var timings: PhaseTimings
    /// New connections this transfer opened (0 when it reused one).
    public var connectionsOpened: Int
    /// Why no usable answer arrived.
    public var failure: TransportFailure?
    /// Whether the server asked for a client certificate in the TLS handshake (nil: no handshake was seen).
    public var certificateRequested: Bool?
    /// When the response headers arrived, by this machine's clock.
    public var receivedAt: Date?

    /// Every field, in declaration order (the transports outside this module build exchanges too).
    public init(sentID: String, status: Int?, headers: [String: String], body: [UInt8], httpVersion: String?,
                remoteAddress: String?, remotePort: Int?, tlsVersion: String?, timings: PhaseTimings,
                connectionsOpened: Int, failure: TransportFailure?, certificateRequested: Bool?, receivedAt: Date?) {
        self.sentID = sentID
        self.status = status
        self.headers = headers
        self.body = body
        self.httpVersion = httpVersion
        self.remoteAddress = remoteAddress
        self.remotePort = remotePort
        self.tlsVersion = tlsVersion
        self.timings = timings
        self.connectionsOpened = connectionsOpened
        self.failure = failure
        self.certificateRequested = certificateRequested
        self.receivedAt = receivedAt
    }

    /// True when the request reached the server as an HTTP/2 stream: an answer came, or the connection broke or
    /// stalled only after the TLS handshake (a reset, GOAWAY, or no answer in time). A request that never got
    /// past DNS, TCP, TLS or ALPN was not sent, and `probe` does not count it.
    public var requestSent: Bool {
        guard let failure else { return true }
        switch failure.kind {
        case .dns, .connect, .tls, .notTLS, .credential, .http1: return false
        case .protocolError, .timeout, .other: return timings.tls != nil
        }
    }

    /// `reason` from the JSON body.
    public var reason: String? { jsonField("reason")?.string }

    /// `timestamp` from a 410 body: when the device token stopped being valid.
    public var unregisteredAt: Date? {
        guard let ms = jsonField("timestamp")?.double else { return nil }
        return Date(timeIntervalSince1970: ms / 1000)
    }

    private func jsonField(_ name: String) -> JSONValue? {
        guard !body.isEmpty else { return nil }
        return JSONValue(parsing: body)?[name]
    }
}
