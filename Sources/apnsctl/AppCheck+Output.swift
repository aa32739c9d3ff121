import APNsCore
import APNsCredentials
import APNsModel
import APNsOperations
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `app check`'s report. JSON (docs/json/app-check.schema.json): `bundle_id`, `team_id`, `push_types`, `probed`,
/// `passed`, `exit_code`, and `rows`, one per environment and push type: `environment`, `push_type`, `topic`, `key`
/// (`key_id`, `team_id`, `environments`, `restriction`, `topics`; null), `certificate` (`file`, `subject`, `purpose`,
/// `not_after`, `days_left`; null), `profile` (`file`, `aps_environment`, `expires_at`, `days_left`; null),
/// `device_tokens` (`device_token`, `verdict`, `status`, `reason`), `probe` (`status`, `reason`, `confirmed`,
/// `detail`; null without --probe), `verdict` (`ready`, `not_ready`) and `reason`.
struct AppCheckOutput: Encodable {
    var bundleID: String
    @Nullable var teamID: String?
    var pushTypes: [APNsPushType]
    var probed: Bool
    var passed: Bool
    var exitCode: Int32
    var rows: [Row]

    init(_ result: AppReadiness.Result) {
        bundleID = result.bundleID
        teamID = result.teamID
        pushTypes = result.pushTypes
        probed = result.probed
        passed = result.ready
        exitCode = (result.ready ? ExitStatus.ok : ExitStatus.checkFailed).rawValue
        rows = result.rows.map(Row.init)
    }

    enum CodingKeys: String, CodingKey {
        case bundleID = "bundle_id", teamID = "team_id", pushTypes = "push_types", probed, passed
        case exitCode = "exit_code", rows
    }

