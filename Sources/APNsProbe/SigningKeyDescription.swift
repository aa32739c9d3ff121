import APNsCore
import APNsModel

/// The keystore key that signed the probe's token, with its recorded scope, so that a verdict about the key's
/// environment or connection (`403 BadEnvironmentKey(Id)InToken`, `403 UnrelatedKeyIdInToken`) can name it.
///
/// Filled by the CLI when the credential comes from the keystore; nil for a token file, a certificate or no
/// credential.
public struct SigningKeyDescription: Sendable, Equatable {
    /// The key id (the token's `kid`).
    public var keyID: String
    /// The key's team.
    public var teamID: String
    /// The environments the keystore records for the key, sorted.
    public var environments: [APNsEnvironment]
    /// The topics of a topic-specific key; nil for a team-scoped one.
    public var topics: [String]?
    /// True when the scope is not known (a legacy key, assumed team-scoped for both environments).
    public var legacy: Bool

    public init(keyID: String, teamID: String, environments: [APNsEnvironment], topics: [String]?, legacy: Bool) {
        self.keyID = keyID
        self.teamID = teamID
        self.environments = environments.sorted()
        self.topics = topics
        self.legacy = legacy
    }

    /// "production-only", "sandbox-only" or "valid in both environments".
    public var environmentWords: String {
        switch environments {
        case [.development]: return "sandbox-only"
        case [.production]: return "production-only"
        default: return "valid in both environments"
        }
    }
}
