import APNsCredentials
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The facts of a provisioning profile's property list (`.mobileprovision` for iOS, tvOS and watchOS;
/// `.provisionprofile` for macOS). Pure value: built from a parsed plist, no I/O.
public struct ProvisioningProfile: Sendable {
    /// `Name`.
    public var name: String?
    /// `UUID`.
    public var uuid: String?
    /// The first of `TeamIdentifier` (else the entitlements' team identifier, else the app id prefix).
    public var teamID: String?
    /// `TeamName`.
    public var teamName: String?
    /// `AppIDName`.
    public var appIDName: String?
    /// `application-identifier` (`com.apple.application-identifier` on macOS): `TEAMID.bundle.id`.
    public var applicationIdentifier: String?
    /// `Platform`: `iOS`, `OSX`, `tvOS`, `xrOS`…
    public var platforms: [String]
    /// `CreationDate`: when Apple signed it.
    public var creationDate: Date?
    /// `ExpirationDate`.
    public var expirationDate: Date?
    /// The push environment the app's device tokens belong to: `development`, `production`; nil when absent.
    public var apsEnvironment: String?
    /// Which key held it: `aps-environment` or (macOS) `com.apple.developer.aps-environment`.
    public var apsEnvironmentKey: String?
    /// `get-task-allow`: true for development (debuggable) profiles.
    public var getTaskAllow: Bool?
    /// The number of `ProvisionedDevices`; nil when the profile has no such list.
    public var provisionedDevices: Int?
    /// `ProvisionsAllDevices` (enterprise).
    public var provisionsAllDevices: Bool
    /// `DeveloperCertificates`, decoded; undecodable entries are counted in ``unreadableCertificates``.
    public var developerCertificates: [APNsCertificate]
    /// Entries of `DeveloperCertificates` that are not certificates.
    public var unreadableCertificates: Int
    /// Every entitlement, as it is in the profile.
    public var entitlements: [String: PlistValue]

    /// The two keys that carry the push environment, in the order they are looked up.
    public static let apsEnvironmentKeys = ["aps-environment", "com.apple.developer.aps-environment"]

    /// Reads the facts from a profile's top-level dictionary. Throws ``ProfileError`` when `plist` is not one.
    public init(plist: PlistValue) throws {
        guard let top = plist.dictionary else {
            throw ProfileError("the property list is not a dictionary")
        }
        guard top["Entitlements"] != nil || top["UUID"] != nil || top["ExpirationDate"] != nil else {
            throw ProfileError("the property list is not a provisioning profile (no UUID, Entitlements or ExpirationDate)")
        }
        let entitlements = top["Entitlements"]?.dictionary ?? [:]
        self.entitlements = entitlements
        name = top["Name"]?.string
        uuid = top["UUID"]?.string
        teamName = top["TeamName"]?.string
        appIDName = top["AppIDName"]?.string
        applicationIdentifier = (entitlements["application-identifier"] ?? entitlements["com.apple.application-identifier"])?.string
        teamID = top["TeamIdentifier"]?.strings?.first
            ?? entitlements["com.apple.developer.team-identifier"]?.string
            ?? top["ApplicationIdentifierPrefix"]?.strings?.first
        platforms = top["Platform"]?.strings ?? []
        creationDate = top["CreationDate"]?.date
        expirationDate = top["ExpirationDate"]?.date
        apsEnvironmentKey = Self.apsEnvironmentKeys.first { entitlements[$0] != nil }
        apsEnvironment = apsEnvironmentKey.flatMap { entitlements[$0]?.string }
        getTaskAllow = (entitlements["get-task-allow"] ?? entitlements["com.apple.security.get-task-allow"])?.bool
        provisionedDevices = top["ProvisionedDevices"]?.array?.count
        provisionsAllDevices = top["ProvisionsAllDevices"]?.bool ?? false
        var certificates = [APNsCertificate]()
        var unreadable = 0
        for entry in top["DeveloperCertificates"]?.array ?? [] {
            if case .data(let der) = entry, let certificate = try? APNsCertificate(derEncoded: der) {
                certificates.append(certificate)
            } else {
                unreadable += 1
            }
        }
        developerCertificates = certificates
        unreadableCertificates = unreadable
    }

    /// The bundle id after the team prefix, wildcards kept: `*`, `com.example.*`, `com.example.app`.
    public var bundleID: String? {
        guard let applicationIdentifier, let dot = applicationIdentifier.firstIndex(of: ".") else { return nil }
        return String(applicationIdentifier[applicationIdentifier.index(after: dot)...])
    }

    /// True when the app id ends in `*`: any bundle id with the prefix before the star.
    public var isWildcard: Bool { bundleID?.hasSuffix("*") ?? false }

    /// Whether `bundleID` is covered by the profile's app id (`*` covers all; `com.example.*` covers
    /// `com.example.app` but not `com.example` itself or `com.examples.x`).
    public func covers(bundleID candidate: String) -> Bool {
        guard let pattern = bundleID else { return false }
        if pattern == "*" { return !candidate.isEmpty }
        if pattern.hasSuffix("*") {
            let stem = pattern.dropLast()
            return candidate.hasPrefix(stem) && candidate.count > stem.count
        }
        return pattern == candidate
    }

    /// Whole days from `now` to the expiration date; nil when the profile has none.
    public func daysLeft(at now: Date) -> Int? {
        expirationDate.map { ProfileDates.daysLeft(until: $0, now: now) }
    }
}

/// What is wrong with a file given as a provisioning profile. Turned into an `APNsError` naming the file.
public struct ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One clause, without the file name.
    public var message: String
    /// What to do about it; may be empty.
    public var hint: String
    /// What to do about it when the command line words it (``hint`` is then empty).
    public var remedy: ProvisioningRemedy?

    public init(_ message: String, hint: String = "", remedy: ProvisioningRemedy? = nil) {
        self.message = message
        self.hint = hint
        self.remedy = remedy
    }

    public var description: String { message }
}
