import APNsAppStoreConnect
import APNsCore
import APNsCredentials
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Downloads an App ID's provisioning profiles of one type from App Store Connect, judges each with the profile
/// judge (``ApplesProfileJudge``: signature, expiry, `aps-environment` for the type, bundle id) and writes them
/// only when every one passes: either each ACTIVE profile of the type is written (`UUID.mobileprovision`,
/// atomically, 0644) or none is.
public enum ProfileFetch {
    public struct Input: Sendable {
        /// The App ID's bundle identifier (exact).
        public var bundleID: String
        /// One of Apple's profile types (``AppStoreConnect/profileTypes``).
        public var profileType: String
        /// The directory the profiles go to.
        public var outputDirectory: String
        /// Only the profiles of this name (nil: every ACTIVE profile of the type).
        public var name: String?
        /// CA files trusted besides Apple's roots for the profiles' signatures.
        public var caFiles: [String] = []
        public var caLabel = "given CA"
        public var now = Date()

        public init(bundleID: String, profileType: String, outputDirectory: String) {
            self.bundleID = bundleID
            self.profileType = profileType
            self.outputDirectory = outputDirectory
        }
    }

    /// One profile written.
    public struct Written: Sendable {
        public var judged: ApplesProfileJudge.Judged
        public var file: String
    }

    public struct Result: Sendable {
        public var bundleID: String
        public var profileType: String
        public var written: [Written]
        /// Profiles of the type left alone because Apple says they are not ACTIVE.
        public var skipped: [ProfileResource]
    }

    /// Reads the App ID and its profiles, judges them, writes them. Throws ``ProfileDownloadError`` (unknown bundle
    /// id, no profile, none ACTIVE, refused by the judge), the client's ``AppStoreConnectError`` and the output's
    /// `APNsError`.
    public static func run(_ input: Input, client: AppStoreConnectClient) throws -> Result {
        try checkType(input.profileType)
        guard let bundle = try client.bundleID(identifier: input.bundleID) else {
            throw ProfileDownloadError.unknownBundleID(input.bundleID)
        }
        let all = try client.profiles(bundleID: bundle.id, profileType: input.profileType)
            .filter { $0.profileType == input.profileType && (input.name == nil || $0.name == input.name) }
        guard !all.isEmpty else {
            throw ProfileDownloadError.noProfile(bundleID: input.bundleID, profileType: input.profileType, name: input.name)
        }
        let active = all.filter { $0.profileState == "ACTIVE" }
        guard !active.isEmpty else {
            throw ProfileDownloadError.noActiveProfile(bundleID: input.bundleID, profileType: input.profileType,
                                                       names: all.map(\.name))
        }
        var judge = ApplesProfileJudge(bundleID: input.bundleID)
        judge.caFiles = input.caFiles
        judge.caLabel = input.caLabel
        judge.now = input.now
        // The list may leave the content out: each profile is read whole before it is judged.
        let judged = try active.map { try judge.judge($0.profileContent == nil ? client.profile(id: $0.id) : $0) }
        let refused = judged.filter { !$0.passed }
        if !refused.isEmpty {
            let push = try pushEnabled(client, bundleResourceID: bundle.id)
            throw ProfileDownloadError.refused(refused.map {
                RefusedProfile(name: $0.resource.name, uuid: $0.resource.uuid,
                               check: $0.firstFailure ?? CertificateCheck("content", .fail, "unreadable"),
                               pushEnabled: push)
            })
        }
        let written = try judged.map { Written(judged: $0, file: try ApplesProfileJudge.write($0, to: input.outputDirectory)) }
        return Result(bundleID: input.bundleID, profileType: input.profileType, written: written,
                      skipped: all.filter { $0.profileState != "ACTIVE" })
    }

    /// Throws ``ProfileDownloadError/unknownProfileType(_:)`` for a type not in Apple's specification.
    static func checkType(_ type: String) throws {
        guard AppStoreConnect.profileTypes.contains(type) else { throw ProfileDownloadError.unknownProfileType(type) }
    }

    /// Whether the App ID has Push Notifications enabled.
    static func pushEnabled(_ client: AppStoreConnectClient, bundleResourceID: String) throws -> Bool {
        try client.capabilities(ofBundleID: bundleResourceID).contains { $0.capabilityType == AppStoreConnect.pushNotifications }
    }
}
