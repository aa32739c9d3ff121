import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The phases of one request, in seconds, from libcurl's timing info.
///
/// `dns`, `connect` and `tls` are the durations of those phases (zero on a reused connection); `firstByte` and
/// `total` are measured from the start of the transfer.
public struct PhaseTimings: Sendable, Equatable, Codable {
    public var dns: Double
    public var connect: Double
    public var tls: Double
    public var firstByte: Double
    public var total: Double

    public init(dns: Double, connect: Double, tls: Double, firstByte: Double, total: Double) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
    }

    /// From libcurl's cumulative microsecond counters (namelookup, connect, appconnect, starttransfer, total).
    init(namelookup: Int64, connect: Int64, appconnect: Int64, starttransfer: Int64, total: Int64) {
        func seconds(_ us: Int64) -> Double { Double(max(0, us)) / 1_000_000 }
        self.dns = seconds(namelookup)
        self.connect = seconds(connect - namelookup)
        self.tls = appconnect > 0 ? seconds(appconnect - connect) : 0
        self.firstByte = seconds(starttransfer)
        self.total = seconds(total)
    }

    enum CodingKeys: String, CodingKey {
        case dns = "dns_seconds", connect = "connect_seconds", tls = "tls_seconds"
        case firstByte = "first_byte_seconds", total = "total_seconds"
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
        /// The TLS handshake or certificate verification failed.
        case tls
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

    public init(kind: Kind, message: String, curlCode: Int? = nil) {
        self.kind = kind
        self.message = message
        self.curlCode = curlCode
    }

    enum CodingKeys: String, CodingKey {
        case kind, message
        case curlCode = "curl_code"
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
    /// When the response headers arrived, by this machine's clock.
    public var receivedAt: Date?

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
