/// Where a signing key may be used: Apple's 2025 key model (keys created since 17 February 2025).
///
/// Apple's developer portal creates a key for an environment (Sandbox, Production, or both) with a restriction:
/// team-scoped (every topic of the team) or topic-specific (a list of at most 400 topics; such a key has exactly
/// one environment). A topic-specific key may name one related key whose tokens may share its connection. The
/// .p8 file carries none of this, so the keystore records it along with where it came from.
///
/// JSON (inside a key record of `keystore.json`): `{"environments": ["development", "production"],
/// "restriction": "team" | "topics", "topics": [String] | null, "related_key_id": String | null,
/// "source": "declared" | "discovered" | "legacy"}`.
public struct KeyScope: Codable, Sendable, Equatable {
    /// What a key may sign for, besides its environments.
    public enum Restriction: Sendable, Equatable {
        /// Every topic of the team.
        case team
        /// Only these topics (sorted, no duplicates).
        case topics([String])
    }

    /// Where the scope was learnt.
    public enum Source: String, Codable, Sendable, CaseIterable {
        /// Given at `key import` / `key generate` (`--env`, `--topics` / `--team-scoped`).
        case declared
        /// Learnt from APNs's answers by `key discover` (``ScopeDiscovery``, `Keystore.recordDiscoveredScope`).
        case discovered
        /// Unknown: a key from before scopes were recorded, or imported without `--env`. Treated as team-scoped
        /// for both environments, as every key made before 17 February 2025 is.
        case legacy
    }

    /// The most topics a topic-specific key covers (Apple's limit).
    public static let maximumTopics = 400

    /// The environments the key works in, sorted, never empty.
    public private(set) var environments: [APNsEnvironment]
    /// Team-scoped or topic-specific.
    public private(set) var restriction: Restriction
    /// The related key whose tokens may share a connection with this key's (topic-specific keys only).
    public private(set) var relatedKeyID: String?
    /// Where this scope came from.
    public var source: Source

    /// A validated scope; ``ModelError/unsoundScope(message:remedy:)`` says what is wrong (see ``problem(environments:restriction:relatedKeyID:)``).
    public init(environments: [APNsEnvironment], restriction: Restriction, relatedKeyID: String? = nil,
                source: Source) throws(ModelError) {
        let sortedEnvironments = Array(Set(environments)).sorted()
        var restriction = restriction
        if case .topics(let topics) = restriction { restriction = .topics(topics.sorted()) }
        self.environments = sortedEnvironments
        self.restriction = restriction
        self.relatedKeyID = relatedKeyID
        self.source = source
        if let problem = Self.problem(environments: environments, restriction: restriction,
                                      relatedKeyID: relatedKeyID) {
            throw .unsoundScope(message: problem.message, remedy: problem.remedy)
        }
    }

    /// Unknown scope: team-scoped for both environments, as keys made before 17 February 2025 are.
    public static let legacy = KeyScope(unchecked: APNsEnvironment.allCases, restriction: .team, source: .legacy)

    private init(unchecked environments: [APNsEnvironment], restriction: Restriction, source: Source) {
        self.environments = environments
        self.restriction = restriction
        self.relatedKeyID = nil
        self.source = source
    }

    /// The topics of a topic-specific key; nil for a team-scoped one.
    public var topics: [String]? {
        if case .topics(let topics) = restriction { return topics }
        return nil
    }

    /// True for a team-scoped key.
    public var isTeamScoped: Bool { topics == nil }

    /// True when the key may sign for `topic`: a team-scoped key for every topic; a topic-specific key for the
    /// topics it lists and their push-type topics (a listed bundle id `com.x` covers `com.x.voip`,
    /// `com.x.complication`, `com.x.push-type.liveactivity`, …, see ``APNsPushType/bundleID(ofTopic:)``).
    /// The one rule the token path and the mock share.
    public func covers(topic: String) -> Bool {
        guard let topics else { return true }
        return topics.contains(topic) || topics.contains(APNsPushType.bundleID(ofTopic: topic))
    }

    /// True when the key works in `environment`.
    public func covers(_ environment: APNsEnvironment) -> Bool { environments.contains(environment) }

    /// "development", "production" or "development+production".
    public var environmentsText: String { environments.map(\.rawValue).joined(separator: "+") }

