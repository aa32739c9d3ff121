import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The outcome of one channel management call (or broadcast): what came back and what it means.
///
/// JSON fields (stable, snake_case): `operation`, `host`, `port`, `environment`, `credential`, `topic`, `status`,
/// `reason`, `request_id` (sent), `request_id_returned`, `channel_id`, `channels` (list), `storage`
/// (`none`/`most-recent`), `message_storage_policy`, `http_version`, `tls_version`, `timings`, `failure`,
/// `verdict`, `exit_code`, and which key signed the token: `key_id`, `team_id`, `environments` and `topics` (as in
/// ``ProbeReport``).
public struct ChannelResult: Sendable, Equatable, Encodable {
    public var operation: String
    public var host: String
    public var port: Int
    public var environment: APNsEnvironment?
    public var credential: String
    public var topic: String
    public var status: Int?
    public var reason: String?
    public var requestID: String
    public var requestIDReturned: String?
    public var channelID: String?
    public var channels: [String]?
    public var storagePolicy: Int?
    public var httpVersion: String?
    public var tlsVersion: String?
    public var timings: PhaseTimings
    public var failure: TransportFailure?
    public var verdict: Verdict
    /// The signing key's id (the token's `kid`); nil without token authentication.
    public var keyID: String? = nil
    /// The signing key's team (the token's `iss`); nil without token authentication.
    public var teamID: String? = nil
    /// The environments the keystore records for the signing key; nil when it is not a keystore key.
    public var keyEnvironments: [APNsEnvironment]? = nil
    /// A topic-specific signing key's recorded topics; nil for a team-scoped key or one the keystore does not know.
    public var keyTopics: [String]? = nil

    /// Fills the signing key's fields from a keystore key's description (its recorded scope).
    public mutating func describeSigningKey(_ key: SigningKeyDescription) {
        keyID = key.keyID
        teamID = key.teamID
        keyEnvironments = key.environments
        keyTopics = key.topics
    }

    /// `none` or `most-recent` for the policy read back; nil when unknown.
    public var storage: ChannelRequest.Storage? { storagePolicy.flatMap(ChannelRequest.Storage.init(policy:)) }

    enum CodingKeys: String, CodingKey {
        case operation, host, port, environment, credential, topic, status, reason
        case requestID = "request_id", requestIDReturned = "request_id_returned", channelID = "channel_id", channels
        case storage, storagePolicy = "message_storage_policy", httpVersion = "http_version", tlsVersion = "tls_version"
        case timings, failure, verdict, exitCode = "exit_code"
        case keyID = "key_id", teamID = "team_id", keyEnvironments = "environments", keyTopics = "topics"
    }

    /// Every documented field, absent ones as explicit nulls.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(operation, forKey: .operation)
        try c.encode(host, forKey: .host)
        try c.encode(port, forKey: .port)
        try c.encode(environment, forKey: .environment)
        try c.encode(credential, forKey: .credential)
        try c.encode(topic, forKey: .topic)
        try c.encode(status, forKey: .status)
        try c.encode(reason, forKey: .reason)
        try c.encode(requestID, forKey: .requestID)
        try c.encode(requestIDReturned, forKey: .requestIDReturned)
        try c.encode(channelID, forKey: .channelID)
        try c.encode(channels, forKey: .channels)
        try c.encode(storage, forKey: .storage)
        try c.encode(storagePolicy, forKey: .storagePolicy)
        try c.encode(httpVersion, forKey: .httpVersion)
        try c.encode(tlsVersion, forKey: .tlsVersion)
        try c.encode(timings, forKey: .timings)
        try c.encode(failure, forKey: .failure)
        try c.encode(verdict, forKey: .verdict)
        try c.encode(verdict.exitStatus.rawValue, forKey: .exitCode)
        try c.encode(keyID, forKey: .keyID)
        try c.encode(teamID, forKey: .teamID)
        try c.encode(keyEnvironments, forKey: .keyEnvironments)
        try c.encode(keyTopics, forKey: .keyTopics)
    }
}

/// Sends channel management calls (and broadcasts) through the prober's libcurl transport and explains the answers
/// in the probe's words (``ReasonCatalog``).
public final class ChannelClient {
    public let target: ProbeTarget
    public let credential: ProbeCredential
    public let timeout: Double
    /// The keystore key that signed the token credential, with its recorded scope: named in every result and in the
    /// verdict's hints.
    public let signingKey: SigningKeyDescription?
    private let transport: HTTP2Transport

