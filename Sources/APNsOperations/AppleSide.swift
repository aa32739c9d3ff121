import APNsAppStoreConnect
import APNsCore
import APNsModel
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Apple's side of an app's push readiness, read from App Store Connect: the App ID, whether it has Push
/// Notifications, and its profiles with what their content grants. ``join(_:_:words:)`` makes each row of an app
/// check (``AppReadiness``) fail while Apple's side is wrong for it.
public enum AppleSide {
    /// A profile on Apple's side.
    public struct Profile: Sendable, Equatable {
        public var id: String
        public var name: String
        public var profileType: String
        /// ACTIVE or INVALID.
        public var state: String
        public var uuid: String?
        public var createdAt: Date?
        public var expiresAt: Date?
        /// Its content's `aps-environment`; nil when absent or unreadable.
        public var apsEnvironment: String?
        /// The environment its type is for (development for `*_DEVELOPMENT`).
        public var environment: APNsEnvironment

        /// ACTIVE, not expired, and granting its environment.
        public func serves(now: Date) -> Bool {
            state == "ACTIVE" && (expiresAt.map { $0 > now } ?? true) && apsEnvironment == environment.rawValue
        }
    }

    /// What App Store Connect says of the app.
    public struct Facts: Sendable, Equatable {
        public var bundleID: String
        /// False when App Store Connect has no App ID of this identifier.
        public var appIDFound: Bool
        public var pushEnabled: Bool
        public var profiles: [Profile]

        public init(bundleID: String, appIDFound: Bool, pushEnabled: Bool, profiles: [Profile]) {
            self.bundleID = bundleID
            self.appIDFound = appIDFound
            self.pushEnabled = pushEnabled
            self.profiles = profiles
        }
    }

    /// Why Apple's side fails a row.
    public enum Finding: Sendable, Equatable {
        /// No App ID of the bundle id.
        case noAppID(bundleID: String)
        /// The App ID lacks Push Notifications.
        case pushDisabled(bundleID: String)
        /// The App ID has Push Notifications, but this profile (the newest of the row's environment) has no
        /// `aps-environment`: it was made before the capability was enabled.
        case predatesPush(Profile)
        /// The row's environment's newest profile is not ACTIVE, or has expired (and no other serves).
        case unusable(Profile)
    }

    /// Reads the App ID, its capabilities and its profiles (content read for `aps-environment`, signature not
    /// asked: `profile fetch` judges it). Throws the client's errors.
    public static func read(bundleID: String, client: AppStoreConnectClient) throws -> Facts {
        guard let bundle = try client.bundleID(identifier: bundleID) else {
            return Facts(bundleID: bundleID, appIDFound: false, pushEnabled: false, profiles: [])
        }
        let push = try ProfileFetch.pushEnabled(client, bundleResourceID: bundle.id)
        let reader = ProfileReader()
        let profiles = try client.profiles(bundleID: bundle.id, profileType: nil).map { listed in
            let resource = listed.profileContent == nil && listed.profileState == "ACTIVE"
                ? try client.profile(id: listed.id) : listed
            let aps = resource.profileContent.flatMap { try? reader.read(bytes: $0, file: resource.name) }?
                .profile.apsEnvironment
            return Profile(id: resource.id, name: resource.name, profileType: resource.profileType,
                           state: resource.profileState, uuid: resource.uuid, createdAt: resource.createdDate,
                           expiresAt: resource.expirationDate, apsEnvironment: aps,
                           environment: ApplesProfileJudge.environment(ofProfileType: resource.profileType))
        }
        return Facts(bundleID: bundleID, appIDFound: true, pushEnabled: push, profiles: profiles)
    }

    /// The profile of `environment` a row shows: the newest that serves, else the newest of the environment.
    public static func profile(_ facts: Facts, environment: APNsEnvironment, now: Date) -> Profile? {
        let mine = facts.profiles.filter { $0.environment == environment }
            .sorted { ($0.createdAt ?? .distantPast) > ($1.createdAt ?? .distantPast) }
        return mine.first { $0.serves(now: now) } ?? mine.first
    }

    /// Why Apple's side fails a row of `environment`; nil when it does not. A row with no profile of its
    /// environment on Apple's side is not failed here (an app may have no distribution profile yet). Pure.
    public static func finding(_ facts: Facts, environment: APNsEnvironment, now: Date) -> Finding? {
        guard facts.appIDFound else { return .noAppID(bundleID: facts.bundleID) }
        guard facts.pushEnabled else { return .pushDisabled(bundleID: facts.bundleID) }
        guard let shown = profile(facts, environment: environment, now: now), !shown.serves(now: now) else { return nil }
        if shown.state == "ACTIVE", shown.apsEnvironment == nil { return .predatesPush(shown) }
        return .unusable(shown)
    }

    /// Each row of `result` failed (``AppReadiness/Verdict/notReady``) while Apple's side is wrong for it, its
    /// reason Apple's finding worded by `words` (the command line's, with a next step). Pure.
    public static func join(_ result: AppReadiness.Result, _ facts: Facts, now: Date,
                            words: (Finding) -> String) -> AppReadiness.Result {
        var joined = result
        for index in joined.rows.indices {
            guard let finding = finding(facts, environment: joined.rows[index].environment, now: now) else { continue }
            joined.rows[index].verdict = .notReady
            let apple = words(finding)
            joined.rows[index].reason = joined.rows[index].reason.map { apple + "; " + $0 } ?? apple
        }
        return joined
    }
}
