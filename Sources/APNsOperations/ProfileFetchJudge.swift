import APNsAppStoreConnect
import APNsCore
import APNsCredentials
import APNsModel
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The profile judge applied to a profile downloaded from App Store Connect, before it is written: `profile
/// verify`'s checks (``ProfileVerifier``) of its content, with the bundle id asked and the `aps-environment` its
/// type grants (development for a development profile, production for the others).
public struct ApplesProfileJudge: Sendable {
    /// Apple's roots plus these CA files (a test or private CA: the local App Store Connect signs with its own).
    public var caFiles: [String] = []
    /// What the checks call the CAs of ``caFiles``.
    public var caLabel = "given CA"
    /// The bundle id the profile's app id must cover.
    public var bundleID: String
    /// "Now".
    public var now = Date()

    public init(bundleID: String) { self.bundleID = bundleID }

    /// A judged profile: the resource, what its content says, and the judge's checks.
    public struct Judged: Sendable {
        public var resource: ProfileResource
        /// The content as read; nil when Apple gave none.
        public var document: ProfileDocument?
        public var checks: [CertificateCheck]
        public var hints: [ProfileHint]
        /// True when every check passed (and there was content to check).
        public var passed: Bool { document != nil && !checks.contains { $0.status == .fail } }
        /// The first failed check.
        public var firstFailure: CertificateCheck? { checks.first { $0.status == .fail } }
        /// `aps-environment` of the content; nil when absent (or no content).
        public var apsEnvironment: String? { document?.profile.apsEnvironment }
    }

    /// The environment a profile type's `aps-environment` must name: development for `*_DEVELOPMENT`, else
    /// production. Pure.
    public static func environment(ofProfileType type: String) -> APNsEnvironment {
        type.hasSuffix("_DEVELOPMENT") ? .development : .production
    }

    /// The extension Apple's tools give a profile of this type: `.provisionprofile` for macOS (and Mac Catalyst),
    /// `.mobileprovision` for the others. Pure.
    public static func fileExtension(ofProfileType type: String) -> String {
        type.hasPrefix("MAC_") ? "provisionprofile" : "mobileprovision"
    }

    /// The file a profile is written to in `directory`: `UUID.mobileprovision` (Apple's uuid, as Xcode names the
    /// profiles it installs: unique, and safe in a path whatever the profile's name), else Apple's resource id.
    public static func fileName(_ resource: ProfileResource, document: ProfileDocument?) -> String {
        let stem = resource.uuid ?? document?.profile.uuid ?? resource.id
        let safe = stem.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
        return (safe.isEmpty || safe.hasPrefix(".") ? resource.id : safe) + "." + fileExtension(ofProfileType: resource.profileType)
    }

    /// Judges `resource`'s content. Throws the CA files' reading errors only: a profile that cannot be read is a
    /// failed check.
    public func judge(_ resource: ProfileResource) throws -> Judged {
        let reader = try ProfileVerification.reader(caFiles: caFiles, label: caLabel)
        guard let content = resource.profileContent, !content.isEmpty else {
            return Judged(resource: resource, document: nil,
                          checks: [CertificateCheck("content", .fail, "App Store Connect gave no profileContent")],
                          hints: [])
        }
        let document: ProfileDocument
        do {
            document = try reader.read(bytes: content, file: resource.name)
        } catch let error as ProfileError {
            return Judged(resource: resource, document: nil,
                          checks: [CertificateCheck("content", .fail, error.message)], hints: [])
        }
        var verifier = ProfileVerifier()
        verifier.bundleID = bundleID
        verifier.environment = Self.environment(ofProfileType: resource.profileType)
        verifier.now = now
        let (checks, hints) = verifier.checks(document)
        return Judged(resource: resource, document: document, checks: checks, hints: hints)
    }

    /// Writes a judged profile's content to `directory` (created 0755 when missing) atomically, mode 0644,
    /// replacing a file of the same name (the same uuid: the same profile). Returns the path.
    public static func write(_ judged: Judged, to directory: String) throws -> String {
        guard let content = judged.resource.profileContent else {
            throw ProfileDownloadError.noContent(profile: judged.resource.name)
        }
        if !FileManager.default.fileExists(atPath: directory) {
            try SecureFile.ensureDirectory(directory, mode: 0o755)
        }
        let path = (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/"
            + fileName(judged.resource, document: judged.document)
        try SecureFile.write(content, to: path, mode: 0o644, overwrite: true)
        return path
    }
}

/// Why a profile download or renewal stopped. The command line words each (`Errors+Profiles.swift`).
public enum ProfileDownloadError: Error, Sendable, Equatable {
    /// App Store Connect has no App ID with this identifier.
    case unknownBundleID(String)
    /// The App ID has no profile of this type (or none of this name).
    case noProfile(bundleID: String, profileType: String, name: String?)
    /// Every profile of the type is INVALID on Apple's side: `names` says which.
    case noActiveProfile(bundleID: String, profileType: String, names: [String])
    /// The judge refused these profiles (name, the first failed check): nothing was written.
    case refused([RefusedProfile])
    /// Apple gave a profile without content.
    case noContent(profile: String)
    /// The App ID does not have Push Notifications: a new profile would lack `aps-environment` too.
    case pushNotEnabled(bundleID: String)
    /// Not a profile type of Apple's specification.
    case unknownProfileType(String)
    /// With `replace`, the old profile was deleted but the new one could not be made: what the old one held, so
    /// nothing is lost.
    case replacedButNotCreated(name: String, certificateIDs: [String], deviceIDs: [String], underlying: String)
}

/// A profile the judge refused: its name, its uuid, and the first failed check.
public struct RefusedProfile: Sendable, Equatable {
    public var name: String
    public var uuid: String?
    public var check: CertificateCheck
    /// True when the App ID has Push Notifications (so a profile without `aps-environment` predates it).
    public var pushEnabled: Bool

    public init(name: String, uuid: String?, check: CertificateCheck, pushEnabled: Bool) {
        self.name = name
        self.uuid = uuid
        self.check = check
        self.pushEnabled = pushEnabled
    }
}
