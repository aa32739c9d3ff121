#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A bundle ID (an App ID) on Apple's side: `bundleIds` in the App Store Connect API.
public struct BundleIDResource: Sendable, Equatable {
    /// Apple's resource id (not the bundle identifier).
    public var id: String
    /// The bundle identifier, e.g. "com.example.app".
    public var identifier: String
    public var name: String
    /// IOS, MAC_OS or UNIVERSAL.
    public var platform: String
    /// The team's App ID prefix, when Apple gives it.
    public var seedID: String?

    public init(id: String, identifier: String, name: String, platform: String, seedID: String? = nil) {
        self.id = id
        self.identifier = identifier
        self.name = name
        self.platform = platform
        self.seedID = seedID
    }
}

/// A capability enabled on a bundle ID: `bundleIdCapabilities`.
public struct BundleIDCapabilityResource: Sendable, Equatable {
    public var id: String
    /// e.g. "PUSH_NOTIFICATIONS" (``AppStoreConnect/pushNotifications``).
    public var capabilityType: String

    public init(id: String, capabilityType: String) {
        self.id = id
        self.capabilityType = capabilityType
    }
}

/// A provisioning profile on Apple's side: `profiles`.
public struct ProfileResource: Sendable, Equatable {
    public var id: String
    public var name: String
    /// e.g. IOS_APP_DEVELOPMENT, IOS_APP_STORE (``AppStoreConnect/profileTypes``).
    public var profileType: String
    /// ACTIVE or INVALID.
    public var profileState: String
    public var uuid: String?
    public var platform: String?
    public var createdDate: Date?
    public var expirationDate: Date?
    /// The profile's file (CMS-signed plist), decoded from the API's base64.
    public var profileContent: [UInt8]?

    public init(id: String, name: String, profileType: String, profileState: String, uuid: String? = nil,
                platform: String? = nil, createdDate: Date? = nil, expirationDate: Date? = nil,
                profileContent: [UInt8]? = nil) {
        self.id = id
        self.name = name
        self.profileType = profileType
        self.profileState = profileState
        self.uuid = uuid
        self.platform = platform
        self.createdDate = createdDate
        self.expirationDate = expirationDate
        self.profileContent = profileContent
    }
}

/// A registered device: `devices`.
public struct DeviceResource: Sendable, Equatable {
    public var id: String
    public var name: String
    public var udid: String
    public var platform: String
    /// ENABLED or DISABLED.
    public var status: String

    public init(id: String, name: String, udid: String, platform: String, status: String) {
        self.id = id
        self.name = name
        self.udid = udid
        self.platform = platform
        self.status = status
    }
}

/// A signing certificate: `certificates`.
public struct CertificateResource: Sendable, Equatable {
    public var id: String
    public var name: String?
    /// e.g. IOS_DEVELOPMENT, IOS_DISTRIBUTION, DISTRIBUTION, DEVELOPMENT.
    public var certificateType: String
    public var serialNumber: String?
    public var expirationDate: Date?

    public init(id: String, name: String? = nil, certificateType: String, serialNumber: String? = nil,
                expirationDate: Date? = nil) {
        self.id = id
        self.name = name
        self.certificateType = certificateType
        self.serialNumber = serialNumber
        self.expirationDate = expirationDate
    }
}
