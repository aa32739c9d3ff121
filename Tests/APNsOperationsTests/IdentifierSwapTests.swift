import APNsModel
import Testing

/// `IdentifierSwap.detect`: a team id given as the key id, or a key id as the team id, told by Apple's file name
/// and by the keystore's keys (pushy #914). Pure.
@Suite struct IdentifierSwapTests {
    static let keys = ["ABC123DEFG": "DEF123GHIJ"]

    @Test func aKnownTeamGivenAsTheKeyIdIsASwap() {
        let swap = IdentifierSwap.detect(keyID: "DEF123GHIJ", teamID: "ABC123DEFG", keys: Self.keys)
        #expect(swap == IdentifierSwap(misplaced: .teamIDAsKeyID, value: "DEF123GHIJ", keyID: "ABC123DEFG",
                                       teamID: "DEF123GHIJ", evidence: .keystoreTeam))
        // The team alone: its only key is the key id.
        #expect(IdentifierSwap.detect(keyID: "DEF123GHIJ", teamID: nil, keys: Self.keys)?.keyID == "ABC123DEFG")
    }

    @Test func aKnownKeyGivenAsTheTeamIsASwap() {
        let swap = IdentifierSwap.detect(keyID: nil, teamID: "ABC123DEFG", keys: Self.keys)
        #expect(swap?.misplaced == .keyIDAsTeamID)
        #expect(swap?.teamID == "DEF123GHIJ")
        #expect(swap?.evidence == .keystoreKey)
    }

    @Test func theFileNameTellsTheKeyId() {
        let file = "/tmp/AuthKey_ABC123DEFG.p8"
        let asTeam = IdentifierSwap.detect(keyID: nil, teamID: "ABC123DEFG", file: file)
        #expect(asTeam == IdentifierSwap(misplaced: .keyIDAsTeamID, value: "ABC123DEFG", keyID: "ABC123DEFG",
                                         teamID: nil, evidence: .fileName(file)))
        let both = IdentifierSwap.detect(keyID: "DEF123GHIJ", teamID: "DEF123GHIJ", file: file)
        #expect(both?.misplaced == .teamIDAsKeyID)
        #expect(both?.keyID == "ABC123DEFG")
    }

    @Test func valuesInTheirPlacesAreNoSwap() {
        #expect(IdentifierSwap.detect(keyID: "ABC123DEFG", teamID: "DEF123GHIJ", keys: Self.keys) == nil)
        #expect(IdentifierSwap.detect(keyID: nil, teamID: "DEF123GHIJ", file: "/tmp/AuthKey_ABC123DEFG.p8") == nil)
        #expect(IdentifierSwap.detect(keyID: "NEW456HIJK", teamID: "DEF123GHIJ", keys: Self.keys) == nil)
        #expect(IdentifierSwap.detect(keyID: nil, teamID: nil) == nil)
    }
}
