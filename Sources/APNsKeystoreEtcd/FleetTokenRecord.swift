import APNsCore
import APNsModel
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One provider token shared by a fleet: what `PREFIX/tokens/keys/KEYID` holds in an etcd keystore.
///
/// The record is public (a token, never a key) and self-describing, so a token agent whose etcd role may read
/// `PREFIX/tokens/` and nothing else knows which files it feeds without reading the manifest: a team-scoped key's
/// token is `TEAM-ENV.token` for each environment the key covers; a topic-specific key's is `TEAM-ENV-TOPIC.token`
/// for each of its topics. It lives under a lease of ``leaseSeconds``, so etcd removes it before APNs's 60 minutes
/// even when no host is left to replace it.
///
/// JSON: `team_id`, `key_id`, `issued_at` (unix seconds), `token`, `environments`, `topics` (null: team-scoped).
public struct FleetTokenRecord: Codable, Sendable, Equatable {
    public var teamID: String
    public var keyID: String
    public var issuedAt: Int64
    public var token: String
    public var environments: [APNsEnvironment]
    public var topics: [String]?

    /// 55 minutes: the record's lease, from the moment it is written (just after signing).
    public static let leaseSeconds: Int64 = 55 * 60

    public init(teamID: String, keyID: String, issuedAt: Int64, token: String, environments: [APNsEnvironment],
                topics: [String]?) {
        self.teamID = teamID
        self.keyID = keyID
        self.issuedAt = issuedAt
        self.token = token
        self.environments = environments
        self.topics = topics
    }

    /// The record of a cached token, with its key's scope (both environments and no topics when unknown).
    public init(_ entry: TokenCacheEntry, environments: [APNsEnvironment]?, topics: [String]?) {
        self.init(teamID: entry.teamID, keyID: entry.keyID, issuedAt: entry.issuedAt, token: entry.token,
                  environments: environments ?? APNsEnvironment.allCases, topics: topics)
    }

    /// The record a stored value holds; nil when it is not one (damaged, or another key under `tokens/`).
    public init?(stored value: [UInt8]) {
        guard let record = try? JSONDecoder().decode(FleetTokenRecord.self, from: Data(value)) else { return nil }
        self = record
    }

    /// The token-cache entry this record carries.
    public var entry: TokenCacheEntry {
        TokenCacheEntry(teamID: teamID, keyID: keyID, issuedAt: issuedAt, token: token)
    }

    /// The agent's files this token feeds, one per environment (and topic).
    public var fileNames: [String] { Self.fileNames(team: teamID, environments: environments, topics: topics) }

    /// The files a key of `team` with this scope feeds (nil topics: team-scoped).
    public static func fileNames(team: String, environments: [APNsEnvironment], topics: [String]?) -> [String] {
        environments.flatMap { environment in
            (topics.map { $0.map { "-" + $0 } } ?? [""]).map { "\(team)-\(environment.rawValue)\($0).token" }
        }
    }

    /// Seconds since `iat` at `now`.
    public func age(at now: Date) -> Int64 { Int64(now.timeIntervalSince1970.rounded(.down)) - issuedAt }

    enum CodingKeys: String, CodingKey {
        case teamID = "team_id", keyID = "key_id", issuedAt = "issued_at", token, environments, topics
    }

    /// Every field always present: `topics` is null for a team-scoped key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(teamID, forKey: .teamID)
        try container.encode(keyID, forKey: .keyID)
        try container.encode(issuedAt, forKey: .issuedAt)
        try container.encode(token, forKey: .token)
        try container.encode(environments, forKey: .environments)
        try container.encode(topics, forKey: .topics)
    }
}
