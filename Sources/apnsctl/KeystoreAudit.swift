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
    @Option(help: ArgumentHelp("Only entries from this time on: an ISO 8601 time or a duration ago (90m, 24h, 7d).",
                               valueName: "WHEN"))
    var since: String?
    @Option(help: "Output format.") var format: OutputFormat = .text

    func run() async throws {
        let start = try since.map(Self.parseSince)
        let entries = try keystore.open().auditEntries(since: start)
        if format == .json {
            try Console.printJSON(entries)
            return
        }
        for entry in entries {
            let who = [entry.teamID, entry.keyID].compactMap { $0 }.joined(separator: "/")
            print("\(KeystoreText.date(entry.time))  \(entry.action)  \(who.isEmpty ? "-" : who)  "
                  + "\(entry.outcome.rawValue)  \(entry.detail)  (\(entry.actor))")
        }
    }

    static func parseSince(_ text: String) throws -> Date {
        if let date = ISO8601Text.date(from: text) { return date }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let unit = text.last, let scale = units[unit], let value = Double(text.dropLast()), value >= 0 {
            return Date().addingTimeInterval(-value * scale)
        }
        throw APNsError.usage("--since \(text): not a time or a duration",
                              hint: "use an ISO 8601 time (2026-11-22T05:00:00Z) or a duration ago (90m, 24h, 7d)")
    }
}
