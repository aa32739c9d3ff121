import APNsCore
import APNsKeystore
import APNsModel
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeyList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the keystore's signing keys with their state and scope.")

    @OptionGroup var teamOption: TeamOption
    var team: String? { teamOption.team }
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        let store = try keystore.open()
        let used = store.lastSigned()
        let now = store.clock.now()
        let keys = try store.keys(team: team).map { KeyStatus(record: $0, lastUsed: used[$0.keyID], now: now) }
        if output.isJSON {
            try Console.printJSON(keys)
            return
        }
        // App Store Connect keys are listed apart (they have no team nor scope) and never in the JSON array.
        defer { AscKeyList.printBeside(try? store.appStoreConnectKeys(), team: team) }
        // Purged keys leave only their tombstone: said in text, so a missing key is not a mystery.
        let purged = try store.manifest().revokedKeys.filter { revoked in
            (team == nil || revoked.teamID == team) && !keys.contains { $0.keyID == revoked.keyID }
        }
        let tombstones = purged.isEmpty ? nil : "revoked and purged, never imported again: "
            + purged.map { "\($0.keyID) (\($0.revokedOn))" }.joined(separator: ", ")
        guard !keys.isEmpty else {
            print(team.map { "no keys for team \($0)" } ?? "no keys")
            tombstones.map { print($0) }
            return
        }
        var rows = [["KEY ID", "TEAM", "STATE", "SCOPE", "CREATED", "LAST USED", "NOTE"]]
        for key in keys {
            rows.append([key.keyID, key.teamID, key.state.rawValue, KeystoreText.scope(key.scope),
                         KeystoreText.date(key.createdAt),
                         KeystoreText.date(key.lastUsed), KeystoreText.note(key)])
        }
        print(KeystoreText.table(rows))
        tombstones.map { print($0) }
        // A revoked key is never imported again: only the keys that still sign or verify get the re-import step.
        let legacy = keys.filter { $0.scope.source == .legacy && $0.state != .revoked }
        guard !legacy.isEmpty else { return }
        print("legacy: scope unknown, treated as team-scoped for both environments; record it with its .p8 "
              + "(ENV: development, production or both; add --topics a,b for a topic-specific key):")
        for key in legacy {
            print("  " + NextStep("key", "import", "AuthKey_\(key.keyID).p8", "--team", key.teamID, "--env", "ENV").command)
        }
    }
}
