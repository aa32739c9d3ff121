import APNsAppStoreConnect

/// What the App Store Connect verbs refuse before any change.
public enum AppPushError: Error, Sendable, Equatable {
    /// App Store Connect has no App ID (bundle ID) of this identifier for the key's team.
    case unknownBundleID(String)
}

/// `app push status BUNDLE_ID`: the App ID on App Store Connect, whether it has Push Notifications, and its
/// profiles with whether their content carries `aps-environment`.
public enum AppPushStatus {
    public struct Result: Sendable, Equatable {
        public var bundleID: String
        /// The App ID; nil when App Store Connect has none of this identifier.
        public var appID: BundleIDResource?
        /// True when the App ID has the PUSH_NOTIFICATIONS capability.
        public var pushEnabled: Bool
        /// The App ID's profiles, by name.
        public var profiles: [ProfileListing.Entry]

        public var appIDFound: Bool { appID != nil }

        public init(bundleID: String, appID: BundleIDResource?, pushEnabled: Bool,
                    profiles: [ProfileListing.Entry]) {
            self.bundleID = bundleID
            self.appID = appID
            self.pushEnabled = pushEnabled
            self.profiles = profiles
        }
    }

    /// Reads the App ID, its capabilities and its profiles. An unknown bundle id is a result (not found), not an
    /// error; the client's ``AppStoreConnectError``s are thrown.
    public static func run(bundleID: String, client: AppStoreConnectClient) throws -> Result {
        guard let appID = try client.bundleID(identifier: bundleID) else {
            return Result(bundleID: bundleID, appID: nil, pushEnabled: false, profiles: [])
        }
        let push = try pushCapability(client, appID: appID) != nil
        let profiles = ProfileListing.entries(try client.profiles(bundleID: appID.id, profileType: nil))
        return Result(bundleID: bundleID, appID: appID, pushEnabled: push, profiles: profiles)
    }

    /// The App ID's PUSH_NOTIFICATIONS capability, when enabled.
    static func pushCapability(_ client: AppStoreConnectClient, appID: BundleIDResource) throws
        -> BundleIDCapabilityResource? {
        try client.capabilities(ofBundleID: appID.id).first { $0.capabilityType == AppStoreConnect.pushNotifications }
    }
}
