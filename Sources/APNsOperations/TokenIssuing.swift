import APNsModel
import APNsCore
import APNsKeystore
import APNsTokens

/// The team's provider token from the keystore's shared cache: the signing key chosen by environment and topic
/// (``Keystore/token(team:keyID:environment:topic:refreshAfter:)``), and that key's recorded scope.
public enum TokenIssuing {
    /// Whose token, for what, and how old it may be.
    public struct Input: Sendable {
        /// The team; nil when the keystore holds one team.
        public var team: String?
        /// Sign with this key instead of the team's active key.
        public var keyID: String?
        /// The environment the token is for: the key must cover it.
        public var environment: APNsEnvironment?
        /// The topic the token is for: a topic-specific key must list it.
        public var topic: String?
        public var refreshAfter: RefreshInterval
        public var keystore: Keystore
        /// Read the signing key's recorded scope too (one more keystore read).
        public var includeScope = true

        public init(team: String?, keyID: String?, environment: APNsEnvironment?, topic: String?,
                    refreshAfter: RefreshInterval, keystore: Keystore) {
            self.team = team
            self.keyID = keyID
            self.environment = environment
            self.topic = topic
            self.refreshAfter = refreshAfter
            self.keystore = keystore
        }
    }

    /// The token and the signing key's scope.
    public struct Result: Sendable {
        public var issued: IssuedToken
        /// The signing key's recorded scope; nil when not asked for.
        public var scope: KeyScope?
    }

    /// Issues (or reuses) the token.
    public static func run(_ input: Input) throws -> Result {
        let issued = try input.keystore.token(team: input.team, keyID: input.keyID, environment: input.environment,
                                              topic: input.topic, refreshAfter: input.refreshAfter)
        return Result(issued: issued, scope: input.includeScope ? try input.keystore.key(issued.token.keyID).scope : nil)
    }
}
