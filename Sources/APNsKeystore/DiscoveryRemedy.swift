import APNsModel

/// What to do after a key's discovery found no scope to record (``DiscoveryConclusion/remedy``): the command
/// line words it with its verbs and options.
public enum DiscoveryRemedy: Sendable, Equatable {
    /// No environment was asked: ask Apple's hosts, or name a server.
    case askSomeEnvironment
    /// A server was not reachable: check the network and the server named.
    case checkNetwork
    /// An answer said nothing about the scope of `keyID`: a probe explains it.
    case explainAnswer(keyID: String)
    /// The key was refused where its record says it works: look it up in Apple's portal (`revokedOrForeign`:
    /// every environment refused it, so it may be revoked or another team's).
    case checkPortal(revokedOrForeign: Bool)
    /// The only environment asked refused `keyID`: ask the other one too.
    case askOtherEnvironment(keyID: String)
    /// The environments disagree about a topic: ask again.
    case discoverAgain
    /// `topic` was refused and the key's topics are unknown: look them up and record them (only over a legacy
    /// record: a `recorded` declared or discovered record is not imported over).
    case lookUpTopics(keyID: String, topic: String, recorded: KeyScope.Source)
    /// The answers make an unsound scope.
    case scope(ScopeRemedy)
    /// A legacy record was confirmed by one environment: ask both.
    case askBothEnvironments(keyID: String)
}
