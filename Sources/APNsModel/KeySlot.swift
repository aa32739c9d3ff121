/// A place where exactly one key may be active (Apple's 2025 key model).
///
/// A team-scoped key occupies one slot per environment it covers, `(team, environment)`; a topic-specific key one
/// slot per topic, `(team, environment, topic)`. The two kinds never collide: a topic-specific key active for
/// `com.example.app` sits beside the team-scoped key of the same environment and wins for that topic
/// (``KeySelection``). A legacy key (scope unknown) is team-scoped for both environments.
public struct KeySlot: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The team.
    public let teamID: String
    /// The environment.
    public let environment: APNsEnvironment
    /// The topic of a topic-specific slot; nil for the team-scoped slot of the environment.
    public let topic: String?

    public init(teamID: String, environment: APNsEnvironment, topic: String? = nil) {
        self.teamID = teamID
        self.environment = environment
        self.topic = topic
    }

    /// `DEF123GHIJ/production` or `DEF123GHIJ/production/com.example.app` (also the JSON form).
    public var description: String {
        "\(teamID)/\(environment.rawValue)" + (topic.map { "/\($0)" } ?? "")
    }

    /// For people: "production", "production, topic com.example.app" (the team is said elsewhere).
    public var words: String {
        let environment = self.environment == .development ? "the sandbox (development)" : "production"
        return topic.map { "\(environment), topic \($0)" } ?? environment
    }

    public static func < (lhs: KeySlot, rhs: KeySlot) -> Bool {
        (lhs.teamID, lhs.environment.rawValue, lhs.topic ?? "") < (rhs.teamID, rhs.environment.rawValue, rhs.topic ?? "")
    }
}

extension KeyScope {
    /// The slots a key of `team` with this scope occupies, sorted.
    public func slots(team: String) -> [KeySlot] {
        environments.flatMap { environment in
            topics.map { $0.map { KeySlot(teamID: team, environment: environment, topic: $0) } }
                ?? [KeySlot(teamID: team, environment: environment)]
        }.sorted()
    }
}

extension Array where Element == KeySlot {
    /// For people, short even for a key with 400 topics: "production", "the sandbox (development) and production",
    /// "production, topics com.example.app, com.example.app.clip", "production, 12 topics".
    public var words: String {
        let byEnvironment = Dictionary(grouping: self, by: \.environment)
        return byEnvironment.keys.sorted().map { environment in
            let slots = byEnvironment[environment] ?? []
            let topics = slots.compactMap(\.topic).sorted()
            let name = KeySlot(teamID: "", environment: environment).words
            switch topics.count {
            case 0: return name
            case 1...3: return "\(name), topic\(topics.count == 1 ? "" : "s") \(topics.joined(separator: ", "))"
            default: return "\(name), \(topics.count) topics"
            }
        }.joined(separator: " and ")
    }
}
