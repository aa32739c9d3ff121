import APNsCore
import APNsKeystore
import APNsModel
import Testing

/// Discovery's pure part: what each answer means (``DiscoveryAnswer``) and the scope learnt from the answers and
/// the record (``ScopeDiscovery``).
@Suite struct ScopeDiscoveryTests {
    static let key = "DISC000001"

    func scope(_ environments: [APNsEnvironment], topics: [String]? = nil, related: String? = nil,
               source: KeyScope.Source = .declared) throws -> KeyScope {
        try KeyScope(environments: environments, restriction: topics.map { .topics($0) } ?? .team,
                     relatedKeyID: related, source: source)
    }

    func answer(_ environment: APNsEnvironment, _ status: Int?, _ reason: String? = nil,
                topicGiven: Bool = false) -> DiscoveryAnswer {
        DiscoveryAnswer(environment: environment, status: status, reason: reason,
                        failure: status == nil ? "Failed to connect to 127.0.0.1 port 9: Connection refused" : nil,
                        topicGiven: topicGiven)
    }

    func conclude(_ recorded: KeyScope, _ answers: [DiscoveryAnswer], topic: String? = nil) -> DiscoveryConclusion {
        ScopeDiscovery.conclude(keyID: Self.key, recorded: recorded, answers: answers, topic: topic)
    }

    // MARK: classification

    @Test(arguments: [(400, "BadDeviceToken"), (200, nil), (410, "Unregistered"), (400, "DeviceTokenNotForTopic"),
                      (410, "ExpiredToken")] as [(Int, String?)])
    func answersAboutTheDeviceTokenMeanTheKeyWasAccepted(status: Int, reason: String?) {
        let accepted = answer(.production, status, reason)
        #expect(accepted.outcome == .accepted)
        #expect(accepted.line.hasPrefix("accepted (\(status)"))
    }

    @Test(arguments: ["BadEnvironmentKeyIdInToken", "BadEnvironmentKeyInToken"])
    func bothSpellingsOfTheWrongEnvironmentAreARefusal(reason: String) {
        let refused = answer(.development, 403, reason)
        #expect(refused.outcome == .refusedEnvironment)
        #expect(refused.line == "refused (403 \(reason))")
    }

    @Test func topicDisallowedIsARefusedTopicOnlyForATopicTheUserNamed() {
        #expect(answer(.production, 400, "TopicDisallowed", topicGiven: true).outcome == .refusedTopic)
        let implied = answer(.production, 400, "TopicDisallowed", topicGiven: false)
        #expect(implied.outcome == .inconclusive)
        #expect(implied.why.contains("name one of the team's topics"))
    }

    @Test(arguments: [(403, "InvalidProviderToken"), (403, "ExpiredProviderToken"), (429, "TooManyRequests"),
                      (500, "InternalServerError"), (503, "ServiceUnavailable"), (403, "UnrelatedKeyIdInToken"),
                      (400, "BadTopic"), (403, "MadeUpReason")] as [(Int, String?)])
    func everythingElseIsInconclusiveWithAReason(status: Int, reason: String?) {
        let unclear = answer(.development, status, reason, topicGiven: true)
        #expect(unclear.outcome == .inconclusive)
        #expect(!unclear.why.isEmpty)
        #expect(!unclear.unreachable)
        #expect(unclear.line.hasPrefix("inconclusive (\(status) \(reason ?? "")"))
    }

    @Test func noAnswerIsInconclusiveAndUnreachable() {
        let silent = answer(.production, nil)
        #expect(silent.outcome == .inconclusive)
        #expect(silent.unreachable)
        #expect(silent.answerText == "no answer (Failed to connect to 127.0.0.1 port 9: Connection refused)")
        #expect(silent.line == "unreachable (Failed to connect to 127.0.0.1 port 9: Connection refused)")
    }

    // MARK: environments

    @Test func theEnvironmentsAreThoseThatAcceptedTheKey() throws {
        let legacy = KeyScope.legacy
        let learnt = conclude(legacy, [answer(.development, 403, "BadEnvironmentKeyInToken"),
                                       answer(.production, 400, "BadDeviceToken")])
        #expect(learnt.kind == .learnt)
        #expect(learnt.exitStatus == .ok)
        #expect(learnt.scope == (try scope([.production], source: .discovered)))
        #expect(learnt.message.contains("development refused the key (403 BadEnvironmentKeyInToken)"))
        #expect(learnt.message.contains("production accepted it (400 BadDeviceToken)"))
    }

