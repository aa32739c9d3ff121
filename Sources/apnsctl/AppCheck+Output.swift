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
/// `passed`, `exit_code`, `problems` (parts refused that no row names), `unreachable`, and `rows`, one per
/// environment and push type: `environment`, `push_type`, `topic`, `key` (`key_id`, `team_id`, `environments`,
/// `restriction`, `topics`; null), `certificate` (`file`, `source`, `subject`, `team_id`, `purpose`, `not_after`,
/// `days_left`, `problem`; null), `profile` (`file`, `team_id`, `aps_environment`, `expires_at`, `days_left`; null),
/// `device_tokens` (`device_token`, `verdict`, `status`, `reason`, `explanation`), `probe` (`status`, `reason`,
/// `confirmed`, `detail`; null without --probe), `verdict` (`ready`, `not_ready`, `unverified`) and `reason`; `apple`
/// (``AppCheckAppleReport``; null without --apple).
struct AppCheckOutput: Encodable {
    var bundleID: String
    @Nullable var teamID: String?
    var pushTypes: [APNsPushType]
    var probed: Bool
    var passed: Bool
    var exitCode: Int32
    var problems: [String]
    var unreachable: [APNsEnvironment]
    var rows: [Row]
    @Nullable var apple: AppCheckAppleReport?

    init(_ result: AppReadiness.Result, apple facts: AppleSide.Facts? = nil) {
        apple = facts.map(AppCheckAppleReport.init)
        bundleID = result.bundleID
        teamID = result.teamID
        pushTypes = result.pushTypes
        probed = result.probed
        passed = result.ready
        exitCode = result.exitStatus.rawValue
        problems = result.problems
        unreachable = result.unreachable
        rows = result.rows.map(Row.init)
    }

    enum CodingKeys: String, CodingKey {
        case bundleID = "bundle_id", teamID = "team_id", pushTypes = "push_types", probed, passed
        case exitCode = "exit_code", problems, unreachable, rows, apple
    }

    /// A row as JSON: every field present, `null` when there is nothing (``Nullable``).
    struct Row: Encodable {
        let row: AppReadiness.Row
        var environment: APNsEnvironment
        var pushType: APNsPushType
        var topic: String
        @Nullable var key: Key?
        @Nullable var certificate: Certificate?
        @Nullable var profile: Profile?
        var deviceTokens: [Token]
        @Nullable var probe: Probe?
        var verdict: AppReadiness.Verdict
        @Nullable var reason: String?

        enum CodingKeys: String, CodingKey {
            case environment, pushType = "push_type", topic, key, certificate, profile
            case deviceTokens = "device_tokens", probe, verdict, reason
        }

        struct Key: Encodable {
            var keyID: String, teamID: String, environments: [APNsEnvironment], restriction: String
            @Nullable var topics: [String]?
            enum CodingKeys: String, CodingKey { case keyID = "key_id", teamID = "team_id", environments, restriction, topics }
        }
        struct Certificate: Encodable {
            var file: String, source: AppReadiness.CertificateFact.Origin, subject: String
            @Nullable var teamID: String?
            var purpose: CertificatePurpose, notAfter: Date, daysLeft: Int
            @Nullable var problem: CertificateCheck?
            enum CodingKeys: String, CodingKey {
                case file, source, subject, teamID = "team_id", purpose, notAfter = "not_after", daysLeft = "days_left"
                case problem
            }
        }
        struct Profile: Encodable {
            var file: String
            @Nullable var teamID: String?
            @Nullable var apsEnvironment: String?
            @Nullable var expiresAt: Date?
            @Nullable var daysLeft: Int?
            enum CodingKeys: String, CodingKey {
                case file, teamID = "team_id", apsEnvironment = "aps_environment", expiresAt = "expires_at"
                case daysLeft = "days_left"
            }
        }
        struct Token: Encodable {
            var deviceToken: String, verdict: String
            @Nullable var status: Int?
            @Nullable var reason: String?
            @Nullable var explanation: String?
            enum CodingKeys: String, CodingKey { case deviceToken = "device_token", verdict, status, reason, explanation }
        }
        struct Probe: Encodable {
            @Nullable var status: Int?
            @Nullable var reason: String?
            var confirmed: Bool
            @Nullable var detail: String?
        }

        init(_ row: AppReadiness.Row) {
            self.row = row
            environment = row.environment
            pushType = row.pushType
            topic = row.topic
            key = row.key.map { Key(keyID: $0.keyID, teamID: $0.teamID, environments: $0.scope.environments,
                                    restriction: $0.scope.isTeamScoped ? "team" : "topics", topics: $0.scope.topics) }
            certificate = row.certificate.map {
                Certificate(file: $0.file, source: $0.origin, subject: $0.subject, teamID: $0.teamID, purpose: $0.purpose,
                            notAfter: $0.notAfter, daysLeft: $0.daysLeft, problem: $0.problem)
            }
            profile = row.profile.map { Profile(file: $0.file, teamID: $0.teamID, apsEnvironment: $0.apsEnvironment,
                                                expiresAt: $0.expiresAt, daysLeft: $0.daysLeft) }
            deviceTokens = row.tokens.map {
                Token(deviceToken: $0.deviceToken, verdict: $0.verdict?.rawValue ?? "unknown", status: $0.status,
                      reason: $0.reason, explanation: $0.explanation)
            }
            probe = row.probe.map { Probe(status: $0.status, reason: $0.reason, confirmed: $0.confirmed,
                                          detail: $0.detail) }
            verdict = row.verdict
            reason = row.reason
        }
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