    /// One line for people: "development+production, team-scoped (legacy: scope unknown)",
    /// "production, topics com.example.app, com.example.app.voip (declared)".
    public var summary: String {
        let what = topics.map { "topics \($0.joined(separator: ", "))" } ?? "team-scoped"
        var text = "\(environmentsText), \(what)"
        if let relatedKeyID { text += ", related key \(relatedKeyID)" }
        text += source == .legacy ? " (legacy: scope unknown)" : " (\(source.rawValue))"
        return text
    }

    /// What is wrong with a scope, as an error line and a remedy; nil when it is sound. Pure.
    public static func problem(environments: [APNsEnvironment], restriction: Restriction,
                               relatedKeyID: String?) -> (message: String, remedy: ScopeRemedy)? {
        if environments.isEmpty {
            return ("a key needs at least one environment", .giveEnvironment)
        }
        if case .topics(let topics) = restriction {
            if Set(environments).count > 1 {
                return ("a topic-specific key has one environment, not both", .chooseOneEnvironment)
            }
            if topics.isEmpty {
                return ("a topic-specific key needs at least one topic", .giveTopics)
            }
            if topics.count > maximumTopics {
                return ("\(topics.count) topics: a topic-specific key covers at most \(maximumTopics)", .splitTopics)
            }
            for topic in topics {
                if let why = topicProblem(topic) {
                    return ("topic \"\(topic)\": \(why)", .topicIsABundleID)
                }
            }
            var seen = Set<String>()
            for topic in topics where !seen.insert(topic).inserted {
                return ("topic \(topic) is listed twice", .listTopicsOnce)
            }
        } else if relatedKeyID != nil {
            return ("only a topic-specific key has a related key", .relatedKeyNeedsTopics)
        }
        if let relatedKeyID, !AppleIdentifier.isValid(relatedKeyID) {
            return ("related key \(relatedKeyID): not a valid key id (10 characters, A–Z and 0–9)", .keyIDFormat)
        }
        return nil
    }

    /// Why `topic` is not a bundle-id-like topic; nil when it is one. Pure.
    ///
    /// A topic is at most 255 characters of A–Z, a–z, 0–9, `-` and `.`, in dot-separated parts none of them
    /// empty (`com.example.app`, `com.example.app.voip`, `com.example.app.push-type.liveactivity`).
    public static func topicProblem(_ topic: String) -> String? {
        if topic.isEmpty { return "empty" }
        if topic.utf8.count > 255 { return "longer than 255 characters" }
        let allowed = topic.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        if !allowed { return "only letters, digits, '-' and '.' may appear in a topic" }
        if topic.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            return "a dot at the start or end, or two dots in a row"
        }
        return nil
    }

    enum CodingKeys: String, CodingKey {
        case environments, restriction, topics, relatedKeyID = "related_key_id", source
    }

    /// Decodes and validates; an unsound scope is a decoding error (the manifest is then reported unreadable).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let environments = try c.decode([APNsEnvironment].self, forKey: .environments)
        let kind = try c.decode(String.self, forKey: .restriction)
        let topics = try c.decodeIfPresent([String].self, forKey: .topics)
        let restriction: Restriction
        switch (kind, topics) {
        case ("team", nil): restriction = .team
        case ("topics", let topics?): restriction = .topics(topics.sorted())
        default:
            throw DecodingError.dataCorruptedError(forKey: .restriction, in: c, debugDescription:
                "restriction must be \"team\" (topics null) or \"topics\" (with a list of topics)")
        }
        let related = try c.decodeIfPresent(String.self, forKey: .relatedKeyID)
        let source = try c.decode(Source.self, forKey: .source)
        if let problem = Self.problem(environments: environments, restriction: restriction, relatedKeyID: related) {
            throw DecodingError.dataCorruptedError(forKey: .restriction, in: c, debugDescription: problem.message)
        }
        self.environments = Array(Set(environments)).sorted()
        self.restriction = restriction
        self.relatedKeyID = related
        self.source = source
    }

    /// Every field always present: `topics` and `related_key_id` are null when absent.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(environments, forKey: .environments)
        try c.encode(isTeamScoped ? "team" : "topics", forKey: .restriction)
        try c.encode(topics, forKey: .topics)
        try c.encode(relatedKeyID, forKey: .relatedKeyID)
        try c.encode(source, forKey: .source)
    }
}
