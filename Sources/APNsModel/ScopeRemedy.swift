/// What to do about an unsound key scope (``KeyScope/problem(environments:restriction:relatedKeyID:)``): the
/// command line words it with its options; ``description`` says it naming none.
public enum ScopeRemedy: Sendable, Equatable, CustomStringConvertible {
    /// No environment: give development, production or both.
    case giveEnvironment
    /// A topic-specific key with both environments: Apple makes it for one.
    case chooseOneEnvironment
    /// A topic-specific key without topics: give them.
    case giveTopics
    /// More topics than one key covers: split them over several keys.
    case splitTopics
    /// A topic that is not bundle-id-like.
    case topicIsABundleID
    /// A topic listed twice.
    case listTopicsOnce
    /// A related key on a team-scoped key.
    case relatedKeyNeedsTopics
    /// A related key id that is not a key id.
    case keyIDFormat

    /// The remedy in words that name no option.
    public var description: String {
        switch self {
        case .giveEnvironment: return "give the environment: development, production or both"
        case .chooseOneEnvironment:
            return "Apple's portal makes a topic-specific key for Sandbox or Production: give one environment"
        case .giveTopics: return "give the key's topics, e.g. com.example.app"
        case .splitTopics: return "split the topics over several keys, as Apple's portal requires"
        case .topicIsABundleID: return "a topic is a bundle id such as com.example.app or com.example.app.voip"
        case .listTopicsOnce: return "list each topic once"
        case .relatedKeyNeedsTopics: return "give a related key with topics, or leave it out for a team-scoped key"
        case .keyIDFormat: return "the key id is the 10 characters in AuthKey_KEYID.p8"
        }
    }
}