    @Test func aLegacyKeyAcceptedByBothBecomesADiscoveredBothEnvironmentKey() throws {
        let learnt = conclude(.legacy, [answer(.development, 400, "BadDeviceToken"), answer(.production, 200)])
        #expect(learnt.kind == .learnt)
        #expect(learnt.scope == (try scope([.development, .production], source: .discovered)))
    }

    @Test func aRecordTheAnswersConfirmIsNotRecordedAgain() throws {
        let declared = try scope([.production])
        let same = conclude(declared, [answer(.development, 403, "BadEnvironmentKeyIdInToken"),
                                       answer(.production, 400, "BadDeviceToken")])
        #expect(same.kind == .matches)
        #expect(same.exitStatus == .ok)
        #expect(same.scope == declared)
        #expect(same.message.contains("the record already says production, team-scoped (declared)"))
    }

    @Test func anEnvironmentNotAskedKeepsWhatTheRecordSays() throws {
        // Only the sandbox asked (--env development --host …): production stays as recorded.
        let refused = conclude(.legacy, [answer(.development, 403, "BadEnvironmentKeyInToken")])
        #expect(refused.kind == .learnt)
        #expect(refused.scope == (try scope([.production], source: .discovered)))
        let added = conclude(try scope([.production]), [answer(.development, 400, "BadDeviceToken")])
        #expect(added.scope == (try scope([.development, .production], source: .discovered)))
    }

    @Test func aLegacyKeyAcceptedByTheOnlyEnvironmentAskedStaysLegacy() {
        let partial = conclude(.legacy, [answer(.production, 400, "BadDeviceToken")])
        #expect(partial.kind == .matches)
        #expect(partial.scope == .legacy)
        #expect(partial.message.contains("development was not asked, so the scope stays legacy"))
        #expect(partial.remedy == .askBothEnvironments(keyID: "DISC000001"))
    }

    @Test func bothEnvironmentsRefusingIsAContradiction() {
        let both = conclude(.legacy, [answer(.development, 403, "BadEnvironmentKeyInToken"),
                                      answer(.production, 403, "BadEnvironmentKeyIdInToken")])
        #expect(both.kind == .contradiction)
        #expect(both.exitStatus == .checkFailed)
        #expect(both.scope == nil)
        #expect(both.message.contains("both environments refused key DISC000001"))
        #expect(both.remedy == .checkPortal(revokedOrForeign: true))
    }

    @Test func theOnlyRecordedEnvironmentRefusingIsAContradiction() throws {
        let only = conclude(try scope([.development]), [answer(.development, 403, "BadEnvironmentKeyInToken")])
        #expect(only.kind == .contradiction)
        #expect(only.message.contains("the only environment its record names"))
        #expect(only.remedy == .askOtherEnvironment(keyID: "DISC000001"))
    }

    @Test func anInconclusiveAnswerRecordsNothing() {
        let unclear = conclude(.legacy, [answer(.development, 400, "BadDeviceToken"),
                                         answer(.production, 403, "InvalidProviderToken")])
        #expect(unclear.kind == .inconclusive)
        #expect(unclear.exitStatus == .checkFailed)
        #expect(unclear.scope == nil)
        #expect(unclear.message.hasPrefix("production answered 403 InvalidProviderToken: APNs does not accept the token"))
    }

    @Test func anUnreachableServerIsExit4() {
        let down = conclude(.legacy, [answer(.development, 400, "BadDeviceToken"), answer(.production, nil)])
        #expect(down.kind == .unreachable)
        #expect(down.exitStatus == .unreachable)
        #expect(down.message == "production was not reachable (Failed to connect to 127.0.0.1 port 9: Connection refused)")
    }

    @Test func noAnswerAtAllIsInconclusive() {
        #expect(conclude(.legacy, []).kind == .inconclusive)
    }

    // MARK: topics

