/// The App Store Connect API's client: JSON:API requests over libcurl for bundle IDs, their capabilities,
/// devices, certificates and provisioning profiles (docs/provisioning.md).
public enum AppStoreConnect {
    /// Apple's server, the default for every request.
    public static let appleBaseURL = "https://api.appstoreconnect.apple.com"
    /// The capability type of Push Notifications.
    public static let pushNotifications = "PUSH_NOTIFICATIONS"
    /// The profile types of Apple's OpenAPI specification (`Profile.attributes.profileType`).
    public static let profileTypes = [
        "IOS_APP_DEVELOPMENT", "IOS_APP_STORE", "IOS_APP_ADHOC", "IOS_APP_INHOUSE",
        "MAC_APP_DEVELOPMENT", "MAC_APP_STORE", "MAC_APP_DIRECT",
        "TVOS_APP_DEVELOPMENT", "TVOS_APP_STORE", "TVOS_APP_ADHOC", "TVOS_APP_INHOUSE",
        "MAC_CATALYST_APP_DEVELOPMENT", "MAC_CATALYST_APP_STORE", "MAC_CATALYST_APP_DIRECT",
    ]
    /// How many times a request answered 429 is sent again (after its Retry-After) before the client gives up.
    public static let rateLimitRetries = 2
}
