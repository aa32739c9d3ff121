import APNsCore
import APNsKeystore
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeyInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect", abstract: "Show one key: team, state, dates, last use, public key fingerprint.")

    @Argument(help: ArgumentHelp("The key id.", valueName: "KEYID"), completion: KeystoreCompletion.keyIDs) var keyID: String
    @OptionGroup var keystore: KeystoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

    func run() async throws {
        try AppleIdentifier.validate(keyID, what: "key id", flag: "KEYID")
        let store = try keystore.open()
        let key = KeyStatus(record: try store.key(keyID), lastUsed: store.lastSigned()[keyID], now: store.clock.now())
        if format == .json {
            try Console.printJSON(key)
            return
        }
        var lines = [
            "key id:       \(key.keyID)",
            "team id:      \(key.teamID)",
            "state:        \(key.state.rawValue)",
            "origin:       \(key.origin.rawValue)\(key.registeredWithApple ? "" : " (not registered with Apple)")",
            "stored:       \(key.encrypted ? "encrypted PKCS#8" : "PKCS#8")",
            "created:      \(KeystoreText.date(key.createdAt)) (\(Wording.daysAgo(key.ageDays)))",
        ]
        if let at = key.activatedAt { lines.append("activated:    \(KeystoreText.date(at))") }
        if let at = key.retiredAt { lines.append("retired:      \(KeystoreText.date(at))") }
        if let at = key.verifyUntil { lines.append("verifies until: \(KeystoreText.date(at))") }
        if let at = key.revokedAt { lines.append("revoked:      \(KeystoreText.date(at))") }
        lines.append("last used:    \(KeystoreText.date(key.lastUsed))")
        lines.append("sha256:       \(key.fingerprint)")
        print(lines.joined(separator: "\n"))
    }
}
