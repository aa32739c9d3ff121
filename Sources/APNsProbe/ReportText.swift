import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The human-readable rendering of a probe report.
public enum ReportText {
    public static func render(_ report: ProbeReport) -> String {
        var lines: [String] = []
        let env = report.environment.map { " (\($0.rawValue))" } ?? ""
        // A channel management check (`probe --channels`) carries no device token.
        let token = report.deviceToken.isEmpty ? "read-only channel list request"
            : report.dummyDeviceToken ? "dummy device token" : "device token \(report.deviceToken)"
        let credential = report.credential == "none" ? "no credential" : "\(report.credential) credential"
        lines.append("probe \(report.host):\(report.port)\(env) with \(credential), \(token)")
        var request = [report.topic.map { "topic \($0)" }, report.pushType.map { "push type \($0)" },
                       report.priority.map { "priority \($0)" }].compactMap { $0 }
        if report.requests > 1 { request.append("\(report.requests) requests") }
        if !request.isEmpty { lines.append(field("request", request.joined(separator: ", "))) }
        if let key = signingKey(report) { lines.append(field("signing key", key)) }
        if let address = report.remoteAddress {
            let port = report.remotePort.map { ":\($0)" } ?? ""
            let http = report.httpVersion.map { ", HTTP/\($0)" } ?? ""
            let tls = report.tlsVersion.map { ", \($0)" } ?? ""
            lines.append(field("remote", "\(address)\(port)\(http)\(tls), \(report.connections) connection\(report.connections == 1 ? "" : "s") opened"))
        }
        let t = report.timings
        lines.append(field("timings", "dns \(ms(t.dns)) · connect \(ms(t.connect)) · tls \(ms(t.tls)) · first byte \(ms(t.firstByte)) · total \(ms(t.total))"))
        if let status = report.status {
            lines.append(field("answer", [String(status), report.reason].compactMap { $0 }.joined(separator: " ")))
        } else if let failure = report.failure {
            lines.append(field("failure", "\(failure.kind.rawValue): \(failure.message)"))
        }
        lines.append(field(report.deviceToken.isEmpty ? "request-id" : "apns-id", report.apnsID + (report.apnsIDReturned.map { $0 == report.apnsID ? " (echoed)" : " (returned \($0))" } ?? "")))
        if let unique = report.apnsUniqueID { lines.append(field("apns-unique-id", unique)) }
        if let date = report.unregisteredAt {
            lines.append(field("unregistered", ISO8601Text.string(from: date)))
        }
        if let date = report.serverDate {
            let offset = report.clockOffsetSeconds.map { "; local clock \(ClockOffset.describe($0))" } ?? ""
            lines.append(field("server date", date + offset))
        }
        if let latency = report.latency {
            lines.append(field("latency", "n=\(latency.count) min \(ms(latency.min)) · median \(ms(latency.median)) · p90 \(ms(latency.p90)) · max \(ms(latency.max))"))
        }
        if report.answers.count > 1 || report.requests > 1 {
            let counts = report.answers.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }
            lines.append(field("answers", counts.joined(separator: ", ")))
        }
        let mark: String
        switch report.verdict.outcome {
        case .healthy: mark = "✔"
        case .rejected: mark = "✘"
        case .unreachable: mark = "✘"
        }
        lines.append("\(mark) \(report.verdict.summary)")
        if !report.verdict.hint.isEmpty { lines.append("  hint: \(report.verdict.hint)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "ABC123DEFG, team DEF123GHIJ, recorded as production, team-scoped"; nil without token authentication.
    public static func signingKey(_ report: ProbeReport) -> String? {
        signingKey(keyID: report.keyID, teamID: report.teamID, environments: report.keyEnvironments,
                   topics: report.keyTopics)
    }

    /// The signing key for people, from its id, team and recorded scope; nil without a key id.
    public static func signingKey(keyID: String?, teamID: String?, environments: [APNsEnvironment]?,
                                  topics: [String]?) -> String? {
        guard let keyID else { return nil }
        var text = keyID + (teamID.map { ", team \($0)" } ?? "")
        if let environments {
            let scope = topics.map { "topics \($0.joined(separator: ", "))" } ?? "team-scoped"
            text += ", recorded as \(environments.map(\.rawValue).joined(separator: "+")), \(scope)"
        } else {
            text += " (not a keystore key: scope not recorded)"
        }
        return text
    }

    private static func field(_ name: String, _ value: String) -> String {
        "  " + name.padded(toLength: 15) + value
    }

    private static func ms(_ seconds: Double) -> String { String(cFormat: "%.1f ms", seconds * 1000) }

    /// A phase never reached shows as "—", not as a made-up "0.0 ms".
    private static func ms(_ seconds: Double?) -> String { seconds.map { ms($0) } ?? "—" }
}
