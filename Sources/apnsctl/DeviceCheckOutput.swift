import APNsCore
import APNsModel
import APNsOperations
import APNsProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// How `device check` shows what it does: the notice, the dry run, the table, JSON (Lines) and the summary.
struct DeviceCheckOutput {
    var format: OutputFormat
    var topic: String

    /// The first line of every run, and of the help.
    static let notice = "A valid token receives at most one silent background notification "
        + "(content-available, priority 5), never an alert."

    /// The notice: the first line of the text output, on stderr when stdout is JSON.
    func announce() {
        (format == .json ? StandardStream.error : StandardStream.output).write(Self.notice + "\n")
    }

    /// What a run would send, and to where; nothing is sent.
    func dryRun(_ environments: [DeviceCheckEnvironment], tokens: Int) throws {
        let canary = DeviceClassification.canary(.dummy, topic: topic)
        let headers = canary.headerLines.filter { !$0.hasPrefix("apns-id:") }
        let servers = environments.map { check in
            DryRunServer(environment: check.environment, host: check.destination.target.host,
                         port: check.destination.target.port, keyID: check.keyID,
                         credential: (try? check.credential.get())?.credential.kind ?? "none")
        }
        if format == .json {
            try Console.printJSON(DryRun(servers: servers, headers: headers,
                                         payload: String(decoding: canary.payload, as: UTF8.self), tokens: tokens))
            return
        }
        var text = "dry run: nothing sent. Each of the \(tokens) token(s) would get, in this order:\n"
        for (position, server) in servers.enumerated() {
            let when = position == 0 ? "first" : "only after 400 BadDeviceToken"
            let key = server.keyID.map { ", key \($0)" } ?? ""
            text += "  \(server.environment.rawValue): POST https://\(server.host):\(server.port)/3/device/TOKEN "
                + "(\(when); \(server.credential)\(key))\n"
        }
        for header in headers { text += "  \(header)\n" }
        text += "  \(String(decoding: canary.payload, as: UTF8.self))\n"
        StandardStream.output.write(text)
    }

    /// Positional tokens' results: a table and one line per token, or a JSON object with the summary and the exit
    /// code (``DeviceCheckDocument``).
    func table(_ results: [DeviceCheckResult], summary: DeviceCheckSummary,
               duplicates: [DeviceTokenDuplicates.Duplicate]) throws {
        if format == .json {
            try Console.printJSON(DeviceCheckDocument(results: results, summary: summary, duplicates: duplicates))
            return
        }
        var rows = [["TOKEN", "VERDICT", "TRIED", "STATUS", "REASON", "KEY"]]
        for result in results {
            rows.append([Self.short(result.deviceToken), result.verdict.rawValue,
                         result.environmentsTried.isEmpty ? "-" : result.environmentsTried.map(\.rawValue).joined(separator: ","),
                         result.status.map(String.init) ?? "-", result.reason ?? "-", result.keyID ?? "-"])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for row in rows {
            text += zip(row, widths).map { $0 + String(repeating: " ", count: $1 + 2 - $0.count) }.joined()
                .trimmingWhitespace() + "\n"
        }
        for result in results { text += "\(result.deviceToken): \(result.explanation)\n" }
        StandardStream.output.write(text)
    }

    /// One token file's result as it is classified: a compact JSON line, or `FILE:LINE: TOKEN VERDICT: why`.
    func line(_ result: DeviceCheckResult, source: String) -> String {
        guard format == .json else {
            return "\(source):\(result.line ?? 0): \(Self.short(result.deviceToken)) \(result.verdict.rawValue): "
                + result.explanation
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(result)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Counts per verdict and the time, on stderr.
    func summary(_ summary: DeviceCheckSummary, malformed: Int) {
        let counts = DeviceTokenVerdict.allCases.map { "\($0.rawValue) \(summary.counts[$0] ?? 0)" }
            .joined(separator: ", ")
        var text = "summary: \(summary.tokens) token(s) in " + String(cFormat: "%.2f", summary.seconds) + " s ("
            + String(cFormat: "%.0f", summary.tokensPerSecond) + "/s, \(summary.requests) canaries): \(counts)"
        if malformed > 0 { text += "; \(malformed) malformed line(s) skipped" }
        if summary.duplicates > 0 { text += "; \(summary.duplicates) token(s) read again, not sent twice" }
        if !summary.skipped.isEmpty {
            text += "; not asked: " + summary.skipped.map(\.rawValue).joined(separator: ", ")
        }
        if !summary.unreachable.isEmpty {
            text += "; unreachable: " + summary.unreachable.map(\.rawValue).joined(separator: ", ")
        }
        StandardStream.error.write(text + "\n")
    }

    /// `0123abcd…89ef` for the table.
    static func short(_ token: String) -> String {
        token.count > 16 ? "\(token.prefix(8))…\(token.suffix(4))" : token
    }

    struct DryRunServer: Encodable {
        var environment: APNsEnvironment
        var host: String
        var port: Int
        var keyID: String?
        var credential: String

        enum CodingKeys: String, CodingKey { case environment, host, port, keyID = "key_id", credential }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(environment, forKey: .environment)
            try container.encode(host, forKey: .host)
            try container.encode(port, forKey: .port)
            try container.encode(keyID, forKey: .keyID)
            try container.encode(credential, forKey: .credential)
        }
    }

    struct DryRun: Encodable {
        var dryRun = true
        var servers: [DryRunServer]
        var headers: [String]
        var payload: String
        var tokens: Int

        enum CodingKeys: String, CodingKey { case dryRun = "dry_run", servers, headers, payload, tokens }
    }
}

/// `classified N token(s)` on stderr while a token file is checked, only when stderr is a terminal.
final class DeviceCheckProgress {
    private let enabled = isatty(STDERR_FILENO) == 1
    private var count = 0
    private var shown = ContinuousClock.now

    func tick() {
        count += 1
        guard enabled, ContinuousClock.now - shown > .milliseconds(250) else { return }
        shown = .now
        StandardStream.error.write("\rclassified \(count) token(s)")
    }

    func clear() {
        if enabled { StandardStream.error.write("\r\u{1B}[K") }
    }
}
