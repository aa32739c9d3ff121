import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The result of one probe round: where it went, what came back, what it means. Encoded as `--format json`.
///
/// JSON fields (stable, snake_case): `host`, `port`, `environment` (null for another server), `credential`
/// ("token", "certificate", "none"), `device_token`, `dummy_device_token`, `topic`, `push_type`, `priority`,
/// `requests`, `connections` (new connections opened; 1 when every stream shared one), `remote_address`,
/// `remote_port`, `http_version` ("2"), `tls_version`, `status`, `reason`, `apns_id` (sent), `apns_id_returned`,
/// `apns_unique_id`, `unregistered_at`, `server_date`, `clock_offset_seconds` (server minus local), `timings`
/// (`dns_seconds`, `connect_seconds`, `tls_seconds`, `first_byte_seconds`, `total_seconds`), `latency`
/// (`count`, `min_seconds`, `median_seconds`, `p90_seconds`, `max_seconds`; with several requests), `answers`
/// (count per status/reason or failure kind), `failure` (`kind`, `message`, `curl_code`), `verdict` (`outcome`
/// healthy|rejected|unreachable, `summary`, `hint`), `exit_code`, `started_at`, `channels` (`probe --channels`: how
/// many channels the app has; null otherwise), and which key signed the token: `key_id` and `team_id` (the token's
/// `kid` and `iss`; null for a certificate or no credential), `environments` and `topics` (the key's recorded
/// scope when the keystore knows it: null otherwise, `topics` also for a team-scoped key).
public struct ProbeReport: Sendable, Equatable, Codable {
    public var host: String
    public var port: Int
    public var environment: APNsEnvironment?
    public var credential: String
    public var deviceToken: String
    public var dummyDeviceToken: Bool
    public var topic: String?
    public var pushType: String?
    public var priority: Int?
    public var requests: Int
    public var connections: Int
    public var remoteAddress: String?
    public var remotePort: Int?
    public var httpVersion: String?
    public var tlsVersion: String?
    public var status: Int?
    public var reason: String?
    public var apnsID: String
    public var apnsIDReturned: String?
    public var apnsUniqueID: String?
    public var unregisteredAt: Date?
    public var serverDate: String?
    public var clockOffsetSeconds: Double?
    public var timings: PhaseTimings
    public var latency: LatencyStatistics?
    public var answers: [String: Int]
    public var failure: TransportFailure?
    public var verdict: Verdict
    public var exitCode: Int32
    public var startedAt: Date
    /// `probe --channels`: the number of channel ids the management host listed; nil for a push canary.
    public var channels: Int? = nil
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

    enum CodingKeys: String, CodingKey {
        case host, port, environment, credential
        case deviceToken = "device_token", dummyDeviceToken = "dummy_device_token"
        case topic, pushType = "push_type", priority, requests, connections
        case remoteAddress = "remote_address", remotePort = "remote_port"
        case httpVersion = "http_version", tlsVersion = "tls_version"
        case status, reason, apnsID = "apns_id", apnsIDReturned = "apns_id_returned", apnsUniqueID = "apns_unique_id"
        case unregisteredAt = "unregistered_at", serverDate = "server_date", clockOffsetSeconds = "clock_offset_seconds"
        case timings, latency, answers, failure, verdict, exitCode = "exit_code", startedAt = "started_at", channels
        case keyID = "key_id", teamID = "team_id", keyEnvironments = "environments", keyTopics = "topics"
    }

    /// Encodes optionals as explicit nulls so every documented field is always present.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(host, forKey: .host)
        try c.encode(port, forKey: .port)
        try c.encode(environment, forKey: .environment)
        try c.encode(credential, forKey: .credential)
        try c.encode(deviceToken, forKey: .deviceToken)
        try c.encode(dummyDeviceToken, forKey: .dummyDeviceToken)
        try c.encode(topic, forKey: .topic)
        try c.encode(pushType, forKey: .pushType)
        try c.encode(priority, forKey: .priority)
        try c.encode(requests, forKey: .requests)
        try c.encode(connections, forKey: .connections)
        try c.encode(remoteAddress, forKey: .remoteAddress)
        try c.encode(remotePort, forKey: .remotePort)
        try c.encode(httpVersion, forKey: .httpVersion)
        try c.encode(tlsVersion, forKey: .tlsVersion)
        try c.encode(status, forKey: .status)
        try c.encode(reason, forKey: .reason)
        try c.encode(apnsID, forKey: .apnsID)
        try c.encode(apnsIDReturned, forKey: .apnsIDReturned)
        try c.encode(apnsUniqueID, forKey: .apnsUniqueID)
        try c.encode(unregisteredAt, forKey: .unregisteredAt)
        try c.encode(serverDate, forKey: .serverDate)
        try c.encode(clockOffsetSeconds, forKey: .clockOffsetSeconds)
        try c.encode(timings, forKey: .timings)
        try c.encode(latency, forKey: .latency)
        try c.encode(answers, forKey: .answers)
        try c.encode(failure, forKey: .failure)
        try c.encode(verdict, forKey: .verdict)
        try c.encode(exitCode, forKey: .exitCode)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encode(channels, forKey: .channels)
        try c.encode(keyID, forKey: .keyID)
        try c.encode(teamID, forKey: .teamID)
        try c.encode(keyEnvironments, forKey: .keyEnvironments)
        try c.encode(keyTopics, forKey: .keyTopics)
    }
}
