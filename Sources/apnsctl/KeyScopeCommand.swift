import APNsCore
import APNsKeystore
import APNsModel
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl key scope KEYID --env … [--topics …] [--related-key …]`: corrects a key's recorded scope.
struct KeyScopeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scope",
        abstract: "Correct the scope recorded for a key: its environment, topics and related key.",
        discussion: """
        Records what Apple's portal shows for the key (Keys, the key, Configure), replacing a scope declared or \
        learnt wrong; the key itself is untouched, and a revoked key is refused. The scope takes the options of \
        `key import`: --env development|production|both, --topics a,b for a topic-specific key (one environment), \
        --team-scoped, --related-key KEYID. The change is audited (key.scope, with both scopes) and checked like \
        an import: an active key may not come to share a slot (team and environment, or team, environment and \
        topic) with another active key, and a related key must be another topic-specific key of the same team and \
        environment, as Apple requires (exit 5). Recording the same scope again changes nothing.
        """)

    @Argument(help: ArgumentHelp("The key id.", valueName: "KEYID"), completion: KeystoreCompletion.keyIDs)
    var keyID: String
    @OptionGroup var scope: KeyScopeOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    /// JSON (docs/json/key-scope.schema.json): the key object as recorded now, plus `previous_scope`
    /// (`environments`, `restriction`, `topics`, `related_key_id`, `scope_source`), `changed` (false when the
    /// scope was already recorded) and `uncovered` (slots, `TEAM/ENV[/TOPIC]`, that the narrowed active key held
    /// and no active key covers now; empty otherwise).
    struct Output: Encodable {
        var key: KeyStatus
        var previousScope: KeyDiscover.ScopeJSON
        var changed: Bool
        var uncovered: [String]
        enum CodingKeys: String, CodingKey { case previousScope = "previous_scope", changed, uncovered }

        func encode(to encoder: any Encoder) throws {
            try key.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(previousScope, forKey: .previousScope)
            try c.encode(changed, forKey: .changed)
            try c.encode(uncovered, forKey: .uncovered)
        }
    }

    func run() async throws {
        try AppleIdentifier.validate(keyID, as: .keyIDArgument)
        guard let declared = try scope.declared() else {
            throw APNsError.usage("key scope needs --env development|production|both",
                                  hint: "give the key's scope as Apple's portal shows it: --env E [--topics a,b] "
                                      + "[--related-key KEYID]")
        }
        let store = try keystore.open()
        let result = try store.setScope(keyID, to: declared)
        if output.isJSON {
            try Console.printJSON(Output(
                key: KeyStatus(record: result.key, lastUsed: store.lastSigned()[keyID], now: store.clock.now()),
                previousScope: KeyDiscover.ScopeJSON(scope: result.previous), changed: result.changed,
                uncovered: result.uncovered.map(\.description)))
            return
        }
        guard result.changed else {
            print("key \(keyID) (team \(result.key.teamID)): scope already recorded: \(result.key.scope.summary); "
                  + "nothing changed")
            return
        }
        print("key \(keyID) (team \(result.key.teamID), \(result.key.state.rawValue)): scope "
              + "\(result.key.scope.summary); was \(result.previous.summary)")
        if !result.uncovered.isEmpty {
            Console.warn("\(result.uncovered.words) \(result.uncovered.count == 1 ? "has" : "have") no active key now: "
                         + "tokens for \(result.uncovered.count == 1 ? "it" : "them") cannot be signed until a key "
                         + "covering \(result.uncovered.count == 1 ? "it" : "them") is rotated in")
        }
    }
}
