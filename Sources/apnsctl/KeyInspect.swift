import APNsCore
import APNsKeystore
import APNsModel
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeyInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show one key: team, state, scope, dates, last use, public key fingerprint.")

    @Argument(help: ArgumentHelp("The key id.", valueName: "KEYID"), completion: KeystoreCompletion.keyIDs) var keyID: String
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        try AppleIdentifier.validate(keyID, as: .keyIDArgument)
        let store = try keystore.open()
        let key = KeyStatus(record: try store.key(keyID), lastUsed: store.lastSigned()[keyID], now: store.clock.now())
        if output.isJSON {
            try Console.printJSON(key)
            return
        }
        var lines = [
            "key id:       \(key.keyID)",
            "team id:      \(key.teamID)",
            "state:        \(key.state.rawValue)",
            "origin:       \(key.origin.rawValue)\(key.registeredWithApple ? "" : " (not registered with Apple)")",
            "stored:       \(key.encrypted ? "encrypted PKCS#8" : "PKCS#8")",
            "environments: \(key.scope.environments.map(\.rawValue).joined(separator: ", "))",
            "restriction:  \(key.scope.topics.map { "topics (\($0.count)): \($0.joined(separator: ", "))" } ?? "team-scoped")",
        ]
        if let related = key.scope.relatedKeyID { lines.append("related key:  \(related)") }
        switch key.scope.source {
        case .declared: lines.append("scope from:   declared (--env at import or generate)")
        case .discovered: lines.append("scope from:   discovered from APNs's answers")
        case .legacy: lines.append("scope from:   legacy: unknown, treated as team-scoped for both environments")
        }
        lines.append("created:      \(KeystoreText.date(key.createdAt)) (\(Wording.daysAgo(key.ageDays)))")
        if let at = key.activatedAt { lines.append("activated:    \(KeystoreText.date(at))") }
        if let at = key.retiredAt { lines.append("retired:      \(KeystoreText.date(at))") }
        if let at = key.verifyUntil { lines.append("verifies until: \(KeystoreText.date(at))") }
        if let at = key.revokedAt { lines.append("revoked:      \(KeystoreText.date(at))") }
        lines.append("last used:    \(KeystoreText.date(key.lastUsed))")
        lines.append("sha256:       \(key.fingerprint)")
        print(lines.joined(separator: "\n"))
    }
}
