import APNsCore
import APNsKeystore
import APNsModel
import APNsOperations
import APNsTokens
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct TokenIssue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "issue",
        abstract: "Print the team's provider token for `authorization: bearer …` (cached, shared by every process).",
        discussion: """
        The same token is printed until it is --refresh-after old (20 to 59 minutes; default 50): APNs answers \
        429 TooManyProviderTokenUpdates to tokens refreshed more often and 403 ExpiredProviderToken past 60. \
        A new one is signed sooner when the clock moved back past its iat, or the key was rotated or revoked.

        --env says which environment the token is for: the key must cover it (a legacy key covers both), and a \
        key that does not is refused (exit 5) with the team's keys and their scopes. Without --env the key must \
        cover both environments, else it is a usage error (exit 2) naming the choices. --topic also refuses a \
        topic-specific key that does not list the topic.
        """)

    @OptionGroup var teamOption: TeamOption
    var team: String? { teamOption.team }
    @Option(name: .customLong("key-id"), help: ArgumentHelp(
        "Sign with this keystore key instead of the team's active key (an active or staged key: retired and revoked "
            + "keys never sign).", valueName: "KEYID"), completion: KeystoreCompletion.keyIDs)
    var key: String?
    @Option(name: .customLong("key"), help: .hidden) var keyFlag: String?
    @OptionGroup var environment: EnvironmentOption
    @OptionGroup var topicOption: TopicOption
    var topic: String? { topicOption.topic }
    @Option(name: .customLong("refresh-after"), help: ArgumentHelp(
        "Re-sign when the cached token is this old: 20 to 59 minutes.", valueName: "MINUTES"))
    var refreshAfter: String = "50"
    @OptionGroup var secrets: SecretOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    /// JSON: `token`, `team_id`, `key_id`, `issued_at`, `refresh_at`, `expires_at`, `reused` (from the cache),
    /// `refresh_reason` (`no_cached_token` | `due` | `clock_moved_backwards` | `key_changed`; null when reused),
    /// `environments` (the signing key's, as recorded) and `topics` (a topic-specific key's; null when team-scoped).
    struct Output: Encodable {
        var token: String
        var teamID: String
        var keyID: String
        var issuedAt: Date
        var refreshAt: Date
        var expiresAt: Date
        var reused: Bool
        @Nullable var refreshReason: RefreshReason?
        var environments: [APNsEnvironment]
        @Nullable var topics: [String]?
        enum CodingKeys: String, CodingKey {
            case token, teamID = "team_id", keyID = "key_id", issuedAt = "issued_at", refreshAt = "refresh_at"
            case expiresAt = "expires_at", reused, refreshReason = "refresh_reason", environments, topics
        }
    }

    func run() async throws {
        let interval = try RefreshInterval(parsing: refreshAfter)
        if let keyFlag { throw KeyFlag.usage(keyFlag) }
        if let key { try AppleIdentifier.validate(key, as: .keyID) }
        if let topic, let problem = KeyScope.topicProblem(topic) {
            throw APNsError.usage("--topic \"\(topic)\": \(problem)", hint: "a topic is a bundle id such as com.example.app")
        }
        let store = try keystore.open(secrets: secrets)
        try IdentifierSwap.check(keyID: key, teamID: team, store: store)
        var input = TokenIssuing.Input(team: team, keyID: key, environment: environment.value, topic: topic, refreshAfter: interval,
                                       keystore: store)
        input.includeScope = output.isJSON
        let result = try TokenIssuing.run(input)
        let issued = result.issued
        try output.print(Output(token: issued.token.compact, teamID: issued.token.teamID, keyID: issued.token.keyID,
                                issuedAt: issued.token.issuedAtDate, refreshAt: issued.refreshAt,
                                expiresAt: issued.expiresAt, reused: issued.reused, refreshReason: issued.refreshReason,
                                environments: result.scope?.environments ?? [], topics: result.scope?.topics),
                         text: issued.token.compact)
    }
}
