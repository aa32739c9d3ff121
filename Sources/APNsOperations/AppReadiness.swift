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
/// ``run(_:)`` reads the files and the keystore, ``judge(_:)`` decides (pure), ``AppReadiness/probe(_:servers:keystore:certificatePassword:)``
/// confirms each row with a canary.
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
        /// Judge expiry at this time.
        public var now: Date = Date()
        /// Keep only this environment's rows (nil: both environments).
        public var environment: APNsEnvironment?

        public init(bundleID: String) { self.bundleID = bundleID }
    }

    /// What was read, for ``judge(_:)``.
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

    /// A push certificate as the matrix needs it.
    public struct CertificateFact: Sendable, Equatable {
        /// The file it was read from.
        public var file: String
        public var subject: String
        public var teamID: String?
        public var purpose: CertificatePurpose
        public var environments: [APNsEnvironment]
        /// Its topics (1.2.840.113635.100.6.3.6); empty when it lists none (then it serves its bundle id).
        public var topics: [String]
        public var bundleID: String?
        public var notAfter: Date

        public init(file: String, certificate: APNsCertificate) {
            self.file = file
            subject = certificate.subject
            teamID = certificate.teamID
            purpose = certificate.purpose
            environments = certificate.environments
            topics = certificate.topics.map(\.topic)
            bundleID = certificate.bundleID
            notAfter = certificate.notAfter
        }

        /// True when it may send to `topic` (its topics list it, or it lists none and `topic` is its bundle id).
        public func covers(topic: String) -> Bool {
            guard purpose == .appPush || purpose == .voip else { return false }
            if purpose == .voip { return bundleID.map { $0 + ".voip" } == topic }
            return topics.isEmpty ? bundleID == topic : topics.contains(topic)
        }
    }

    /// A provisioning profile as the matrix needs it.
    public struct ProfileFact: Sendable, Equatable {
        public var file: String
        public var name: String?
        public var teamID: String?
        /// The app id's bundle id (wildcards kept).
        public var bundleID: String?
        /// `aps-environment`: development, production, or nil (no push entitlement).
        public var apsEnvironment: String?
        public var expiresAt: Date?
        /// True when the app id covers the bundle id checked.
        public var coversApp: Bool
        /// The push types the profile's entitlements enable beyond alert and background (``pushTypes(entitlements:)``).
        public var pushTypes: [APNsPushType] = []

        /// Entitlements that enable a push type, each named by Apple's entitlement page: "Location Push Service
        /// Extension" (`location`), "Push to Talk" (`pushtotalk`), "PushKit unrestricted VoIP" (`voip`).
        static let pushTypeEntitlements: [(key: String, type: APNsPushType)] = [
            ("com.apple.developer.location.push", .location),
            ("com.apple.developer.push-to-talk", .pushtotalk),
            ("com.apple.developer.pushkit.unrestricted-voip", .voip),
        ]

        /// The push types `entitlements` enable: an entitlement present and not `false`. Pure.
        public static func pushTypes(entitlements: [String: PlistValue]) -> [APNsPushType] {
            pushTypeEntitlements.compactMap { entry in
                guard let value = entitlements[entry.key], value != .bool(false) else { return nil }
                return entry.type
            }
        }

        public init(file: String, profile: ProvisioningProfile, bundleID app: String) {
            self.file = file
            name = profile.name
            teamID = profile.teamID
            bundleID = profile.bundleID
            apsEnvironment = profile.apsEnvironment
            expiresAt = profile.expirationDate
            coversApp = profile.covers(bundleID: app)
            pushTypes = Self.pushTypes(entitlements: profile.entitlements)
        }

        public init(file: String, apsEnvironment: String?, expiresAt: Date?, teamID: String? = nil,
                    coversApp: Bool = true, pushTypes: [APNsPushType] = []) {
            self.pushTypes = pushTypes
            self.file = file
            self.apsEnvironment = apsEnvironment
            self.expiresAt = expiresAt
            self.teamID = teamID
            self.coversApp = coversApp
        }
    }

    /// Reads the profiles, certificates, device tokens and the keystore's keys, then judges (offline).
    ///
    /// Throws the readers' errors for a file that cannot be read, ``AppReadinessError`` for a malformed device
    /// token or a bundle id that is not one, and the keystore's errors.
    public static func run(_ input: Input) throws -> Result {
        var result = try judge(facts(input))
        if let only = input.environment { result.rows.removeAll { $0.environment != only } }
        return result
    }

    /// What ``run(_:)`` judges: every file and the keystore read.
    public static func facts(_ input: Input) throws -> Facts {
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
        let reader = try ProfileVerification.reader(caFiles: [])
        let profiles = try input.profileFiles.map { file in
            ProfileFact(file: file, profile: try reader.read(path: file, offerStandardInput: false).profile,
                        bundleID: input.bundleID)
        }
        let credentialReader = CredentialReader(password: input.certificatePassword)
        let certificates = try input.certificateFiles.map { file in
            guard let leaf = try credentialReader.read(path: file, offerStandardInput: false).leaf else {
                throw AppReadinessError.noCertificate(file)
            }
            return CertificateFact(file: file, certificate: leaf)
        }
        let keys = try input.keystore.map { try $0().manifest().keys } ?? []
        let team = input.team ?? certificates.compactMap(\.teamID).first ?? profiles.compactMap(\.teamID).first
            ?? { let teams = Set(keys.map(\.teamID)); return teams.count == 1 ? teams.first : nil }()
        return Facts(bundleID: input.bundleID, team: team, keys: keys, certificates: certificates, profiles: profiles,
                     deviceTokens: tokens, pushTypes: input.pushTypes, minDays: input.minDays, now: input.now)
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
