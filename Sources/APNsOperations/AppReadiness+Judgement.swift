import APNsModel
import APNsCore
import APNsCredentials
import APNsKeystore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AppReadiness {
    /// A row's verdict.
    public enum Verdict: String, Codable, Sendable {
        /// A credential covers the row's environment and topic, and nothing given says otherwise.
        case ready
        /// The row fails: ``Row/reason`` says why.
        case notReady = "not_ready"
    }

    /// The key that would sign a row's pushes.
    public struct KeyUse: Sendable, Equatable {
        public var keyID: String
        public var teamID: String
        /// The key's recorded scope.
        public var scope: KeyScope
    }

    /// The certificate that covers a row's topic.
    public struct CertificateUse: Sendable, Equatable {
        public var file: String
        public var subject: String
        public var purpose: CertificatePurpose
        public var notAfter: Date
        public var daysLeft: Int
    }

    /// The profile that grants a row's environment (or, when none does, the first that covers the app).
    public struct ProfileUse: Sendable, Equatable {
        public var file: String
        public var apsEnvironment: String?
        public var expiresAt: Date?
        public var daysLeft: Int?
    }

    /// What is known of a device token in a row's environment.
    public struct TokenCheck: Sendable, Equatable {
        /// Where the token belongs, as far as is known.
        public enum Belongs: String, Codable, Sendable {
            /// Offline: well-formed, environment unknown (a token's bytes do not say).
            case unknown
            /// APNs of this environment accepted a canary to it (200).
            case this = "this_environment"
            /// APNs of this environment answered BadDeviceToken: a token of the other environment.
            case other = "other_environment"
            /// Another answer (Unregistered, DeviceTokenNotForTopic, a refused credential, no answer).
            case inconclusive
        }

        public var deviceToken: String
        public var belongs: Belongs
        public var status: Int?
        public var reason: String?
    }

    /// A row's canary through its credential (dummy device token).
    public struct RowProbe: Sendable, Equatable {
        /// The HTTP status; nil when the server was not reached.
        public var status: Int?
        public var reason: String?
        /// True when the answer proves the credential was accepted (200, or 400 BadDeviceToken for the dummy token).
        public var confirmed: Bool
        /// Why it was not confirmed: the prober's summary.
        public var detail: String?
    }

    /// One environment and push type.
    public struct Row: Sendable, Equatable {
        public var environment: APNsEnvironment
        public var pushType: APNsPushType
        /// `apns-topic` for this push type.
        public var topic: String
        public var key: KeyUse?
        public var certificate: CertificateUse?
        public var profile: ProfileUse?
        public var tokens: [TokenCheck]
        public var probe: RowProbe?
        public var verdict: Verdict
        /// Why the row fails, one line; nil when ready.
        public var reason: String?
    }

    /// The matrix.
    public struct Result: Sendable {
        public var bundleID: String
        /// The team whose keys were considered (nil: every team's).
        public var teamID: String?
        public var pushTypes: [APNsPushType]
        public var rows: [Row]
        /// True when the rows were confirmed by canaries.
        public var probed: Bool
        /// True when every row is ready.
        public var ready: Bool { rows.allSatisfy { $0.verdict == .ready } }
    }

    /// The push types the app uses: alert, those its certificates' topics name, those its profiles' entitlements
    /// enable, and `facts.pushTypes`, in ``APNsPushType`` order.
    public static func pushTypes(_ facts: Facts) -> [APNsPushType] {
        var used: Set<APNsPushType> = [.alert]
        used.formUnion(facts.pushTypes)
        for profile in facts.profiles where profile.coversApp { used.formUnion(profile.pushTypes) }
        for certificate in facts.certificates {
            for topic in certificate.topics where APNsPushType.bundleID(ofTopic: topic) == facts.bundleID {
                if let suffix = APNsPushType.topicSuffix(of: topic),
                   let type = APNsPushType.allCases.first(where: { $0.topicSuffix == suffix }) { used.insert(type) }
            }
            if certificate.purpose == .voip, certificate.bundleID == facts.bundleID { used.insert(.voip) }
        }
        return APNsPushType.allCases.filter(used.contains)
    }

    /// The matrix, offline. Pure.
    public static func judge(_ facts: Facts) -> Result {
        let types = pushTypes(facts)
        var rows = [Row]()
        for environment in APNsEnvironment.allCases {
            for type in types { rows.append(row(facts, environment: environment, pushType: type)) }
        }
        return Result(bundleID: facts.bundleID, teamID: facts.team, pushTypes: types, rows: rows, probed: false)
    }

    static func row(_ facts: Facts, environment: APNsEnvironment, pushType: APNsPushType) -> Row {
        let topic = pushType.topic(forBundleID: facts.bundleID)
        let teamKeys = facts.keys.filter { facts.team == nil || $0.teamID == facts.team }
        let active = teamKeys.filter { $0.state == .active }
        let key = try? KeySelection.choose(among: active, team: facts.team ?? "", teamKeys: teamKeys,
                                           environment: environment, topic: topic)
        let covering = facts.certificates.filter { $0.environments.contains(environment) && $0.covers(topic: topic) }
        let certificate = covering.filter { $0.notAfter > facts.now }.max { $0.notAfter < $1.notAfter }
        let profile = profileUse(facts, environment: environment)
        var row = Row(environment: environment, pushType: pushType, topic: topic,
                      key: key.map { KeyUse(keyID: $0.keyID, teamID: $0.teamID, scope: $0.scope) },
                      certificate: certificate.map {
                          CertificateUse(file: $0.file, subject: $0.subject, purpose: $0.purpose, notAfter: $0.notAfter,
                                         daysLeft: Wording.daysLeft(until: $0.notAfter, now: facts.now))
                      },
                      profile: profile.use,
                      tokens: facts.deviceTokens.map { TokenCheck(deviceToken: $0.hex, belongs: .unknown) },
                      probe: nil, verdict: .ready, reason: nil)
        row.reason = credentialProblem(facts, row: row, active: active, expiredCovering: covering.first)
            ?? profile.problem
        if row.reason != nil { row.verdict = .notReady }
        return row
    }

    /// Why no credential serves the row, or why the only one is about to fail; nil when one does.
    static func credentialProblem(_ facts: Facts, row: Row, active: [KeyRecord],
                                  expiredCovering: CertificateFact?) -> String? {
        let place = row.environment == .development ? "the sandbox (development)" : "production"
        let suffix = row.pushType.topicSuffix ?? row.topic
        if row.key != nil { return nil }
        if let certificate = row.certificate {
            guard certificate.daysLeft < facts.minDays else { return nil }
            return "the certificate expires in \(Wording.count(max(certificate.daysLeft, 0), "day")) and no key covers "
                + "\(place) for \(suffix)"
        }
        if let expired = expiredCovering {
            return "the certificate for \(row.topic) expired on \(ISO8601Text.string(from: expired.notAfter)) and no "
                + "key covers \(place) for \(suffix)"
        }
        let team = facts.team.map { "team \($0)" } ?? "any team"
        if active.isEmpty {
            return "no credential: \(team) has no active key and no certificate covers \(row.topic) in \(place)"
        }
        let inEnvironment = active.filter { $0.scope.covers(row.environment) }
        if inEnvironment.isEmpty {
            return "no key covers \(place) for \(suffix): \(team)'s active keys are "
                + active.map { "\($0.keyID) (\($0.scope.environmentsText))" }.joined(separator: ", ")
        }
        if let specific = inEnvironment.first(where: { !$0.scope.isTeamScoped }) {
            return "a topic-specific key (\(specific.keyID)) does not cover \(suffix), and no other key or certificate does"
        }
        return "no key or certificate covers \(row.topic) in \(place)"
    }

    /// The profile for the row's environment and, when profiles were given and none grants it, why.
    static func profileUse(_ facts: Facts, environment: APNsEnvironment) -> (use: ProfileUse?, problem: String?) {
        guard !facts.profiles.isEmpty else { return (nil, nil) }
        func use(_ profile: ProfileFact) -> ProfileUse {
            ProfileUse(file: profile.file, apsEnvironment: profile.apsEnvironment, expiresAt: profile.expiresAt,
                       daysLeft: profile.expiresAt.map { Wording.daysLeft(until: $0, now: facts.now) })
        }
        let forApp = facts.profiles.filter(\.coversApp)
        guard let first = forApp.first else {
            return (nil, "no profile given covers \(facts.bundleID) (they are for "
                + facts.profiles.map { $0.bundleID ?? "an unnamed app id" }.joined(separator: ", ") + ")")
        }
        let granting = forApp.filter { $0.apsEnvironment == environment.rawValue }
        guard let best = granting.max(by: { ($0.expiresAt ?? .distantFuture) < ($1.expiresAt ?? .distantFuture) }) else {
            let grants = Set(forApp.compactMap(\.apsEnvironment))
            if grants.isEmpty { return (use(first), "the profile grants no push (no aps-environment entitlement)") }
            return (use(first), "the profile is \(grants.sorted().joined(separator: "/"))-only: no aps-environment "
                + environment.rawValue)
        }
        let chosen = use(best)
        if let days = chosen.daysLeft, let end = best.expiresAt {
            if end <= facts.now { return (chosen, "the profile expired on \(ISO8601Text.string(from: end))") }
            if days < facts.minDays { return (chosen, "the profile expires in \(Wording.count(days, "day"))") }
        }
        return (chosen, nil)
    }
}
