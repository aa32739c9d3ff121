import APNsCore
import APNsExporterConfiguration
import APNsHTTP2Client
import APNsProbe
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP/2 connection to a server for one credential, kept open and shared by every canary that sends that
/// credential there (``HTTP2Connection``, SwiftNIO): a round reuses the connection the last one left open and
/// reopens it only when the server closed it (GOAWAY, end of stream) or it did not answer a PING.
///
/// A round first checks the open connection with an HTTP/2 PING (APNs's advice for a connection kept between
/// pushes) and reports its round trip; a PING that fails or times out closes the connection, so the round's canary
/// opens a new one (counted as opened). A round that finds no connection open sends no PING, and neither does one
/// that comes less than ``pingAfterQuiet`` after the connection's last answer: that answer showed it alive, and
/// HTTP/2 stacks take PINGs sent faster for a flood (NIO's own: more than 200 control frames in 30 s).
public final class CanaryConnection: Sendable {
    /// What identifies a connection: the server (with its trusted CAs) and the credential. `caContents`, the
    /// `cacert:` file's bytes when the configuration was applied, makes a CA file changed before a reload open a
    /// new connection that trusts the new file (a connection reads its CA file once).
    public struct Key: Sendable, Hashable {
        public var server: CanaryServer
        public var credential: CanaryCredential
        public var caContents: [UInt8]? = nil
    }

    /// One canary round on the connection: the canary's exchange, and the PING sent before it.
    struct Round: Sendable {
        var exchange: Exchange
        /// The PING's outcome; nil when no connection was open to check.
        var ping: Result<HTTP2Ping, HTTP2ClientError>?
    }

    public let key: Key
    private let timeout: Double
    /// How long the connection must have been without an answer before a round PINGs it, in seconds.
    let pingAfterQuiet: Double
    /// The client for the credential last sent; a changed client certificate gets a connection of its own.
    private let client = Mutex<HTTP2Connection?>(nil)
    /// When the last answer came on the connection.
    private let lastAnswer = Mutex<ContinuousClock.Instant?>(nil)

    /// The quiet time after which a round PINGs its connection unless told otherwise: half a second (so at most
    /// two PINGs a second).
    static let defaultPingAfterQuiet = 0.5

    init(key: Key, timeout: Double, pingAfterQuiet: Double = CanaryConnection.defaultPingAfterQuiet) {
        self.key = key
        self.timeout = timeout
        self.pingAfterQuiet = pingAfterQuiet
    }

    /// Sends `request` with `credential` on the kept-open connection, after a PING on it when it is open (one round
    /// at a time per connection: the client serialises its callers).
    func send(_ request: CanaryRequest, credential: ProbeCredential, timeout: Double) -> Round {
        let started = Date()
        let connection: HTTP2Connection
        switch connectionFor(credential) {
        case .success(let made): connection = made
        case .failure(let failure): return Round(exchange: Self.unsent(request, failure, started: started), ping: nil)
        }
        let bound = min(timeout, self.timeout)
        var ping: Result<HTTP2Ping, HTTP2ClientError>?
        let quiet = lastAnswer.withLock { last in
            last.map { ContinuousClock.now - $0 >= .milliseconds(Int64(pingAfterQuiet * 1000)) } ?? true
        }
        if quiet {
            do {
                ping = try connection.pingIfOpen(timeout: bound).map { .success($0) }
            } catch {
                ping = .failure(error)
            }
        }
        let before = connection.counts
        do {
            let response = try connection.send(Self.request(request, credential: credential), timeout: bound)
            lastAnswer.withLock { $0 = ContinuousClock.now }
            return Round(exchange: Self.exchange(request, response), ping: ping)
        } catch {
            let opened = connection.counts.opened - before.opened
            return Round(exchange: Self.exchange(request, error, opened: opened, started: started), ping: ping)
        }
    }

