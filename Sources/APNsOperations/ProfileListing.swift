import APNsAppStoreConnect
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `profile list`: the team's provisioning profiles on App Store Connect, those of one bundle id and of one type
/// when asked, each with what its content grants (`aps-environment`).
public enum ProfileListing {
    /// A profile on Apple's side, as the provisioning verbs show it.
    public struct Entry: Sendable, Equatable {
        /// Apple's resource id.
        public var id: String
        public var name: String
        /// Apple's profile type, e.g. IOS_APP_DEVELOPMENT.
        public var type: String
        /// ACTIVE or INVALID.
        public var state: String
        public var uuid: String?
        public var created: Date?
        public var expires: Date?
        /// The app id's bundle id, read from the profile's content; nil when it cannot be read.
        public var bundleID: String?
        /// The content's `aps-environment`; nil when absent (or the content cannot be read).
        public var apsEnvironment: String?

        public init(id: String, name: String, type: String, state: String, uuid: String? = nil,
                    created: Date? = nil, expires: Date? = nil, bundleID: String? = nil,
                    apsEnvironment: String? = nil) {
            self.id = id
            self.name = name
            self.type = type
            self.state = state
            self.uuid = uuid
            self.created = created
            self.expires = expires
            self.bundleID = bundleID
            self.apsEnvironment = apsEnvironment
        }

        /// The entry of an API resource, its content read (not judged: `profile fetch` judges) for its app id
        /// and `aps-environment`.
        public init(_ resource: ProfileResource, reader: ProfileReader = ProfileReader()) {
            let content = resource.profileContent.flatMap { try? reader.read(bytes: $0, file: resource.name) }?.profile
            self.init(id: resource.id, name: resource.name, type: resource.profileType, state: resource.profileState,
                      uuid: resource.uuid, created: resource.createdDate, expires: resource.expirationDate,
                      bundleID: content?.bundleID, apsEnvironment: content?.apsEnvironment)
        }
    }

    public struct Input: Sendable, Equatable {
        /// Only this bundle id's profiles (its App ID must exist).
        public var bundleID: String?
        /// Only this type's profiles.
        public var profileType: String?

        public init(bundleID: String? = nil, profileType: String? = nil) {
            self.bundleID = bundleID
            self.profileType = profileType
        }
    }

    /// The profiles, by name then id. Throws ``AppPushError/unknownBundleID(_:)`` when `bundleID` has no App ID,
    /// and the client's ``AppStoreConnectError``s.
    public static func run(_ input: Input, client: AppStoreConnectClient) throws -> [Entry] {
        var resourceID: String?
        if let bundleID = input.bundleID {
            guard let appID = try client.bundleID(identifier: bundleID) else {
                throw AppPushError.unknownBundleID(bundleID)
            }
            resourceID = appID.id
        }
        return try entries(client.profiles(bundleID: resourceID, profileType: input.profileType))
    }

    /// Entries of `resources`, sorted by name then id (one reader for all).
    static func entries(_ resources: [ProfileResource]) -> [Entry] {
        let reader = ProfileReader()
        return resources.map { Entry($0, reader: reader) }
            .sorted { ($0.name, $0.id) < ($1.name, $1.id) }
    }
}
