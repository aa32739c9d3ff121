#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APNsCore

/// One line of the mock's request log, as text or as JSON (`--format json`).
///
/// JSON fields (snake_case, stable): `time` (ISO 8601), `connection` (a number per TLS connection), `stream`
/// (the HTTP/2 stream id; 0 for a refused HTTP/1.1 request), `remote` (`address:port`), `protocol` (`h2` or
/// `http/1.1`), `method`, `path`, `device_token`, `topic` (for channel calls and broadcasts without `apns-topic`: the
/// bundle id of the path), `channel_id` (the `apns-channel-id` sent, or the one created), `push_type`, `priority`,
/// `apns_id` (`apns-request-id` for channel calls and broadcasts), `auth` (`token`, `certificate` or `none`),
/// `key_id`, `team_id`, `certificate_bundle_id` (the client certificate's UID, else its first topic), `status`,
/// `reason`, `timestamp`
/// (410 only), `payload_bytes`, `detail` (why, in words). Absent values are `null`. A GOAWAY the mock sends is a
/// line of its own: `method` `GOAWAY`, `path` `-`, `status` 0, `stream` the last stream id, `reason` the GOAWAY's;
/// so is a stream refused with RST_STREAM REFUSED_STREAM (`method` `RST_STREAM`, `reason` `REFUSED_STREAM`), and a
/// failed TLS handshake (`protocol` `tls`, `reason` `TLSHandshakeFailed`, `detail` why).
public struct MockLogEntry: Sendable, Equatable {
    public var time: Date
    public var connection: Int
    public var stream: Int
    public var remote: String
    public var `protocol`: String
    public var method: String
    public var path: String
    public var deviceToken: String?
    public var topic: String?
    public var channelID: String?
    public var pushType: String?
    public var priority: String?
    public var apnsID: String?
    public var auth: String
    public var keyID: String?
    public var teamID: String?
    public var certificateSubject: String?
    public var status: Int
    public var reason: String?
    public var timestamp: Int64?
    public var payloadBytes: Int
    public var detail: String

    /// The entry for an HTTP/2 request and the mock's answer.
    init(request: MockRequest, response: MockResponse, time: Date, connection: Int, stream: Int, remote: String) {
        self.time = time
        self.connection = connection
        self.stream = stream
        self.remote = remote
        self.protocol = "h2"
        self.method = request.method
        self.path = request.path
        let segments = request.path.split(separator: "/")
        self.deviceToken = segments.count == 3 && request.path.hasPrefix("/3/device/") ? String(segments[2]) : nil
        self.topic = request.header(lowercase: "apns-topic") ?? ChannelPath.bundleID(inPath: request.path)
        self.channelID = request.header(lowercase: "apns-channel-id")
            ?? response.headers.first { $0.name == "apns-channel-id" }?.value
        self.pushType = request.header(lowercase: "apns-push-type")
        self.priority = request.header(lowercase: "apns-priority")
        self.apnsID = response.apnsID
        self.auth = response.authentication.kind
        switch response.authentication {
        case .token(let keyID, let teamID):
            self.keyID = keyID
            self.teamID = teamID
        case .certificate(let subject):
            self.certificateSubject = subject
        case .none:
            break
        }
        self.status = response.status
        self.reason = response.reason?.rawValue
        self.timestamp = response.timestamp
        self.payloadBytes = request.bodyLength
        self.detail = response.detail
    }

    /// The entry for a connection the mock refused because it is not HTTP/2 (`method` and `path` are `-` when
    /// the client sent no HTTP/1 request line; `status` is 0 when the client left before the answer).
    init(refusedHTTP1 method: String, path: String, status: Int, detail: String, time: Date, connection: Int,
         remote: String) {
        self.init(event: "http/1.1", method: method, path: path, stream: 0, status: status, reason: nil,
                  detail: detail, time: time, connection: connection, remote: remote)
    }

    /// The entry for a GOAWAY the mock sent on an HTTP/2 connection: `reason` is the GOAWAY's reason or HTTP/2 error
    /// code, `stream` its last stream id.
    init(goAway reason: String, lastStream: Int, detail: String, time: Date, connection: Int, remote: String) {
        self.init(event: "h2", method: "GOAWAY", path: "-", stream: lastStream, status: 0, reason: reason,
                  detail: detail, time: time, connection: connection, remote: remote)
    }

