import APNsCore
import APNsKeystore
import APNsModel
import Foundation
import Testing

/// One active key per slot (``ActiveKeyRule``): the slots keys occupy, which new key starts active, and what a
/// rotation activates, retires and refuses.
@Suite struct ActiveKeyRuleTests {
    static let team = "DEF123GHIJ"
    func key(_ id: String, _ state: KeyState, _ environments: [APNsEnvironment], topics: [String]? = nil,
             legacy: Bool = false) throws -> KeyRecord {
        try KeyRecords.make(id, state, environments, topics: topics, legacy: legacy)
    }
    func slot(_ environment: APNsEnvironment, _ topic: String? = nil) -> KeySlot {
        KeySlot(teamID: Self.team, environment: environment, topic: topic)
    }

    @Test func keysOccupyOneSlotPerEnvironmentOrPerTopic() throws {
        #expect(try key("LEG0000001", .active, [], legacy: true).slots == [slot(.development), slot(.production)])
        #expect(try key("PRD0000001", .active, [.production]).slots == [slot(.production)])
        let topical = try key("TOP0000001", .active, [.production], topics: ["com.example.b", "com.example.a"])
        #expect(topical.slots == [slot(.production, "com.example.a"), slot(.production, "com.example.b")])
        #expect(topical.slots.map(\.description) == ["DEF123GHIJ/production/com.example.a",
                                                     "DEF123GHIJ/production/com.example.b"])
        #expect(topical.slots.words == "production, topics com.example.a, com.example.b")
    }

    @Test func aTopicKeySitsBesideTheTeamKeyOfItsEnvironment() throws {
        let keys = [try key("PRD0000001", .active, [.production]),
                    try key("TOP0000001", .active, [.production], topics: ["com.example.app"])]
        #expect(ActiveKeyRule.conflicts(keys).isEmpty)
        let twin = try key("PRD0000002", .active, [.production, .development])
        let conflicts = ActiveKeyRule.conflicts(keys + [twin])
        #expect(conflicts.map(\.slot) == [slot(.production)])
        #expect(conflicts.first?.keyIDs == ["PRD0000001", "PRD0000002"])
        #expect(conflicts.first?.description == "slot DEF123GHIJ/production has 2 active keys (PRD0000001, PRD0000002)")
        // Other teams' slots are their own.
        let otherTeam = try KeyRecords.make("OTH0000001", .active, [.production], team: "OTHER12345")
        #expect(ActiveKeyRule.conflicts(keys + [otherTeam]).isEmpty)
    }

    @Test func aNewKeyStartsActiveOnlyWhenAllItsSlotsAreFree() throws {
        let production = try key("PRD0000001", .active, [.production])
        #expect(ActiveKeyRule.startsActive(try key("SBX0000001", .staged, [.development]), among: [production]))
        #expect(!ActiveKeyRule.startsActive(try key("BTH0000001", .staged, [.development, .production]),
                                            among: [production]))
        #expect(ActiveKeyRule.startsActive(try key("TOP0000001", .staged, [.production], topics: ["com.example.app"]),
                                           among: [production]))
        let retired = try key("OLD0000001", .retired, [.development])
        #expect(ActiveKeyRule.startsActive(try key("SBX0000001", .staged, [.development]), among: [retired]))
    }

    @Test func aLegacyKeyIsReplacedByASandboxAndAProductionKeyTogether() throws {
        let keys = [try key("LEG0000001", .active, [], legacy: true),
                    try key("SBX0000001", .staged, [.development]),
                    try key("PRD0000001", .staged, [.production])]
        #expect {
            _ = try ActiveKeyRule.planRotation(team: Self.team, to: ["SBX0000001"], keys: keys, allowGap: false)
        } throws: { error in
            let error = error as? APNsError
            return error?.status == .keystore
                && error?.message == "rotating to SBX0000001 retires LEG0000001, which leaves production with no active key"
                && error?.remedy as? KeystoreRemedy == .coverEverySlot(team: Self.team)
        }
        let gap = try ActiveKeyRule.planRotation(team: Self.team, to: ["SBX0000001"], keys: keys, allowGap: true)
        #expect(gap.retire == ["LEG0000001"] && gap.uncovered == [slot(.production)])
        let plan = try ActiveKeyRule.planRotation(team: Self.team, to: ["SBX0000001", "PRD0000001"], keys: keys,
                                                  allowGap: false)
        #expect(plan.activate == ["SBX0000001", "PRD0000001"])
        #expect(plan.retire == ["LEG0000001"])
        #expect(plan.slots == [slot(.development), slot(.production)])
        #expect(plan.uncovered.isEmpty)
    }

    @Test func keysRotatedTogetherMustNotShareASlot() throws {
        let keys = [try key("PRD0000001", .staged, [.production]),
                    try key("BTH0000001", .staged, [.development, .production])]
        #expect {
            _ = try ActiveKeyRule.planRotation(team: Self.team, to: ["PRD0000001", "BTH0000001"], keys: keys,
                                               allowGap: false)
        } throws: { ($0 as? APNsError)?.message.contains("both cover production") == true }
        #expect(throws: RotationRequestError.targetTwice(keyID: "PRD0000001")) {
            _ = try ActiveKeyRule.planRotation(team: Self.team, to: ["PRD0000001", "PRD0000001"], keys: keys,
                                               allowGap: false)
        }
    }

    @Test func aTopicSlotLeftByATopicKeyFallsBackToTheTeamKey() throws {
        let keys = [try key("PRD0000001", .active, [.production]),
                    try key("TOP0000001", .active, [.production], topics: ["com.example.a", "com.example.b"]),
                    try key("TOP0000002", .staged, [.production], topics: ["com.example.a"])]
        let plan = try ActiveKeyRule.planRotation(team: Self.team, to: ["TOP0000002"], keys: keys, allowGap: false)
        // com.example.b is still signed for by the team-scoped production key: no gap.
        #expect(plan.retire == ["TOP0000001"] && plan.uncovered.isEmpty)
        // Without a team-scoped key, com.example.b would be left uncovered.
        #expect {
            _ = try ActiveKeyRule.planRotation(team: Self.team, to: ["TOP0000002"], keys: Array(keys.dropFirst()),
                                               allowGap: false)
        } throws: { ($0 as? APNsError)?.message.contains("production, topic com.example.b with no active key") == true }
        // A team-scoped rotation never displaces topic keys.
        let team = try key("PRD0000002", .staged, [.production])
        let teamPlan = try ActiveKeyRule.planRotation(team: Self.team, to: ["PRD0000002"], keys: keys + [team],
                                                      allowGap: false)
        #expect(teamPlan.retire == ["PRD0000001"])
    }

    @Test func coverageFollowsWhatTokenSelectionCanSign() throws {
        let keys = [try key("SBX0000001", .active, [.development]),
                    try key("TOP0000001", .active, [.production], topics: ["com.example.a"]),
                    try key("PRD0000001", .staged, [.production])]
        #expect(ActiveKeyRule.isCovered(slot(.development, "com.example.z"), by: keys))
        #expect(ActiveKeyRule.isCovered(slot(.production, "com.example.a"), by: keys))
        #expect(!ActiveKeyRule.isCovered(slot(.production, "com.example.z"), by: keys))
        #expect(!ActiveKeyRule.isCovered(slot(.production), by: keys))
    }
}
