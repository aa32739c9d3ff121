import APNsCore
import APNsModel
import APNsProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One canary a device check sent, and its answer.
public struct DeviceCanary: Sendable, Equatable, Encodable {
    public var environment: APNsEnvironment
    /// The HTTP status; nil when no answer came.
    public var status: Int?
    /// APNs's reason (nil for 200), or the transport failure's kind when no answer came.
    public var reason: String?
    /// APNs's `apns-id` answer header, else the one sent.
    public var apnsID: String
    /// The key that signed the canary's token; nil for a certificate or a ready token without `kid`.
    public var keyID: String?

    public init(environment: APNsEnvironment, status: Int?, reason: String?, apnsID: String, keyID: String?) {
        self.environment = environment
        self.status = status
        self.reason = reason
        self.apnsID = apnsID
        self.keyID = keyID
    }

    /// The canary answered by `exchange`.
    public init(environment: APNsEnvironment, exchange: Exchange, keyID: String?) {
        self.init(environment: environment, status: exchange.failure == nil ? exchange.status : nil,
                  reason: exchange.failure.map(\.kind.rawValue) ?? exchange.reason,
                  apnsID: exchange.headers["apns-id"] ?? exchange.sentID, keyID: keyID)
    }

    enum CodingKeys: String, CodingKey { case environment, status, reason, apnsID = "apns_id", keyID = "key_id" }

    /// Every field always present (null when it does not apply).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(environment, forKey: .environment)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(apnsID, forKey: .apnsID)
        try container.encode(keyID, forKey: .keyID)
    }
}

/// One device token, classified: the verdict, the environments tried in order, every canary sent, and the last
/// answer.
public struct DeviceCheckResult: Sendable, Equatable, Encodable {
    /// The token's place among the tokens read (0 first).
    public var index: Int
    /// The line of the token file it came from; nil for a token given on the command line.
    public var line: Int?
    /// The token, lowercase hex.
    public var deviceToken: String
    public var verdict: DeviceTokenVerdict
    /// The environments a canary went to, in order (empty: none was sent).
    public var environmentsTried: [APNsEnvironment]
    /// The HTTP status of the last answer; nil when none came.
    public var status: Int?
    /// The reason of the last answer (nil for 200); a transport failure's kind (`connect`, `timeout` …) when no
    /// answer came.
    public var reason: String?
    /// The `apns-id` of the last canary (APNs's answer header, else the one sent).
    public var apnsID: String?
    /// The key that signed the last canary's token; nil for a certificate or a ready token without `kid`.
    public var keyID: String?
    /// For ``DeviceTokenVerdict/unregistered``: when APNs says the token stopped being valid.
    public var unregisteredAt: Date?
    /// One line saying what the verdict means.
    public var explanation: String
    /// True when no answer came because the server could not be reached (exit 4).
    public var networkFailure: Bool
    /// Every canary sent for the token, in order (a canary sent again on a fresh connection after its stream
    /// failed appears twice).
    public var canaries: [DeviceCanary] = []

    public init(index: Int, line: Int?, deviceToken: String, verdict: DeviceTokenVerdict,
                environmentsTried: [APNsEnvironment], status: Int? = nil, reason: String? = nil, apnsID: String? = nil,
                keyID: String? = nil, unregisteredAt: Date? = nil, explanation: String, networkFailure: Bool = false) {
        self.index = index
        self.line = line
        self.deviceToken = deviceToken
        self.verdict = verdict
        self.environmentsTried = environmentsTried
        self.status = status
        self.reason = reason
        self.apnsID = apnsID
        self.keyID = keyID
        self.unregisteredAt = unregisteredAt
        self.explanation = explanation
        self.networkFailure = networkFailure
    }

    enum CodingKeys: String, CodingKey {
        case deviceToken = "device_token", verdict, environment, environmentsTried = "environments_tried", status
        case reason, apnsID = "apns_id", keyID = "key_id", unregisteredAt = "unregistered_at", explanation, line
        case canaries
    }

    /// Every field always present (null when it does not apply); `environment` is the verdict's environment.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deviceToken, forKey: .deviceToken)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(verdict.environment, forKey: .environment)
        try container.encode(environmentsTried, forKey: .environmentsTried)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(apnsID, forKey: .apnsID)
        try container.encode(keyID, forKey: .keyID)
        try container.encode(unregisteredAt.map { ISO8601Text.string(from: $0) }, forKey: .unregisteredAt)
        try container.encode(explanation, forKey: .explanation)
        try container.encode(line, forKey: .line)
        try container.encode(canaries, forKey: .canaries)
    }
}

/// A run of device checks, summed up: how many tokens got each verdict, how long it took, and the exit status.
public struct DeviceCheckSummary: Sendable, Equatable {
    /// Tokens per verdict (every verdict present, zero when none).
    public var counts: [DeviceTokenVerdict: Int]
    /// Canaries sent (a token tried in both environments counts twice).
    public var requests: Int
    public var seconds: Double
    /// The environments whose server could not be reached.
    public var unreachable: [APNsEnvironment]
    /// The environments not asked (after the start, or from some point of the run): no credential for them, or
    /// their server refused the credential for its environment.
    public var skipped: [APNsEnvironment] = []
    /// Tokens read again and not sent again.
    public var duplicates = 0

    public init(counts: [DeviceTokenVerdict: Int] = [:], requests: Int = 0, seconds: Double = 0,
                unreachable: [APNsEnvironment] = []) {
        self.counts = Dictionary(uniqueKeysWithValues: DeviceTokenVerdict.allCases.map { ($0, counts[$0] ?? 0) })
        self.requests = requests
        self.seconds = seconds
        self.unreachable = unreachable
    }

    /// Tokens classified.
    public var tokens: Int { counts.values.reduce(0, +) }

    /// Tokens per second over the run.
    public var tokensPerSecond: Double { seconds > 0 ? Double(tokens) / seconds : 0 }

    /// 4 when a server could not be reached; 1 when a token is anything but a development or production token
    /// (unregistered, another app's, invalid, not in the one environment asked, inconclusive); else 0.
    public var exitStatus: ExitStatus {
        if !unreachable.isEmpty { return .unreachable }
        let failed = counts.contains { $0.value > 0 && $0.key.environment == nil }
        return failed ? .checkFailed : .ok
    }

    /// Adds `result` to the counts.
    public mutating func add(_ result: DeviceCheckResult) {
        counts[result.verdict, default: 0] += 1
    }
}
