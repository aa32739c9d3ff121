import APNsCore
import APNsKeystore
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeystoreAudit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Show the keystore's audit log (who did what, when; never a secret).")

    @OptionGroup var keystore: KeystoreOptions
    @Option(help: ArgumentHelp("Only entries from this time on: an ISO 8601 time or day (2026-11-24), or a duration ago (90m, 24h, 7d).",
                               valueName: "WHEN"))
    var since: String?
    @OptionGroup var output: FormatOptions

    func run() async throws {
        let start = try since.map(Self.parseSince)
        let entries = try keystore.open().auditEntries(since: start)
        if output.isJSON {
            try Console.printJSON(entries.map(AuditLine.init))
            return
        }
        for entry in entries {
            let keys = entry.keyIDs.isEmpty ? nil : entry.keyIDs.joined(separator: "+")
            let who = [entry.teamID, keys].compactMap { $0 }.joined(separator: "/")
            print("\(KeystoreText.date(entry.time))  \(entry.action)  \(who.isEmpty ? "-" : who)  "
                  + "\(entry.outcome.rawValue)  \(entry.detail)  (\(entry.actor))")
        }
    }

    /// One entry in `keystore audit --format json` (docs/json/keystore-audit.schema.json): the fields of an
    /// audit.log line, every one present (`team_id`, `key_id`, `change_id`, `manifest_sha256` null when absent):
    /// `key_ids` lists every key concerned (two for a two-key rotation; empty when none) and `key_id` is the key
    /// when there is exactly one, else null. Older lines that wrote "A,B" in `key_id` read the same way.
    /// audit.log itself keeps its compact lines.
    struct AuditLine: Encodable {
        var entry: AuditEntry

        enum CodingKeys: String, CodingKey {
            case time, action, teamID = "team_id", keyID = "key_id", keyIDs = "key_ids", outcome, detail, actor
            case changeID = "change_id", manifestSHA256 = "manifest_sha256"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(entry.time, forKey: .time)
            try c.encode(entry.action, forKey: .action)
            try c.encode(entry.teamID, forKey: .teamID)
            try c.encode(entry.keyID, forKey: .keyID)
            try c.encode(entry.keyIDs, forKey: .keyIDs)
            try c.encode(entry.outcome, forKey: .outcome)
            try c.encode(entry.detail, forKey: .detail)
            try c.encode(entry.actor, forKey: .actor)
            try c.encode(entry.changeID, forKey: .changeID)
            try c.encode(entry.manifestSHA256, forKey: .manifestSHA256)
        }
    }

    static func parseSince(_ text: String) throws -> Date {
        if let date = ISO8601Text.instant(from: text) { return date }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let unit = text.last, let scale = units[unit], let value = Double(text.dropLast()), value >= 0 {
            return Date().addingTimeInterval(-value * scale)
        }
        throw APNsError.usage("--since \(text): not a time or a duration",
                              hint: "use an ISO 8601 time (2026-11-22T05:00:00Z), a day (2026-11-22) or a duration ago (90m, 24h, 7d)")
    }
}
