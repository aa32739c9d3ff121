/// What APNs's answers to a silent canary say about one device token: the environment it belongs to, or why it
/// belongs to none, or that the answers do not tell.
///
/// Encoded in JSON as its raw value (`"other_app"` for ``otherApp``).
public enum DeviceTokenVerdict: String, Sendable, Codable, CaseIterable, Comparable {
    /// Accepted by the sandbox: the app was built and run from Xcode with a development profile.
    case development
    /// Accepted by production: a TestFlight, App Store, Ad Hoc or Enterprise build.
    case production
    /// `410 Unregistered`: the app was removed or the token rotated (APNs gives the time it stopped being valid).
    case unregistered
    /// `400 DeviceTokenNotForTopic`: a token of another bundle id.
    case otherApp = "other_app"
    /// `400 BadDeviceToken` from both environments: not a token of either.
    case invalid
    /// `400 BadDeviceToken` from the sandbox, and production was not asked (restricted to development, or its
    /// server or credential could not be used): not a development token; it may be a production one.
    case notInDevelopment = "not_in_development"
    /// `400 BadDeviceToken` from production, and the sandbox was not asked: not a production token; it may be a
    /// development one.
    case notInProduction = "not_in_production"
    /// The answers do not tell: the credential was refused (a key or certificate problem, not a token problem),
    /// the request was refused for another reason, or the network failed.
    case inconclusive

    /// The environment a token with this verdict belongs to; nil for the others.
    public var environment: APNsEnvironment? {
        switch self {
        case .development: return .development
        case .production: return .production
        default: return nil
        }
    }

    /// True for the verdicts that say the token will not receive pushes for this app: unregistered, another
    /// app's, invalid.
    public var isUndeliverable: Bool { self == .unregistered || self == .otherApp || self == .invalid }

    /// The verdict of a token `environment` alone answered `400 BadDeviceToken` for.
    public static func notIn(_ environment: APNsEnvironment) -> DeviceTokenVerdict {
        environment == .development ? .notInDevelopment : .notInProduction
    }

    /// The verdict of a token APNs accepted in `environment`.
    public static func accepted(in environment: APNsEnvironment) -> DeviceTokenVerdict {
        environment == .development ? .development : .production
    }

    /// Declaration order.
    public static func < (lhs: DeviceTokenVerdict, rhs: DeviceTokenVerdict) -> Bool {
        let order = allCases
        return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }
}
