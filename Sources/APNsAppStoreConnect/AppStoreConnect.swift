/// The App Store Connect API's client: JSON:API requests over libcurl for bundle IDs, their capabilities,
/// devices, certificates and provisioning profiles (docs/provisioning.md).
public enum AppStoreConnect {
    /// Apple's server, the default for every request.
    public static let appleBaseURL = "https://api.appstoreconnect.apple.com"
}