    /// The client for `credential`: the kept one, or a new one when the client certificate changed.
    private func connectionFor(_ credential: ProbeCredential) -> Result<HTTP2Connection, TransportFailure> {
        let identity: HTTP2ClientConfiguration.ClientIdentity?
        switch credential {
        case .token, .none:
            identity = nil
        case .pem(let certificate, let key, nil):
            identity = .init(certificatePEM: certificate, privateKeyPEM: key)
        case .pem, .pkcs12:
            return .failure(TransportFailure(kind: .credential,
                                             message: "the exporter sends client certificates with unencrypted keys only"))
        }
        let configuration = HTTP2ClientConfiguration(host: key.server.host, port: key.server.port,
                                                     caFile: key.server.caFile, identity: identity)
        return .success(client.withLock { client in
            if let kept = client, kept.configuration == configuration { return kept }
            client?.close()
            let made = HTTP2Connection(configuration: configuration)
            client = made
            return made
        })
    }

    /// The canary as an HTTP/2 request: its `apns-*` headers, JSON, and the bearer token when the credential is one.
    static func request(_ request: CanaryRequest, credential: ProbeCredential) -> HTTP2Request {
        var headers: [(name: String, value: String)] = request.headerLines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingSpaces())
        }
        headers.append(("content-type", "application/json"))
        if case .token(let jwt, _) = credential { headers.append(("authorization", "bearer \(jwt)")) }
        return HTTP2Request(method: request.method, path: request.path, headers: headers, body: request.payload)
    }

    /// An answer, as ``Prober`` judges it.
    static func exchange(_ request: CanaryRequest, _ response: HTTP2Response) -> Exchange {
        let t = response.timings
        return Exchange(sentID: request.apnsID, status: response.status, headers: response.headers, body: response.body,
                        httpVersion: "2", remoteAddress: response.remoteAddress, remotePort: response.remotePort,
                        tlsVersion: response.tlsVersion,
                        timings: PhaseTimings(dns: nil, connect: t.connect, tls: t.tls, firstByte: t.firstByte,
                                              total: t.total),
                        connectionsOpened: response.openedConnection ? 1 : 0, failure: nil, certificateRequested: nil,
                        receivedAt: Date(timeIntervalSince1970: response.receivedAt))
    }

    /// A request that got no answer: the failure in the kinds ``Prober`` judges (`connect`, `tls`, `protocol`, …).
    /// A failure after the handshake reached the TLS phase (the request was sent); one before it did not.
    static func exchange(_ request: CanaryRequest, _ error: HTTP2ClientError, opened: Int, started: Date) -> Exchange {
        let failure = transportFailure(error)
        let sent = error.afterHandshake
        return Exchange(sentID: request.apnsID, status: nil, headers: [:], body: [], httpVersion: sent ? "2" : nil,
                        remoteAddress: nil, remotePort: nil, tlsVersion: nil,
                        timings: PhaseTimings(dns: nil, connect: sent ? 0 : nil, tls: sent ? 0 : nil, firstByte: nil,
                                              total: Date().timeIntervalSince(started)),
                        connectionsOpened: opened, failure: failure, certificateRequested: nil, receivedAt: nil)
    }

    static func unsent(_ request: CanaryRequest, _ failure: TransportFailure, started: Date) -> Exchange {
        Exchange(sentID: request.apnsID, status: nil, headers: [:], body: [], httpVersion: nil, remoteAddress: nil,
                 remotePort: nil, tlsVersion: nil, timings: .none, connectionsOpened: 0, failure: failure,
                 certificateRequested: nil, receivedAt: nil)
    }

    static func transportFailure(_ error: HTTP2ClientError) -> TransportFailure {
        let kind: TransportFailure.Kind
        var alert: Int?
        switch error {
        case .dns: kind = .dns
        case .connect: kind = .connect
        case .tls(_, let code):
            kind = .tls
            alert = code
        case .notTLS: kind = .notTLS
        case .notHTTP2: kind = .http1
        case .credential: kind = .credential
        case .closed, .streamReset, .protocolViolation: kind = .protocolError
        case .timeout: kind = .timeout
        case .other: kind = .other
        }
        return TransportFailure(kind: kind, message: error.message, tlsAlert: alert)
    }
}
