import APNsCore
import APNsKeystore
@testable import APNsKeystoreEtcd
import Foundation
import Testing
import TestSupport

/// Two hosts changing one fleet keystore at once: every change is one transaction comparing the manifest's
/// revision, so the loser reads again and applies its rules again; nothing one host stored is ever lost.
@Suite(.enabled(if: EtcdCluster.isInstalled), .serialized) struct EtcdCommitTests {
    let team = FleetKeystore.team

    @Test func aCommitThatLosesItsRaceRetriesOnTheNewManifestAndBothChangesStay() async throws {
        try await FleetKeystore.with { fleet in
            let other = try fleet.keystore()
            let storage = InterposedStorage(base: try fleet.storage()) { attempt in
                if attempt == 1 { _ = try other.generateKey(team: "DEF123GHIJ", keyID: "OTHER00001") }
            }
            let host = Keystore(storage: storage)
            let mine = try host.generateKey(team: team, keyID: "MINE000001")

            #expect(storage.attempts == 2, "the first transaction lost to the other host's change")
            let reader = try fleet.keystore()
            #expect(try reader.keys().map(\.keyID).sorted() == ["MINE000001", "OTHER00001"])
            // Both hosts' sealed key material is stored and opens: the loser's second transaction wrote its own.
            #expect(try reader.privateKey(of: try reader.key("MINE000001")).publicKey.rawRepresentation
                    == mine.key.p256PublicKey().rawRepresentation)
            _ = try reader.privateKey(of: try reader.key("OTHER00001"))
            let audited = try reader.auditEntries().filter { $0.keyID == "MINE000001" }
            #expect(audited.map(\.outcome) == [.ok], "one audit entry for the change, none for the lost attempt")
        }
    }

    @Test func aCommitWhoseRulesRefuseTheNewManifestFailsCleanly() async throws {
        try await FleetKeystore.with { fleet in
            let other = try fleet.keystore()
            let storage = InterposedStorage(base: try fleet.storage()) { attempt in
                if attempt == 1 { _ = try other.generateKey(team: "DEF123GHIJ", keyID: "SAME000001") }
            }
            let host = Keystore(storage: storage)
            let error = await apnsError { try host.generateKey(team: team, keyID: "SAME000001") }

            #expect(error?.status == .keystore)
            #expect(error?.message.contains("already in the keystore with different key material") == true,
                    "\(error?.message ?? "no error")")
            #expect(storage.attempts == 2)
            let reader = try fleet.keystore()
            let keys = try reader.keys()
            #expect(keys.map(\.keyID) == ["SAME000001"])
            // The winner's material is the one stored: it opens and matches the manifest's public key.
            let stored = try reader.privateKey(of: try #require(keys.first))
            #expect(stored.publicKey.rawRepresentation == (try keys[0].p256PublicKey().rawRepresentation))
            let outcomes = try reader.auditEntries().filter { $0.keyID == "SAME000001" }.map(\.outcome)
            #expect(outcomes.sorted { $0.rawValue < $1.rawValue } == [.ok, .refused].sorted { $0.rawValue < $1.rawValue })
        }
    }

    @Test func aCommitThatKeepsLosingGivesUpWithNothingOfItsOwnStored() async throws {
        try await FleetKeystore.with { fleet in
            let other = try fleet.keystore()
            let storage = InterposedStorage(base: try fleet.storage()) { attempt in
                _ = try other.generateKey(team: "DEF123GHIJ", keyID: String(format: "OTHER%05d", attempt))
            }
            let host = Keystore(storage: storage)
            let error = await apnsError { try host.generateKey(team: team, keyID: "LOSER00001") }

            #expect(error?.status == .keystore)
            #expect(error?.message.contains("kept changing") == true, "\(error?.message ?? "no error")")
            let attempts = storage.attempts
            #expect(attempts == EtcdStorage.attempts)
            let reader = try fleet.keystore()
            #expect(try reader.keys().map(\.keyID) == (1...attempts).map { String(format: "OTHER%05d", $0) },
                    "every change of the other host is kept")
            let base = try fleet.storage()
            #expect(try base.get(base.objectKey("keys/LOSER00001.p8")) == nil, "no sealed object of the lost change")
            #expect(try reader.auditEntries().filter { $0.keyID == "LOSER00001" }.map(\.outcome) == [.failed])
        }
    }

    @Test func twoHostsAddingKeysAtOnceLoseNone() async throws {
        try await FleetKeystore.with { fleet in
            let hosts = [try fleet.keystore(), try Keystore(storage: fleet.storage())]
            let perHost = 6
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, host) in hosts.enumerated() {
                    group.addTask {
                        for number in 1...perHost {
                            _ = try host.generateKey(team: "DEF123GHIJ", keyID: String(format: "HOST%d%05d", index, number))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let reader = try fleet.keystore()
            let expected = (0..<2).flatMap { index in (1...perHost).map { String(format: "HOST%d%05d", index, $0) } }
            #expect(try reader.keys().map(\.keyID).sorted() == expected)
            let audited = try reader.auditEntries().filter { $0.keyID?.hasPrefix("HOST") == true }
            #expect(audited.filter { $0.action == "key.generate" && $0.outcome == .ok }.count == expected.count)
        }
    }
}