    public init(target: ProbeTarget, credential: ProbeCredential, caFile: String? = nil, timeout: Double = 10,
                signingKey: SigningKeyDescription? = nil) {
        self.signingKey = signingKey
        self.target = target
        self.credential = credential
        self.timeout = timeout
        transport = HTTP2Transport(target: target, credential: credential, caFile: caFile, timeout: timeout)
    }

    /// Sends `request` (a ``ChannelRequest``) named `operation` for `bundleID`; 2xx is healthy.
    public func send(_ request: CanaryRequest, operation: String, bundleID: String) throws -> ChannelResult {
        let exchange = try transport.send([request]).first
            ?? Exchange(sentID: request.apnsID, status: nil, headers: [:], body: [], httpVersion: nil, remoteAddress: nil,
                        remotePort: nil, tlsVersion: nil, timings: .none, connectionsOpened: 0,
                        failure: TransportFailure(kind: .other, message: "nothing was sent"), certificateRequested: nil,
                        receivedAt: nil)
        return Self.result(exchange, operation: operation, bundleID: bundleID, target: target, credential: credential,
                           timeout: timeout, signingKey: signingKey, request: request)
    }

    /// Folds one exchange into a result: pure, for tests. `request` (the call sent) supplies what the answer does not
    /// echo: the channel id of an inspect or delete, the storage policy of a create.
    public static func result(_ exchange: Exchange, operation: String, bundleID: String, target: ProbeTarget,
                              credential: ProbeCredential, timeout: Double,
                              signingKey: SigningKeyDescription? = nil, request: CanaryRequest? = nil) -> ChannelResult {
        let object = exchange.body.isEmpty ? nil : JSONValue(parsing: exchange.body)
        var result = ChannelResult(
            operation: operation, host: target.host, port: target.port, environment: target.environment,
            credential: credential.kind, topic: bundleID, status: exchange.status, reason: exchange.reason,
            requestID: exchange.sentID, requestIDReturned: exchange.headers["apns-request-id"],
            channelID: exchange.headers["apns-channel-id"], channels: object?["channels"]?.array.map { $0.compactMap(\.string) },
            storagePolicy: object?["message-storage-policy"]?.int64.map { Int($0) }, httpVersion: exchange.httpVersion,
            tlsVersion: exchange.tlsVersion, timings: exchange.timings, failure: exchange.failure,
            verdict: Verdict(.healthy, ""))
        result.verdict = verdict(exchange, operation: operation, target: target, credential: credential, timeout: timeout,
                                 signingKey: signingKey)
        if let signingKey { result.describeSigningKey(signingKey) }
        // What APNs does not echo, the request says: the channel asked about (inspect, delete), and the storage
        // policy a channel was created with.
        if result.channelID == nil {
            result.channelID = request?.extraHeaders.first { $0.name == "apns-channel-id" }?.value
        }
        if result.storagePolicy == nil, result.verdict.outcome == .healthy, let request, request.method == "POST",
           let sent = JSONValue(parsing: request.payload)?["message-storage-policy"]?.int64 {
            result.storagePolicy = Int(sent)
        }
        return result
    }

    static func verdict(_ exchange: Exchange, operation: String, target: ProbeTarget, credential: ProbeCredential,
                        timeout: Double, signingKey: SigningKeyDescription?) -> Verdict {
        if let failure = exchange.failure {
            return ReasonCatalog.verdict(failure: failure, target: target, timeout: timeout,
                                         certificateNotAfter: credential.certificateNotAfter)
        }
        guard let status = exchange.status else { return Verdict(.unreachable, "no HTTP status in the answer") }
        if (200...299).contains(status) {
            return Verdict(.healthy, "APNs answered \(operation) with \(status)")
        }
        let context = VerdictContext(environment: target.environment, credentialKind: credential.kind,
                                     dummyDeviceToken: false,
                                     tokenIssuedAt: { if case .token(_, let iat) = credential { return iat }; return nil }(),
                                     clockOffset: ClockOffset.offset(dateHeader: exchange.headers["date"],
                                                                     localReceived: exchange.receivedAt),
                                     now: exchange.receivedAt ?? Date(), certificateRequested: exchange.certificateRequested,
                                     signingKey: signingKey)
        let verdict = ReasonCatalog.verdict(status: status, reason: exchange.reason, context: context)
        return operation == "broadcast" ? verdict : ReasonCatalog.channelManagementVerdict(verdict, reason: exchange.reason)
    }
}
