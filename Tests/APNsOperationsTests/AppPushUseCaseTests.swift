import APNsAppStoreConnect
import APNsOperations
import Foundation
import Testing

/// `app push status`, `app push enable` and `profile list` as use cases, against a local App Store Connect in
/// process (``ProfileASCMock``: one App ID, one development profile).
@Suite struct AppPushUseCaseTests {
    @Test func statusReadsTheCapabilityAndEachProfilesAPSEnvironment() async throws {
        let mock = try await ProfileASCMock.start(push: true, profileAPS: "development")
        defer { Task { try? await mock.stop() } }
        let status = try AppPushStatus.run(bundleID: ProfileASCMock.bundleID, client: mock.client)
        #expect(status.appIDFound && status.pushEnabled)
        #expect(status.profiles.map(\.name) == [ProfileASCMock.profileName])
        #expect(status.profiles.first?.type == "IOS_APP_DEVELOPMENT" && status.profiles.first?.state == "ACTIVE")
        #expect(status.profiles.first?.apsEnvironment == "development")
        #expect(status.profiles.first?.bundleID == ProfileASCMock.bundleID)
        #expect(status.profiles.first?.expires != nil)
    }

    @Test func anUnknownBundleIDIsAResultForStatusAndAnErrorForEnableAndList() async throws {
        let mock = try await ProfileASCMock.start()
        defer { Task { try? await mock.stop() } }
        let status = try AppPushStatus.run(bundleID: "com.example.app.other", client: mock.client)
        #expect(!status.appIDFound && !status.pushEnabled && status.profiles.isEmpty)
        #expect(throws: AppPushError.unknownBundleID("com.example")) {
            try AppPushEnabling.run(.init(bundleID: "com.example"), client: mock.client)
        }
        #expect(throws: AppPushError.unknownBundleID("com.example")) {
            try ProfileListing.run(.init(bundleID: "com.example"), client: mock.client)
        }
    }

    @Test func enableTurnsPushOnOnceAndNamesTheProfileThatPredatesIt() async throws {
        let mock = try await ProfileASCMock.start(push: false, profileAPS: nil)
        defer { Task { try? await mock.stop() } }
        let before = try AppPushStatus.run(bundleID: ProfileASCMock.bundleID, client: mock.client)
        #expect(before.appIDFound && !before.pushEnabled)
        #expect(before.profiles.first?.apsEnvironment == nil)

        let dry = try AppPushEnabling.run(.init(bundleID: ProfileASCMock.bundleID, dryRun: true), client: mock.client)
        #expect(dry.change == .wouldEnable && !dry.pushEnabled)
        #expect(try !AppPushStatus.run(bundleID: ProfileASCMock.bundleID, client: mock.client).pushEnabled)

        let enabled = try AppPushEnabling.run(.init(bundleID: ProfileASCMock.bundleID), client: mock.client)
        #expect(enabled.change == .enabled && enabled.pushEnabled)
        #expect(enabled.profilesToRenew.map(\.name) == [ProfileASCMock.profileName])
        #expect(try AppPushStatus.run(bundleID: ProfileASCMock.bundleID, client: mock.client).pushEnabled)

        let again = try AppPushEnabling.run(.init(bundleID: ProfileASCMock.bundleID), client: mock.client)
        #expect(again.change == .alreadyEnabled)
        #expect(again.profilesToRenew.map(\.name) == [ProfileASCMock.profileName])
    }

    @Test func listFiltersByBundleIDAndType() async throws {
        let mock = try await ProfileASCMock.start()
        defer { Task { try? await mock.stop() } }
        let all = try ProfileListing.run(.init(), client: mock.client)
        #expect(all.map(\.name) == [ProfileASCMock.profileName])
        #expect(try ProfileListing.run(.init(bundleID: ProfileASCMock.bundleID, profileType: "IOS_APP_DEVELOPMENT"),
                                       client: mock.client).count == 1)
        #expect(try ProfileListing.run(.init(profileType: "IOS_APP_STORE"), client: mock.client).isEmpty)
    }
}