    @Test func aTopicSpecificRecordFoundInBothEnvironmentsIsTeamScoped() throws {
        let record = try scope([.production], topics: ["com.example.app"], related: "RELATED001")
        let learnt = conclude(record, [answer(.development, 400, "BadDeviceToken"),
                                       answer(.production, 400, "BadDeviceToken")])
        #expect(learnt.kind == .learnt)
        #expect(learnt.scope == (try scope([.development, .production], source: .discovered)))
        #expect(learnt.scope?.relatedKeyID == nil)
        #expect(learnt.message.contains("team-scoped"))
    }

    @Test func anAcceptedTopicATopicSpecificRecordDoesNotListIsAdded() throws {
        let record = try scope([.production], topics: ["com.example.app"])
        let learnt = conclude(record, [answer(.development, 403, "BadEnvironmentKeyInToken", topicGiven: true),
                                       answer(.production, 400, "BadDeviceToken", topicGiven: true)],
                              topic: "com.example.other")
        #expect(learnt.kind == .learnt)
        #expect(learnt.scope == (try scope([.production], topics: ["com.example.app", "com.example.other"],
                                           source: .discovered)))
        #expect(learnt.message.contains("topic com.example.other accepted"))
        let listed = conclude(record, [answer(.production, 400, "BadDeviceToken", topicGiven: true)],
                              topic: "com.example.app")
        #expect(listed.kind == .matches)
    }

    @Test func anAcceptedTopicLeavesATeamScopedRecordTeamScoped() throws {
        let record = try scope([.development])
        let same = conclude(record, [answer(.development, 400, "BadDeviceToken", topicGiven: true)],
                            topic: "com.example.app")
        #expect(same.kind == .matches)
        #expect(same.scope?.isTeamScoped == true)
    }

    @Test func aRefusedTopicWithATeamScopedRecordSaysTheTopicsAreUnknown() throws {
        let unknown = conclude(.legacy, [answer(.development, 403, "BadEnvironmentKeyInToken", topicGiven: true),
                                         answer(.production, 400, "TopicDisallowed", topicGiven: true)],
                               topic: "com.example.app")
        #expect(unknown.kind == .contradiction)
        #expect(unknown.scope == nil)
        #expect(unknown.message.contains("it is topic-specific, and its topics are unknown"))
        #expect(unknown.remedy == .lookUpTopics(keyID: "DISC000001", topic: "com.example.app", recorded: .legacy))
        let declared = conclude(try scope([.production]), [answer(.production, 400, "TopicDisallowed", topicGiven: true)],
                                topic: "com.example.app")
        #expect(declared.kind == .contradiction)
        #expect(declared.remedy == .lookUpTopics(keyID: "DISC000001", topic: "com.example.app", recorded: .declared),
                "a declared scope is never imported over, so the hint does not send the user to key import")
    }

    @Test func aRefusedTopicIsTakenOffATopicSpecificRecord() throws {
        let record = try scope([.production], topics: ["com.example.app", "com.example.gone"])
        let learnt = conclude(record, [answer(.production, 400, "TopicDisallowed", topicGiven: true)],
                              topic: "com.example.gone")
        #expect(learnt.kind == .learnt)
        #expect(learnt.scope == (try scope([.production], topics: ["com.example.app"], source: .discovered)))
        // Its only topic refused: the topics are unknown, nothing is invented.
        let only = conclude(try scope([.production], topics: ["com.example.gone"]),
                            [answer(.production, 400, "TopicDisallowed", topicGiven: true)], topic: "com.example.gone")
        #expect(only.kind == .contradiction)
        #expect(only.message.contains("its topics are unknown"))
        // A topic the record does not list, refused: as recorded.
        let unlisted = conclude(record, [answer(.production, 400, "TopicDisallowed", topicGiven: true)],
                                topic: "com.example.other")
        #expect(unlisted.kind == .matches)
    }

    @Test func oneEnvironmentAcceptingTheTopicAndAnotherRefusingItIsAContradiction() {
        let split = conclude(.legacy, [answer(.development, 400, "BadDeviceToken", topicGiven: true),
                                       answer(.production, 400, "TopicDisallowed", topicGiven: true)],
                             topic: "com.example.app")
        #expect(split.kind == .contradiction)
        #expect(split.message.contains("one environment accepted topic com.example.app"))
    }
}