    struct Row: Encodable {
        var row: AppReadiness.Row
        enum CodingKeys: String, CodingKey {
            case environment, pushType = "push_type", topic, key, certificate, profile
            case deviceTokens = "device_tokens", probe, verdict, reason
        }
        enum KeyKeys: String, CodingKey { case keyID = "key_id", teamID = "team_id", environments, restriction, topics }
        enum CertificateKeys: String, CodingKey {
            case file, subject, purpose, notAfter = "not_after", daysLeft = "days_left"
        }
        enum ProfileKeys: String, CodingKey {
            case file, apsEnvironment = "aps_environment", expiresAt = "expires_at", daysLeft = "days_left"
        }
        enum TokenKeys: String, CodingKey { case deviceToken = "device_token", verdict, status, reason }
        enum ProbeKeys: String, CodingKey { case status, reason, confirmed, detail }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(row.environment, forKey: .environment)
            try c.encode(row.pushType, forKey: .pushType)
            try c.encode(row.topic, forKey: .topic)
            if let key = row.key {
                var k = c.nestedContainer(keyedBy: KeyKeys.self, forKey: .key)
                try k.encode(key.keyID, forKey: .keyID)
                try k.encode(key.teamID, forKey: .teamID)
                try k.encode(key.scope.environments, forKey: .environments)
                try k.encode(key.scope.isTeamScoped ? "team" : "topics", forKey: .restriction)
                try k.encode(key.scope.topics, forKey: .topics)
            } else { try c.encodeNil(forKey: .key) }
            if let certificate = row.certificate {
                var k = c.nestedContainer(keyedBy: CertificateKeys.self, forKey: .certificate)
                try k.encode(certificate.file, forKey: .file)
                try k.encode(certificate.subject, forKey: .subject)
                try k.encode(certificate.purpose, forKey: .purpose)
                try k.encode(certificate.notAfter, forKey: .notAfter)
                try k.encode(certificate.daysLeft, forKey: .daysLeft)
            } else { try c.encodeNil(forKey: .certificate) }
            if let profile = row.profile {
                var k = c.nestedContainer(keyedBy: ProfileKeys.self, forKey: .profile)
                try k.encode(profile.file, forKey: .file)
                try k.encode(profile.apsEnvironment, forKey: .apsEnvironment)
                try k.encode(profile.expiresAt, forKey: .expiresAt)
                try k.encode(profile.daysLeft, forKey: .daysLeft)
            } else { try c.encodeNil(forKey: .profile) }
            var tokens = c.nestedUnkeyedContainer(forKey: .deviceTokens)
            for token in row.tokens {
                var k = tokens.nestedContainer(keyedBy: TokenKeys.self)
                try k.encode(token.deviceToken, forKey: .deviceToken)
                try k.encode(token.belongs, forKey: .verdict)
                try k.encode(token.status, forKey: .status)
                try k.encode(token.reason, forKey: .reason)
            }
            if let probe = row.probe {
                var k = c.nestedContainer(keyedBy: ProbeKeys.self, forKey: .probe)
                try k.encode(probe.status, forKey: .status)
                try k.encode(probe.reason, forKey: .reason)
                try k.encode(probe.confirmed, forKey: .confirmed)
                try k.encode(probe.detail, forKey: .detail)
            } else { try c.encodeNil(forKey: .probe) }
            try c.encode(row.verdict, forKey: .verdict)
            try c.encode(row.reason, forKey: .reason)
        }
    }

    /// The table, then one line per failing row.
    var text: String {
        var lines = ["app \(bundleID)" + (teamID.map { ", team \($0)" } ?? "") + ": "
                     + (passed ? "ready" : "not ready") + (probed ? " (confirmed with canaries)" : "")]
        var table = [["ENVIRONMENT", "PUSH TYPE", "CREDENTIAL", "PROFILE", "DEVICE TOKENS", "VERDICT"]]
        for row in rows.map(\.row) {
            table.append([row.environment.rawValue, row.pushType.rawValue, Self.credential(row), Self.profile(row),
                          Self.tokens(row), row.verdict.rawValue + (row.probe.map { $0.confirmed ? " (probed)" : "" } ?? "")])
        }
        lines.append(KeystoreText.table(table))
        for row in rows.map(\.row) where row.verdict != .ready {
            lines.append("\(row.environment.rawValue) \(row.pushType.rawValue): \(row.reason ?? "not ready")")
        }
        return lines.joined(separator: "\n")
    }

    static func credential(_ row: AppReadiness.Row) -> String {
        if let key = row.key { return "key \(key.keyID) (\(KeystoreText.scope(key.scope)))" }
        if let certificate = row.certificate {
            return "certificate \(certificate.file) (\(certificate.purpose.rawValue), \(certificate.daysLeft) days left)"
        }
        return "none"
    }

    static func profile(_ row: AppReadiness.Row) -> String {
        guard let profile = row.profile else { return "-" }
        return (profile.apsEnvironment ?? "no aps-environment") + (profile.daysLeft.map { ", \($0) days left" } ?? "")
    }

    static func tokens(_ row: AppReadiness.Row) -> String {
        guard !row.tokens.isEmpty else { return "-" }
        let counts = Dictionary(grouping: row.tokens, by: \.belongs).mapValues(\.count)
        let words: [(AppReadiness.TokenCheck.Belongs, String)] = [
            (.this, "in this environment"), (.other, "in the other"), (.inconclusive, "inconclusive"),
            (.unknown, "environment unknown")]
        return words.compactMap { kind, word in counts[kind].map { "\($0) \(word)" } }.joined(separator: ", ")
    }
}

extension AppReadinessError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .badBundleID(let value, let problem):
            return APNsError(.badInput, "bundle id \"\(value)\": \(problem)", hint: "give the app's bundle id, such as com.example.app")
        case .badTeamID(let value):
            return APNsError(.usage, "--team \(value): not a team id (10 characters, A–Z and 0–9)",
                             hint: "the team id is the 10 characters your developer account shows as Team ID")
        case .badDeviceToken(let text, let problem):
            return APNsError(.badInput, text.isEmpty ? "--device-token is empty" : "--device-token \(text): \(problem)",
                             hint: "give the hex token the app received from registerForRemoteNotifications")
        case .noCertificate(let file):
            return APNsError(.badInput, "\(file): holds no certificate", hint: "give the app's push certificate (.p12, or PEM)")
        }
    }
}
