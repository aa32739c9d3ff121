import APNsAppStoreConnect

/// `app push enable BUNDLE_ID [--dry-run]`: enables Push Notifications on the App ID when it is off (nothing to
/// do when it is on), then names the profiles that must be renewed to carry `aps-environment`.
public enum AppPushEnabling {
    public struct Input: Sendable, Equatable {
        public var bundleID: String
        /// Say what would be done; change nothing.
        public var dryRun: Bool

        public init(bundleID: String, dryRun: Bool = false) {
            self.bundleID = bundleID
            self.dryRun = dryRun
        }
    }

    /// What was done to the App ID.
    public enum Change: String, Sendable, Equatable {
        /// Push Notifications was on already: nothing changed.
        case alreadyEnabled = "already_enabled"
        /// Push Notifications was off and is now on.
        case enabled
        /// Push Notifications is off and a dry run left it so.
        case wouldEnable = "would_enable"
    }

    public struct Result: Sendable, Equatable {
        public var bundleID: String
        public var appID: BundleIDResource
        public var change: Change
        public var dryRun: Bool
        /// The App ID's profiles whose content lacks `aps-environment`: each must be renewed (a new profile made
        /// now carries it).
        public var profilesToRenew: [ProfileListing.Entry]

        /// True when the App ID has Push Notifications after the run.
        public var pushEnabled: Bool { change != .wouldEnable }
    }

    /// Throws ``AppPushError/unknownBundleID(_:)`` when there is no such App ID, and the client's
    /// ``AppStoreConnectError``s.
    public static func run(_ input: Input, client: AppStoreConnectClient) throws -> Result {
        guard let appID = try client.bundleID(identifier: input.bundleID) else {
            throw AppPushError.unknownBundleID(input.bundleID)
        }
        let change: Change
        if try AppPushStatus.pushCapability(client, appID: appID) != nil {
            change = .alreadyEnabled
        } else if input.dryRun {
            change = .wouldEnable
        } else {
            _ = try client.enableCapability(AppStoreConnect.pushNotifications, bundleID: appID.id)
            change = .enabled
        }
        let profiles = ProfileListing.entries(try client.profiles(bundleID: appID.id, profileType: nil))
        return Result(bundleID: input.bundleID, appID: appID, change: change, dryRun: input.dryRun,
                      profilesToRenew: profiles.filter { $0.apsEnvironment == nil })
    }
}
