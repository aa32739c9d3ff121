import APNsAppStoreConnect
import Testing

@Suite struct AppStoreConnectDefaultsTests {
    @Test func applesServerIsTheDefault() {
        #expect(AppStoreConnect.appleBaseURL == "https://api.appstoreconnect.apple.com")
    }
}
