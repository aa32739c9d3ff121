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
        /// A credential covers the row's environment and topic, and every judge of its parts passed.
        case ready
        /// The row fails: ``Row/reason`` says why.
        case notReady = "not_ready"
        /// A part could not be judged (no answer from a server, a device token the answers do not place): never
        /// ready. ``Row/reason`` says which.
        case unverified
    }

    /// The key that would sign a row's pushes.
    public struct KeyUse: Sendable, Equatable {
        public var keyID: String
        public var teamID: String
        /// The key's recorded scope.
        public var scope: KeyScope
    }

    /// The certificate that covers a row's topic: one the certificate judge passed for the row, or else the one it
    /// refused (``problem``).
    public struct CertificateUse: Sendable, Equatable {
        /// The file, or the keystore's id of the certificate.
        public var file: String
        public var origin: CertificateFact.Origin
        public var subject: String
        public var teamID: String?
        public var purpose: CertificatePurpose
        public var notAfter: Date
        public var daysLeft: Int
        /// The judge's first failed check for the row; nil when it passed.
        public var problem: CertificateCheck?
    }

    /// The profile that grants a row's environment (or, when none does, the first that covers the app).
    public struct ProfileUse: Sendable, Equatable {
        public var file: String
        public var teamID: String?
        public var apsEnvironment: String?
        public var expiresAt: Date?
        public var daysLeft: Int?
    }

    /// What is known of a device token: offline, its syntax only; with a probe, the device-token judge's verdict
    /// (``DeviceClassification``, `device check`'s), the same in every row.
    public struct TokenCheck: Sendable, Equatable {
        public var deviceToken: String
        /// The judge's verdict; nil offline (a token's bytes do not say its environment).
        public var verdict: DeviceTokenVerdict?
        public var status: Int?
        public var reason: String?
        /// The judge's one line on the verdict; nil offline.
        public var explanation: String?

        public init(deviceToken: String, verdict: DeviceTokenVerdict? = nil, status: Int? = nil, reason: String? = nil,
                    explanation: String? = nil) {
            self.deviceToken = deviceToken
            self.verdict = verdict
            self.status = status
            self.reason = reason
            self.explanation = explanation
        }
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
        /// True when the row is unverified only because its device tokens were not classified (offline): a probe of
        /// the row's environment classifies them and judges the row again.
        var tokensUnclassified = false

        /// The device-token judge needs APNs's answers: a token without its verdict (offline, or in an environment
        /// no canary classified it in) is a part not judged, so a ready row is unverified, never ready (issue 40 §1).
        mutating func markUnclassifiedTokens() {
            let unclassified = tokens.filter { $0.verdict == nil }
            guard verdict == .ready, let first = unclassified.first else { return }
            let which = unclassified.count == 1 ? "device token \(first.deviceToken.prefix(8))…"
                : "\(unclassified.count) device tokens"
            unverify("\(which) not classified: a token's bytes do not say its environment, only APNs's answers do")
            tokensUnclassified = true
        }
    }

    /// The matrix.
    public struct Result: Sendable {
        public var bundleID: String
        /// The team whose keys were considered (nil: every team's).
        public var teamID: String?
        public var pushTypes: [APNsPushType]
        public var rows: [Row]
        /// Parts given that the judges refused and that no row names (a certificate or profile of another app, one
        /// that covers none of the rows).
        public var problems: [String] = []
        /// True when the rows were confirmed by canaries.
        public var probed: Bool
        /// The environments whose server could not be reached by a canary.
        public var unreachable: [APNsEnvironment] = []
        /// True when every row is ready and no part given was refused.
        public var ready: Bool { problems.isEmpty && unreachable.isEmpty && rows.allSatisfy { $0.verdict == .ready } }
        /// 0 when ready; 4 when a server could not be reached; else 1 (a row not ready or unverified).
        public var exitStatus: ExitStatus { ready ? .ok : unreachable.isEmpty ? .checkFailed : .unreachable }
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
        return Result(bundleID: facts.bundleID, teamID: facts.team, pushTypes: types, rows: rows,
                      problems: problems(facts, rows: rows), probed: false)
    }

    static func row(_ facts: Facts, environment: APNsEnvironment, pushType: APNsPushType) -> Row {
        let topic = pushType.topic(forBundleID: facts.bundleID)
        let teamKeys = facts.keys.filter { facts.team == nil || $0.teamID == facts.team }
        let active = teamKeys.filter { $0.state == .active }
        let key = try? KeySelection.choose(among: active, team: facts.team ?? "", teamKeys: teamKeys,
                                           environment: environment, topic: topic)
        let claiming = facts.certificates.filter { $0.claims(environment: environment, topic: topic) }
        let serving = claiming.filter { $0.problem(environment: environment, topic: topic) == nil }
        // A certificate given as a file is a part of the check: the judge refusing it fails the row, a key or not.
        let refusedFile = claiming.first { $0.origin == .file && $0.problem(environment: environment, topic: topic) != nil }
        let shown = refusedFile ?? serving.max { $0.notAfter < $1.notAfter } ?? claiming.first
        let profile = profileUse(facts, environment: environment)
        var row = Row(environment: environment, pushType: pushType, topic: topic,
                      key: key.map { KeyUse(keyID: $0.keyID, teamID: $0.teamID, scope: $0.scope) },
                      certificate: shown.map { certificate in
                          CertificateUse(file: certificate.file, origin: certificate.origin, subject: certificate.subject,
                                         teamID: certificate.teamID, purpose: certificate.purpose,
                                         notAfter: certificate.notAfter,
                                         daysLeft: Wording.daysLeft(until: certificate.notAfter, now: facts.now),
                                         problem: certificate.problem(environment: environment, topic: topic))
                      },
                      profile: profile.use,
                      tokens: facts.deviceTokens.map { TokenCheck(deviceToken: $0.hex) },
                      probe: nil, verdict: .ready, reason: nil)
        row.reason = refusedFile.flatMap { refused(refused: $0, row: row) }
            ?? credentialProblem(facts, row: row, active: active, claiming: claiming, serving: !serving.isEmpty)
            ?? keyProblem(facts, row: row, fingerprint: key?.fingerprint) ?? teamProblem(row) ?? profile.problem
        if row.reason != nil { row.verdict = .notReady }
        row.markUnclassifiedTokens()
        return row
    }

    /// "the certificate F fails its chain check: …" for the judge's first failed check of `certificate` in the row.
    static func refused(refused certificate: CertificateFact, row: Row) -> String? {
        guard let check = certificate.problem(environment: row.environment, topic: row.topic) else { return nil }
        return "the \(certificate.name) fails its \(check.name) check: \(check.detail)"
    }

    /// Why no credential serves the row; nil when one does.
    static func credentialProblem(_ facts: Facts, row: Row, active: [KeyRecord], claiming: [CertificateFact],
                                  serving: Bool) -> String? {
        let place = row.environment == .development ? "the sandbox (development)" : "production"
        let suffix = row.pushType.topicSuffix ?? row.topic
        if row.key != nil || serving { return nil }
        if let refused = claiming.first.flatMap({ refused(refused: $0, row: row) }) {
            return refused + " and no key covers \(place) for \(suffix)"
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

    /// What the key judge (``KeyJudgement``, `token inspect`'s) says of the row's key signing for the profiles' team
    /// (else the check's), the row's environment and topic; nil when it may.
    static func keyProblem(_ facts: Facts, row: Row, fingerprint: String?) -> String? {
        guard let key = row.key, let manifest = facts.manifest else { return nil }
        let question = KeyJudgement.Question(keyID: key.keyID, publicKeySHA256: fingerprint,
                                             teamID: row.profile?.teamID ?? facts.team, environment: row.environment,
                                             topic: row.topic, purpose: .sign, now: facts.now)
        let judgement = KeyJudgement.judge(question, in: manifest)
        if judgement.isUsable { return nil }
        if judgement.kind == .wrongTeam { return teamProblem(row) ?? judgement.findings.first?.summary }
        return judgement.findings.first?.summary ?? "the key judge refuses key \(key.keyID): \(judgement.kind.rawValue)"
    }

    /// The credential's team against the profile's: an app signed by one team receives no push sent with another
    /// team's key or certificate.
    static func teamProblem(_ row: Row) -> String? {
        guard let profileTeam = row.profile?.teamID else { return nil }
        let credential: (name: String, team: String?)?
        if let key = row.key {
            credential = ("key \(key.keyID)", key.teamID)
        } else if let certificate = row.certificate, certificate.problem == nil {
            credential = (certificate.origin == .file ? "certificate \(certificate.file)"
                                                      : "keystore certificate \(certificate.file)", certificate.teamID)
        } else {
            credential = nil
        }
        guard let credential, let team = credential.team, team != profileTeam else { return nil }
        return "the profiles are team \(profileTeam)'s; \(credential.name) is team \(team)'s"
    }

    /// Parts the judges refused that no row names: a certificate file that covers none of the rows, a profile that
    /// serves no row.
    static func problems(_ facts: Facts, rows: [Row]) -> [String] {
        var problems = [String]()
        for certificate in facts.certificates where certificate.origin == .file {
            guard !rows.contains(where: { $0.certificate?.file == certificate.file }) else { continue }
            if let check = certificate.checks.first(where: { $0.status == .fail }) {
                problems.append("the \(certificate.name) fails its \(check.name) check: \(check.detail)")
            } else {
                problems.append("the \(certificate.name) covers none of \(facts.bundleID)'s topics in the environments "
                                + "checked (it is for \(certificate.bundleID ?? certificate.subject))")
            }
        }
        for profile in facts.profiles where profile.coversApp && !rows.contains(where: { $0.profile?.file == profile.file }) {
            if let check = profile.checks.first(where: { $0.status == .fail }) {
                problems.append("the profile \(profile.file) fails its \(check.name) check: \(check.detail)")
            }
        }
        return problems
    }

    /// The profile for the row's environment and, when profiles were given and none serves it, why: the profiles
    /// of the app whose `aps-environment` grants the environment, the one the profile judge passes with the latest
    /// expiry, else the latest of them with the judge's first failed check.
    static func profileUse(_ facts: Facts, environment: APNsEnvironment) -> (use: ProfileUse?, problem: String?) {
        guard !facts.profiles.isEmpty else { return (nil, nil) }
        func use(_ profile: ProfileFact) -> ProfileUse {
            ProfileUse(file: profile.file, teamID: profile.teamID, apsEnvironment: profile.apsEnvironment,
                       expiresAt: profile.expiresAt,
                       daysLeft: profile.expiresAt.map { Wording.daysLeft(until: $0, now: facts.now) })
        }
        func latest(_ profiles: [ProfileFact]) -> ProfileFact? {
            profiles.max { ($0.expiresAt ?? .distantFuture) < ($1.expiresAt ?? .distantFuture) }
        }
        let forApp = facts.profiles.filter(\.coversApp)
        guard let first = forApp.first else {
            return (nil, "no profile given covers \(facts.bundleID) (they are for "
                + facts.profiles.map { $0.bundleID ?? "an unnamed app id" }.joined(separator: ", ") + ")")
        }
        let granting = forApp.filter { $0.grants(environment) }
        guard let candidate = latest(granting) else {
            let grants = Set(forApp.compactMap(\.apsEnvironment))
            if grants.isEmpty { return (use(first), "the profile grants no push (no aps-environment entitlement)") }
            return (use(first), "the profile is \(grants.sorted().joined(separator: "/"))-only: no aps-environment "
                + environment.rawValue)
        }
        if let sound = latest(granting.filter({ $0.problem(environment) == nil })) { return (use(sound), nil) }
        let check = candidate.problem(environment)
        return (use(candidate), check.map { "the profile \(candidate.file) fails its \($0.name) check: \($0.detail)" })
    }
}
