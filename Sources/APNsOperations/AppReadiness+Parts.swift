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

extension AppReadiness {
    /// A push certificate as the matrix needs it, with what the certificate judge (``CertificateVerification``,
    /// `cert verify`'s) said of it.
    public struct CertificateFact: Sendable, Equatable {
        /// Where a certificate comes from.
        public enum Origin: String, Codable, Sendable {
            /// A file given to the check.
            case file
            /// The keystore (`cert import` stored it).
            case keystore
        }

        /// The file it was read from; for a keystore certificate, its id in the keystore.
        public var file: String
        public var origin: Origin
        public var subject: String
        public var teamID: String?
        public var purpose: CertificatePurpose
        public var environments: [APNsEnvironment]
        /// Its topics (1.2.840.113635.100.6.3.6); empty when it lists none (then it serves its bundle id).
        public var topics: [String]
        public var bundleID: String?
        public var notAfter: Date
        /// The judge's checks with no environment and no topic asked (`cert verify FILE`).
        public var checks: [CertificateCheck] = []
        /// The judge's checks in each environment, with every topic of the app asked (`cert verify --env E --topic
        /// T …`).
        public var environmentChecks: [APNsEnvironment: [CertificateCheck]] = [:]

        public init(file: String, origin: Origin = .file, certificate: APNsCertificate) {
            self.file = file
            self.origin = origin
            subject = certificate.subject
            teamID = certificate.teamID
            purpose = certificate.purpose
            environments = certificate.environments
            topics = certificate.topics.map(\.topic)
            bundleID = certificate.bundleID
            notAfter = certificate.notAfter
        }

        /// "certificate FILE" or "keystore certificate ID".
        public var name: String { origin == .file ? "certificate \(file)" : "keystore certificate \(file)" }

        /// True when the judge passed it with nothing asked.
        public var passed: Bool { !checks.isEmpty && !checks.contains { $0.status == .fail } }

        /// True when the judge says it is meant for `topic` in `environment`: its environment and topic checks pass
        /// (whether it is fit to send is ``problem(environment:topic:)``'s question).
        public func claims(environment: APNsEnvironment, topic: String) -> Bool {
            guard let checks = environmentChecks[environment] else { return false }
            return checks.contains { $0.name == "environment" && $0.status == .pass }
                && checks.contains { $0.name == "topic:\(topic)" && $0.status == .pass }
        }

        /// The first check the judge failed for `topic` in `environment` (the other topics' checks aside); nil when
        /// it passed them all.
        public func problem(environment: APNsEnvironment, topic: String) -> CertificateCheck? {
            guard let checks = environmentChecks[environment] else {
                return CertificateCheck("environment", .fail, "not judged for \(environment.rawValue)")
            }
            return checks.first { $0.status == .fail && (!$0.name.hasPrefix("topic:") || $0.name == "topic:\(topic)") }
        }
    }

    /// A provisioning profile as the matrix needs it, with what the profile judge (``ProfileVerification``,
    /// `profile verify`'s) said of it.
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
        /// The judge's checks with the app's bundle id asked and no environment (`profile verify --bundle-id`).
        public var checks: [CertificateCheck] = []
        /// The judge's checks with the environment asked too (`profile verify --env E --bundle-id`).
        public var environmentChecks: [APNsEnvironment: [CertificateCheck]] = [:]

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

        /// True when the judge passed it (the app's bundle id asked).
        public var passed: Bool { !checks.contains { $0.status == .fail } }

        /// True when its `aps-environment` grants `environment`, as the judge's `aps_environment` check says.
        public func grants(_ environment: APNsEnvironment) -> Bool {
            guard let checks = environmentChecks[environment] else { return apsEnvironment == environment.rawValue }
            return checks.contains { $0.name == "aps_environment" && $0.status == .pass }
        }