    /// The entry for a stream the mock refused with RST_STREAM REFUSED_STREAM because the client opened more streams
    /// than the connection advertises: `method` `RST_STREAM`, `path` the request's, `status` 0, `reason`
    /// `REFUSED_STREAM`.
    init(refusedStream stream: Int, path: String, detail: String, time: Date, connection: Int, remote: String) {
        self.init(event: "h2", method: "RST_STREAM", path: path, stream: stream, status: 0, reason: "REFUSED_STREAM",
                  detail: detail, time: time, connection: connection, remote: remote)
    }

    /// The entry for a TLS handshake that failed: `protocol` `tls`, `method` and `path` `-`, `status` 0, `reason`
    /// `TLSHandshakeFailed`, `detail` why (a client certificate refused, plaintext on the TLS port, …).
    init(tlsFailure detail: String, time: Date, connection: Int, remote: String) {
        self.init(event: "tls", method: "-", path: "-", stream: 0, status: 0, reason: "TLSHandshakeFailed",
                  detail: detail, time: time, connection: connection, remote: remote)
    }

    /// A line about the connection rather than a request: no credential, no payload, no push headers.
    private init(event protocolName: String, method: String, path: String, stream: Int, status: Int, reason: String?,
                 detail: String, time: Date, connection: Int, remote: String) {
        self.time = time
        self.connection = connection
        self.stream = stream
        self.remote = remote
        self.protocol = protocolName
        self.method = method
        self.path = path
        self.auth = "none"
        self.status = status
        self.reason = reason
        self.payloadBytes = 0
        self.detail = detail
    }

    /// One line of text: time, connection/stream, request, status and reason, and why.
    public var text: String {
        // Appended piece by piece into one buffer: no intermediate strings (the line is made for every request).
        var line = ""
        line.reserveCapacity(192 + path.utf8.count + detail.utf8.count)
        line += Self.iso8601(time); line += " #"; line += String(connection); line += "/"; line += String(stream)
        line += " "; line += remote; line += " "; line += `protocol`; line += " "; line += method; line += " "
        line += path
        if let topic { line += " topic="; line += topic }
        if let pushType { line += " push-type="; line += pushType }
        if let channelID { line += " channel="; line += channelID }
        switch auth {
        case "token": line += " auth=token:"; line += keyID ?? "?"; line += "/"; line += teamID ?? "?"
        case "certificate": line += " auth=cert:"; line += certificateSubject ?? "?"
        default: line += " auth=none"
        }
        line += " -> "; line += String(status)
        if let reason { line += " "; line += reason }
        if let apnsID { line += " apns-id="; line += apnsID }
        if !detail.isEmpty { line += " ("; line += detail; line += ")" }
        return line
    }

    /// One line of JSON with sorted keys and explicit nulls.
    public var json: String {
        var fields: [String: JSONValue] = [:]
        fields["time"] = .string(Self.iso8601(time))
        fields["connection"] = .integer(Int64(connection))
        fields["stream"] = .integer(Int64(stream))
        fields["remote"] = .string(remote)
        fields["protocol"] = .string(`protocol`)
        fields["method"] = .string(method)
        fields["path"] = .string(path)
        fields["device_token"] = deviceToken.json
        fields["topic"] = topic.json
        fields["channel_id"] = channelID.json
        fields["push_type"] = pushType.json
        fields["priority"] = priority.json
        fields["apns_id"] = apnsID.json
        fields["auth"] = .string(auth)
        fields["key_id"] = keyID.json
        fields["team_id"] = teamID.json
        fields["certificate_bundle_id"] = certificateSubject.json
        fields["status"] = .integer(Int64(status))
        fields["reason"] = reason.json
        fields["timestamp"] = timestamp.map(JSONValue.integer) ?? .null
        fields["payload_bytes"] = .integer(Int64(payloadBytes))
        fields["detail"] = .string(detail)
        return JSONValue.object(fields).compactText
    }

    /// Renders the entry in `format`.
    public func line(_ format: MockLogFormat) -> String {
        format == .json ? json : text
    }

    /// The time with milliseconds, by hand (``ISO8601Text/millisecondString(from:)``: the text
    /// `Date.ISO8601FormatStyle(includingFractionalSeconds: true)` gives, without its calendar).
    static func iso8601(_ date: Date) -> String {
        ISO8601Text.millisecondString(from: date)
    }
}

/// How the mock writes its per-request log lines.
public enum MockLogFormat: String, Sendable, CaseIterable {
    case text
    case json
}
