import APNsCore
import APNsMetrics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl expiry`'s listing: every credential, soonest expiry first, as a table, JSON or Prometheus text.
///
/// JSON: `generated_at`, `min_days` (null without `--min-days`), `passed` (with `--min-days`: nothing under
/// `min_days`, nothing unreadable, nothing its judge refuses), `credentials` (``ExpiryItem``s, soonest first).
///
/// Prometheus (all gauges; labels `kind`, `team_id`, `purpose`, `topic`, `environment`, `file`, `name`: the label
/// names of every apnsctl metric, docs/probe.md):
/// `apnsctl_credential_expiry_timestamp_seconds` (not-after, unix seconds; one per expiring credential),
/// `apnsctl_credential_time_left_seconds` (seconds left at `generated_at`; negative once expired),
/// `apnsctl_signing_key_age_seconds` (.p8 keys never expire: their age; labels `kind`, `team_id`, `key_id`, `file`,
/// `name`),
/// `apnsctl_pending_request_age_seconds` (pending certificate requests: their age; labels `kind`, `topic`,
/// `environment`, `file`, `name`),
/// `apnsctl_credential_refused` (1 per certificate or profile its judge refuses; the credential's labels and `check`,
/// the first failed check),
/// `apnsctl_credential_unreadable` (1 per file that could not be read; labels `file`),
/// `apnsctl_expiry_credentials` (how many credentials were listed), `apnsctl_expiry_last_run_timestamp_seconds`.
public struct ExpiryReport: Encodable, Sendable {
    /// The credentials, soonest expiry first.
    public var items: [ExpiryItem]
    /// When the listing was made.
    public var generatedAt: Date
    /// `--min-days`, when given.
    public var minimumDays: Int?

    public init(items: [ExpiryItem], generatedAt: Date, minimumDays: Int?) {
        self.items = items.sorted(by: ExpiryItem.soonestFirst)
        self.generatedAt = generatedAt
        self.minimumDays = minimumDays
    }

    /// The credentials with fewer than `--min-days` days left (expired ones included). `days_left` is floored,
    /// so this compares the exact remaining time: 29 days and 13 hours is under 30.
    public var tooSoon: [ExpiryItem] {
        guard let minimumDays else { return [] }
        return items.filter { ($0.daysLeft ?? Int.max) < minimumDays }
    }

    /// The files that could not be read: their expiry is unknown.
    public var unreadable: [ExpiryItem] { items.filter { $0.kind == .unreadable } }

    /// The certificates and profiles their judge refuses (`cert verify`'s, `profile verify`'s): never reported fine.
    public var refused: [ExpiryItem] { items.filter { $0.verdict == .refused } }

    /// True when the `--min-days` check passes: nothing expires too soon, and nothing is unreadable (a credential
    /// whose expiry is unknown cannot be said to be far enough off; a cron job must not stay green while blind).
    /// Without `--min-days` there is no check, and it passes.
    /// A credential its judge refuses fails the check too, whatever its days left.
    public var passed: Bool {
        minimumDays == nil || (tooSoon.isEmpty && unreadable.isEmpty && refused.isEmpty)
    }

    enum CodingKeys: String, CodingKey {
        case generatedAt = "generated_at", minimumDays = "min_days", passed, credentials
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(generatedAt, forKey: .generatedAt)
        try c.encode(minimumDays, forKey: .minimumDays)
        try c.encode(passed, forKey: .passed)
        try c.encode(items, forKey: .credentials)
    }

    /// The table's rows, header first: kind, purpose (a certificate's), name, team, environment, not after, days left, file
    /// (unreadable files are left out: see ``unreadableLines``).
    public var rows: [[String]] {
        var rows = [["KIND", "PURPOSE", "NAME", "TEAM", "ENV", "NOT AFTER", "DAYS LEFT", "FILE"]]
        for item in items where item.kind != .unreadable {
            let left: String
            if item.verdict == .refused, item.findings.contains(where: { $0.name != "validity" && $0.name != "expiry" }) {
                left = "refused"
            } else if let days = item.daysLeft {
                left = days < 0 ? "expired" : String(days) + (tooSoon.contains(item) ? " (< \(minimumDays ?? 0))" : "")
            } else {
                let state = item.kind == .request ? "pending" : "never"
                left = item.ageDays.map { "\(state) (age \(Wording.count($0, "day")))" } ?? state
            }
            rows.append([item.kind.rawValue, item.purpose ?? "-", item.name, item.team ?? "-", item.environment ?? "-",
                         item.notAfter.map(ProfileDates.iso) ?? "-", left, item.file])
        }
        return rows
    }

    /// One `unreadable: FILE: reason` line per file that could not be read, then one `refused: FILE: NAME: check:
    /// detail; …` line per certificate or profile its judge refuses.
    public var unreadableLines: [String] {
        items.filter { $0.kind == .unreadable }.map { "unreadable: \($0.error ?? $0.file)" }
            + refused.map { item in
                "refused: \(item.file): \(item.name): "
                    + item.findings.map { "\($0.name): \($0.detail)" }.joined(separator: "; ")
            }
    }

    /// The Prometheus text exposition format, for node_exporter's textfile collector.
    public var prometheus: String {
        var gauges = GaugeExposition()
        func metric(_ name: String, _ help: String, _ samples: [([(String, String)], Double)]) {
            gauges.add(name, help: help, samples.map { ($0.0, $0.1.rounded(.down)) })
        }
        func labels(_ item: ExpiryItem) -> [(String, String)] {
            [("kind", item.kind.rawValue), ("team_id", item.team ?? ""), ("purpose", item.purpose ?? ""),
             ("topic", item.topic ?? ""), ("environment", item.environment ?? ""), ("file", item.file),
             ("name", item.name)]
        }
        let expiring = items.filter { $0.notAfter != nil }
        let families = CredentialMetricFamilies.self
        gauges.add(families.expiry, expiring.compactMap { item in
            item.notAfter.map { (labels(item), $0.timeIntervalSince1970.rounded(.down)) }
        })
        gauges.add(families.timeLeft, expiring.compactMap { item in
            item.notAfter.map { (labels(item), $0.timeIntervalSince(generatedAt).rounded(.down)) }
        })
        gauges.add(families.keyAge, items.filter { $0.kind == .signingKey }.compactMap { item in
            item.createdAt.map { ([("kind", item.kind.rawValue), ("team_id", item.team ?? ""), ("key_id", item.keyID ?? ""),
                                   ("file", item.file), ("name", item.name)], generatedAt.timeIntervalSince($0).rounded(.down)) }
        })
        gauges.add(families.pendingRequestAge, items.filter { $0.kind == .request }.compactMap { item in
            item.createdAt.map { ([("kind", item.kind.rawValue), ("topic", item.topic ?? ""),
                                   ("environment", item.environment ?? ""), ("file", item.file), ("name", item.name)],
                                  generatedAt.timeIntervalSince($0).rounded(.down)) }
        })
        gauges.add(families.refused, refused.map { item in
            (labels(item) + [("check", item.findings.first?.name ?? "")], 1)
        })
        metric("apnsctl_credential_unreadable", "A file the expiry scan could not read (1 per file).",
               items.filter { $0.kind == .unreadable }.map { ([("file", $0.file)], 1) })
        metric("apnsctl_expiry_credentials", "Credentials listed by this run.",
               [([], Double(items.filter { $0.kind != .unreadable }.count))])
        metric("apnsctl_expiry_last_run_timestamp_seconds", "When the expiry scan ran, unix seconds.",
               [([], generatedAt.timeIntervalSince1970)])
        return gauges.text
    }
}
