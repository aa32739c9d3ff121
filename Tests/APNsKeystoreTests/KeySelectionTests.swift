import APNsCore
import APNsKeystore
import APNsModel
import APNsTokens
import Foundation
import Testing

/// Choosing the key that signs for an environment and a topic (``KeySelection``), and the keystore's token path.
@Suite struct KeySelectionTests {
    static let team = "DEF123GHIJ"

    /// A real generated key's record, copied with another id, state and scope.
    static let template: KeyRecord = {
        guard let store = try? makeKeystore(), (try? store.generateKey(team: team, keyID: "TEMPLATE01")) != nil,
              let record = try? store.key("TEMPLATE01") else { preconditionFailure("no template key") }
        return record
    }()

    func record(_ id: String, _ state: KeyState, _ environments: [APNsEnvironment],
                topics: [String]? = nil, legacy: Bool = false) throws -> KeyRecord {
        var record = Self.template
        record.keyID = id
        record.state = state
        record.scope = legacy ? .legacy : try KeyScope(environments: environments,
                                                        restriction: topics.map { .topics($0) } ?? .team, source: .declared)
        return record
    }

    func choose(_ candidates: [KeyRecord], all: [KeyRecord]? = nil, _ environment: APNsEnvironment?,
                topic: String? = nil) throws -> KeyRecord {
        try KeySelection.choose(among: candidates, team: Self.team, teamKeys: all ?? candidates,
                                environment: environment, topic: topic)
    }

    @Test func aKeyIsChosenOnlyForAnEnvironmentItCovers() throws {
        let production = try record("PRD0000001", .active, [.production])
        #expect(try choose([production], .production).keyID == "PRD0000001")
        let staged = try record("SBX0000001", .staged, [.development])
        #expect {
            _ = try choose([production], all: [production, staged], .development)
        } throws: { error in
            guard let error = error as? APNsError else { return false }
            return error.matches(.keystore, "key PRD0000001 (team DEF123GHIJ's active key, production-only) does not "
                                 + "cover the sandbox (development)",
                                 "PRD0000001 (active; production, team-scoped (declared))",
                                 "SBX0000001 (staged; development, team-scoped (declared))")
                && error.remedy as? KeystoreRemedy == .signWithCoveringKey(team: "DEF123GHIJ", environment: .development)
        }
    }

    @Test func withoutAnEnvironmentTheKeyMustCoverBoth() throws {
        let production = try record("PRD0000001", .active, [.production])
        #expect {
            _ = try choose([production], nil)
        } throws: { error in
            guard let error = error as? APNsError else { return false }
            return error.matches(.usage, "PRD0000001 is production-only", "say which environment")
                && error.remedy as? KeystoreRemedy == .nameEnvironment([.production], team: "DEF123GHIJ")
        }
        let both = try record("BTH0000001", .active, [.development, .production])
        #expect(try choose([both], nil).keyID == "BTH0000001")
    }

    @Test func aLegacyKeyCoversBothEnvironmentsAsBefore() throws {
        let legacy = try record("ABC123DEFG", .active, [], legacy: true)
        for environment in [nil, APNsEnvironment.development, .production] {
            #expect(try choose([legacy], environment, topic: "com.example.app").keyID == "ABC123DEFG")
        }
    }

    @Test func aTopicSpecificKeyCoveringTheTopicWinsOverTheTeamScopedKey() throws {
        let team = try record("TEAM000001", .active, [.production])
        let topical = try record("TOPC000001", .active, [.production], topics: ["com.example.app"])
        #expect(try choose([team, topical], .production, topic: "com.example.app").keyID == "TOPC000001")
        #expect(try choose([topical, team], .production, topic: "com.example.other").keyID == "TEAM000001")
        #expect(try choose([team, topical], .production).keyID == "TEAM000001")
        // A topic-specific key alone refuses a topic it does not list.
        #expect {
            _ = try choose([topical], .production, topic: "com.example.other")
        } throws: { ($0 as? APNsError)?.matches(.keystore, "topic-specific", "production and topic com.example.other") == true }
        // Same kind: the active key before a staged one.
        let staged = try record("TEAM000002", .staged, [.production])
        #expect(try choose([staged, team], .production).keyID == "TEAM000001")
    }

    @Test func theKeystoresTokenPathRefusesAKeyOfTheOtherEnvironmentAndSignsWithANamedOne() throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: Self.team, keyID: "PRD0000001",
                                  scope: try KeyScope(environments: [.production], restriction: .team, source: .declared))
        _ = try store.generateKey(team: Self.team, keyID: "SBX0000001",
                                  scope: try KeyScope(environments: [.development], restriction: .team, source: .declared))
        // The sandbox slot was free: the sandbox key is active beside the production one.
        #expect(try store.key("SBX0000001").state == .active)
        _ = try store.generateKey(team: Self.team, keyID: "SBX0000002",
                                  scope: try KeyScope(environments: [.development], restriction: .team, source: .declared))
        #expect(try store.key("SBX0000002").state == .staged)
        let production = try store.token(team: Self.team, environment: .production)
        #expect(production.token.keyID == "PRD0000001")
        #expect(try store.token(team: Self.team, environment: .development).token.keyID == "SBX0000001")
        #expect { _ = try store.token(team: Self.team) } throws: { ($0 as? APNsError)?.status == .usage }
        #expect {
            _ = try store.token(team: Self.team, keyID: "SBX0000002", environment: .production)
        } throws: { ($0 as? APNsError)?.matches(.keystore, "key SBX0000002 (staged, sandbox-only)") == true }
        #expect {
            _ = try store.token(team: Self.team, keyID: "SBX0000001", environment: .production)
        } throws: { ($0 as? APNsError)?.matches(.keystore, "key SBX0000001 (team DEF123GHIJ's active key, sandbox-only)") == true }
        let sandbox = try store.token(team: Self.team, keyID: "SBX0000001", environment: .development)
        #expect(sandbox.token.keyID == "SBX0000001")
        // The cache is per key: each key's token is reused, neither replaces the other.
        #expect(try store.token(team: Self.team, environment: .production).reused)
        #expect(try store.token(team: Self.team, keyID: "SBX0000001", environment: .development).reused)
        #expect(try store.token(team: Self.team, environment: .production).token.compact == production.token.compact)
    }

    /// The token path and the mock share one topic rule: a listed bundle id covers its push-type topics.
    @Test func aTopicKeyListingTheBundleIDSignsForItsVoIPTopic() throws {
        let topical = try record("TOP0000001", .active, [.production], topics: ["com.example.app"])
        let team = try record("PRD0000001", .active, [.production])
        #expect(try choose([team, topical], .production, topic: "com.example.app.voip").keyID == "TOP0000001")
        #expect(try choose([team, topical], .production, topic: "com.example.other").keyID == "PRD0000001")
    }
}
