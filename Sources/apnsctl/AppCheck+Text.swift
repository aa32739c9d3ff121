import APNsCore
import APNsModel
import APNsOperations
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AppCheckOutput {
    /// The table, then one line per row that is not ready and per part refused that no row names.
    var text: String {
        let verdict = passed ? "ready" : rows.contains { $0.row.verdict == .notReady } || !problems.isEmpty
            ? "not ready" : unreachable.isEmpty ? "unverified" : "unverified (unreachable: "
                + unreachable.map(\.rawValue).joined(separator: ", ") + ")"
        var lines = ["app \(bundleID)" + (teamID.map { ", team \($0)" } ?? "") + ": " + verdict
                     + (probed ? (passed ? " (confirmed with canaries)" : " (probed)") : "")]
        var table = [["ENVIRONMENT", "PUSH TYPE", "CREDENTIAL", "PROFILE", "DEVICE TOKENS", "VERDICT"]]
        for row in rows.map(\.row) {
            table.append([row.environment.rawValue, row.pushType.rawValue, Self.credential(row), Self.profile(row),
                          Self.tokens(row), row.verdict.rawValue + (row.probe.map { $0.confirmed ? " (probed)" : "" } ?? "")])
        }
        lines.append(KeystoreText.table(table))
        if let apple { lines.append(apple.text) }
        // One line per reason, naming its rows ("every row" when all share it).
        let unready = rows.map(\.row).filter { $0.verdict != .ready }
        var reasons = [String]()
        var rowsOf = [String: [String]]()
        for row in unready {
            let reason = row.reason ?? row.verdict.rawValue
            if rowsOf[reason] == nil { reasons.append(reason) }
            rowsOf[reason, default: []].append("\(row.environment.rawValue) \(row.pushType.rawValue)")
        }
        for reason in reasons {
            let named = rowsOf[reason] ?? []
            lines.append((named.count == rows.count && rows.count > 1 ? "every row" : named.joined(separator: ", "))
                         + ": \(reason)")
        }
        if !probed, unready.contains(where: { $0.tokens.contains { $0.verdict == nil } }) {
            lines.append("add --probe to classify the device tokens with canaries, as device check does")
        }
        lines += problems
        return lines.joined(separator: "\n")
    }

    static func credential(_ row: AppReadiness.Row) -> String {
        if let key = row.key { return "key \(key.keyID) (\(KeystoreText.scope(key.scope)), team \(key.teamID))" }
        if let certificate = row.certificate {
            let name = certificate.origin == .file ? "certificate \(certificate.file)"
                : "keystore certificate \(certificate.file)"
            return "\(name) (\(certificate.purpose.rawValue), \(daysLeft(certificate.daysLeft))"
                + (certificate.problem == nil ? ")" : ", refused)")
        }
        return "none"
    }

    static func profile(_ row: AppReadiness.Row) -> String {
        guard let profile = row.profile else { return "-" }
        return (profile.apsEnvironment ?? "no aps-environment") + (profile.teamID.map { ", team \($0)" } ?? "")
            + (profile.daysLeft.map { ", " + daysLeft($0) } ?? "")
    }

    /// Whole days left (rounded down, negative once past) in words: "12 days left", "less than a day left",
    /// "expired today", "expired 2161 days ago" (as ``Wording/timeLeft(until:now:)`` says them).
    static func daysLeft(_ days: Int) -> String {
        if days > 0 { return "\(Wording.count(days, "day")) left" }
        return days == 0 ? "less than a day left" : "expired \(Wording.daysAgo(-days - 1))"
    }

    static func tokens(_ row: AppReadiness.Row) -> String {
        guard !row.tokens.isEmpty else { return "-" }
        let counts = Dictionary(grouping: row.tokens, by: { $0.verdict?.rawValue ?? "environment unknown" })
            .mapValues(\.count)
        let order = DeviceTokenVerdict.allCases.map(\.rawValue) + ["environment unknown"]
        return counts.keys.sorted { (order.firstIndex(of: $0) ?? 99) < (order.firstIndex(of: $1) ?? 99) }
            .map { "\(counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
    }
}
