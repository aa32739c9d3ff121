import APNsModel
import APNsCore
import APNsCredentials
import APNsKeystore
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Is an app ready to receive pushes in each environment, and with which credential: one row per environment and
/// push type the app uses, with the keystore key that would sign (Apple's 2025 scopes) or the certificate that
/// covers the topic, the profile's `aps-environment`, the device tokens given, and a verdict.
///
/// Every part is judged by the verb that judges it alone: each certificate (a file given, or one kept in the
/// keystore) by ``CertificateVerification`` (`cert verify`), each profile by ``ProfileVerification`` (`profile
/// verify`), each device token by ``DeviceClassification`` (`device check`, with ``probe(_:servers:keystore:certificatePassword:wording:)``).
/// A row is ready only when every judge it rests on passes.
///
/// ``run(_:)`` reads the files and the keystore and asks the judges, ``judge(_:)`` decides (pure),
/// ``AppReadiness/probe(_:servers:keystore:certificatePassword:wording:)`` confirms each row with a canary.
public enum AppReadiness {
    /// What to check.
    public struct Input {
        /// The app's bundle id.
        public var bundleID: String
        /// The team whose keys may sign (nil: the certificates' or the profiles' team, else the keystore's only team).
        public var team: String?
        /// Provisioning profiles of the app (a development and a distribution profile, say).
        public var profileFiles: [String] = []
        /// Push certificates (.p12 or PEM).
        public var certificateFiles: [String] = []
        /// CA certificate files trusted besides Apple's, for the certificates' chains and the profiles' signatures.
        public var caFiles: [String] = []
        /// The password of a .p12 (asked only when one needs it).
        public var certificatePassword: @Sendable () throws -> String = { "" }
        /// Device tokens (hex) of the app.
        public var deviceTokens: [String] = []
        /// Push types the app uses besides those its certificates and profiles show (alert is always one).
        public var pushTypes: [APNsPushType] = []
        /// Opens the keystore; nil: no keystore (certificates only).
        public var keystore: (() throws -> Keystore)?
        /// A certificate or profile with fewer days left than this fails its row.
        public var minDays: Int = 30
        /// Judge at this time instead of now (expiry and chains, as `--at` does for the verbs that judge them).
        public var at: Date?
        /// Keep only this environment's rows (nil: both environments).
        public var environment: APNsEnvironment?

        public init(bundleID: String) { self.bundleID = bundleID }
    }

    /// What was read and what the judges said, for ``judge(_:)``.
    public struct Facts: Sendable {
        public var bundleID: String
        public var team: String?
        public var keys: [KeyRecord]
        public var certificates: [CertificateFact]
        public var profiles: [ProfileFact]
        public var deviceTokens: [DeviceToken]
        public var pushTypes: [APNsPushType]
        public var minDays: Int
        public var now: Date
        /// The keystore's manifest, for the key judge (``KeyJudgement``); nil without a keystore.
        public var manifest: Manifest?

        public init(bundleID: String, team: String? = nil, keys: [KeyRecord] = [], certificates: [CertificateFact] = [],
                    profiles: [ProfileFact] = [], deviceTokens: [DeviceToken] = [], pushTypes: [APNsPushType] = [],
                    minDays: Int = 30, now: Date = Date()) {
            self.bundleID = bundleID
            self.team = team
            self.keys = keys
            self.certificates = certificates
            self.profiles = profiles
            self.deviceTokens = deviceTokens
            self.pushTypes = pushTypes
            self.minDays = minDays
            self.now = now
        }
    }

    /// Reads the profiles, certificates, device tokens and the keystore's keys and certificates, asks each part's
    /// judge, then judges the matrix (offline).
    ///
    /// Throws the readers' errors for a file that cannot be read, ``AppReadinessError`` for a malformed device
    /// token or a bundle id that is not one, and the keystore's errors.
    public static func run(_ input: Input) async throws -> Result {
        var result = try judge(await facts(input))
        if let only = input.environment { result.rows.removeAll { $0.environment != only } }
        return result
    }

    /// What ``run(_:)`` judges: every file and the keystore read, every part judged by its own judge.
    public static func facts(_ input: Input) async throws -> Facts {
        if let problem = KeyScope.topicProblem(input.bundleID) {
            throw AppReadinessError.badBundleID(input.bundleID, problem)
        }
        if let team = input.team, !AppleIdentifier.isValid(team) { throw AppReadinessError.badTeamID(team) }
        var tokens = [DeviceToken]()
        for text in input.deviceTokens {
            do { tokens.append(try DeviceToken(parsing: text)) } catch {
                throw AppReadinessError.badDeviceToken(text, DeviceTokenLines.problem(error))
            }
        }
        let now = input.at ?? Date()
        let judges = Judges(input: input, now: now)
        var profiles = try input.profileFiles.map { try judges.profile($0) }
        var certificates = try input.certificateFiles.map { try judges.certificateFile($0) }
        var keys = [KeyRecord]()
        var manifest: Manifest?
        if let open = input.keystore {
            let store = try open()
            manifest = try store.manifest()
            keys = manifest?.keys ?? []
            certificates += try judges.keystoreCertificates(store)
        }
        let team = input.team ?? certificates.filter { $0.fact.origin == .file }.compactMap(\.fact.teamID).first
            ?? profiles.compactMap(\.teamID).first
            ?? { let teams = Set(keys.map(\.teamID)); return teams.count == 1 ? teams.first : nil }()
        var facts = Facts(bundleID: input.bundleID, team: team, keys: keys, certificates: certificates.map(\.fact),
                          profiles: profiles, deviceTokens: tokens, pushTypes: input.pushTypes,
                          minDays: input.minDays, now: now)
        facts.manifest = manifest
        // The rows' topics are known once every part is read; each part is then judged for them.
        let topics = pushTypes(facts).map { $0.topic(forBundleID: input.bundleID) }
        for index in profiles.indices { try judges.judge(&profiles[index]) }
        for index in certificates.indices { try await judges.judge(&certificates[index], topics: topics) }
        facts.profiles = profiles
        facts.certificates = certificates.map(\.fact)
        return facts
    }
}

/// Why an app check could not start.
public enum AppReadinessError: Error, Equatable {
    /// `value` is not a bundle id: `problem` says why.
    case badBundleID(String, String)
    /// `value` is not a team id (10 characters, A–Z and 0–9).
    case badTeamID(String)
    /// A device token that is not one: `problem` says why.
    case badDeviceToken(String, String)
    /// The certificate file holds no certificate.
    case noCertificate(String)
}