        /// The first check the judge failed with `environment` asked; nil when it passed them all.
        public func problem(_ environment: APNsEnvironment) -> CertificateCheck? {
            environmentChecks[environment]?.first { $0.status == .fail }
        }
    }

    /// Asks each part's judge: how `app check` calls `cert verify`'s and `profile verify`'s use cases.
    struct Judges {
        var input: Input
        var now: Date
        var credentials: CredentialReader

        init(input: Input, now: Date) {
            self.input = input
            self.now = now
            credentials = CredentialReader(password: input.certificatePassword)
        }

        /// A certificate to judge: what the matrix knows of it, and what the judge is given.
        struct PendingCertificate {
            var fact: CertificateFact
            var verification: CertificateVerification.Input
        }

        /// The profile in `file`, read as `profile verify` reads it (not yet judged).
        func profile(_ file: String) throws -> ProfileFact {
            let document = try ProfileVerification.reader(caFiles: input.caFiles).read(path: file, offerStandardInput: false)
            return ProfileFact(file: file, profile: document.profile, bundleID: input.bundleID)
        }

        /// `profile verify FILE --bundle-id APP [--env E] --min-days N [--ca …]`, with nothing and each environment
        /// asked.
        func judge(_ profile: inout ProfileFact) throws {
            var verification = ProfileVerification.Input(file: profile.file)
            verification.caFiles = input.caFiles
            verification.bundleID = input.bundleID
            verification.minimumDays = input.minDays
            verification.fixedTime = input.at
            profile.checks = try ProfileVerification.run(verification).checks
            profile.coversApp = profile.checks.contains { $0.name == "bundle_id" && $0.status == .pass }
            for environment in APNsEnvironment.allCases {
                verification.environment = environment
                profile.environmentChecks[environment] = try ProfileVerification.run(verification).checks
            }
        }

        /// The certificate in `file` (with its key when the file holds one).
        func certificateFile(_ file: String) throws -> PendingCertificate {
            let bundle = try credentials.read(path: file, offerStandardInput: false)
            guard let leaf = bundle.leaf else { throw AppReadinessError.noCertificate(file) }
            return PendingCertificate(fact: CertificateFact(file: file, certificate: leaf),
                                      verification: CertificateVerification.Input(file: file, credential: bundle))
        }

        /// The keystore's certificates for the app (a topic or its bundle id is the app's), each with its stored key
        /// when the keystore keeps files.
        func keystoreCertificates(_ store: Keystore) throws -> [PendingCertificate] {
            try store.manifest().certificates.compactMap { record in
                let app = input.bundleID
                guard record.topics.contains(where: { APNsPushType.bundleID(ofTopic: $0) == app }) else { return nil }
                let bundle = try CredentialReader().read(bytes: try store.certificatePEM(of: record),
                                                         name: "keystore certificate \(record.id)")
                guard let leaf = bundle.leaf else { return nil }
                var verification = CertificateVerification.Input(file: record.id, credential: bundle)
                verification.keyFile = store.certificateFiles(of: record)?.key
                return PendingCertificate(fact: CertificateFact(file: record.id, origin: .keystore, certificate: leaf),
                                          verification: verification)
            }
        }

        /// `cert verify` with nothing asked, then with each environment and the app's `topics` asked; every check
        /// at `--min-days`. The chain holds when it verifies to Apple's CAs or to one of the CA files given.
        func judge(_ certificate: inout PendingCertificate, topics: [String]) async throws {
            certificate.fact.checks = try await verify(certificate.verification, environment: nil, topics: [])
            for environment in APNsEnvironment.allCases {
                certificate.fact.environmentChecks[environment] = try await verify(certificate.verification,
                                                                                   environment: environment,
                                                                                   topics: topics)
            }
        }

        func verify(_ base: CertificateVerification.Input, environment: APNsEnvironment?,
                    topics: [String]) async throws -> [CertificateCheck] {
            var verification = base
            verification.environment = environment
            verification.topics = topics
            verification.minimumDays = input.minDays
            verification.fixedTime = input.at
            return try await CertificateVerification.run(verification, trusting: input.caFiles,
                                                         keyReader: credentials).checks
        }
    }
}
