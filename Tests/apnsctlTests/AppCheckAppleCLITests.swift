import Foundation
import Testing
import TestSupport

/// `app check --apple` against `apnsctl mock asc`: the classic case (a profile made before the App ID had Push
/// Notifications) is named with a renew step; the step, run as printed, fixes it; app check is then ready.
@Suite(.serialized) struct AppCheckAppleCLITests {
    @Test func theClassicCaseIsNamedFixedByTheStepAsPrintedThenReady() throws {
        let world = try ProfileASCWorld(push: true, profileAPS: nil)
        let work = CLI.temporaryDirectory("app-check-apple")
        let before = try world.run(["app", "check", ProfileASCWorld.bundleID, "--apple"], in: work)
        #expect(before.status == 1, "\(before.stdout)\n\(before.stderr)")
        #expect(before.stdout.contains("not ready"))
        #expect(before.stdout.contains("development alert: the App ID has Push Notifications, but profile \"Example Dev\" (created "))
        #expect(before.stdout.contains("predates it: renew it with `apnsctl profile renew --bundle-id com.example.app "
                                       + "--type IOS_APP_DEVELOPMENT --out . --keystore \(world.keystore)"))
        // The production row has no profile on Apple's side: Apple's side does not fail it.
        #expect(!before.stdout.contains("production alert:"))
        let step = try #require(ProfileASCWorld.step(in: before.stdout))
        for option in ["--asc-url https://127.0.0.1:\(world.port)", "--cacert \(world.caFile)", "--ca \(world.caFile)"] {
            #expect(step.contains(option), "the step lacks \(option): \(step)")
        }
        let renewed = try ProfileASCWorld.runAsPrinted(step, in: work)
        #expect(renewed.status == 0, "\(step)\n\(renewed.stdout)\n\(renewed.stderr)")
        #expect(ProfileASCWorld.files(work.path).filter { $0.hasSuffix(".mobileprovision") }.count == 1)

        let after = try world.run(["app", "check", ProfileASCWorld.bundleID, "--apple", "--format", "json"], in: work)
        #expect(after.status == 0, "\(after.stdout)\n\(after.stderr)")
        let json = try world.json(after)
        #expect(json["passed"] as? Bool == true)
        let apple = try #require(json["apple"] as? [String: Any])
        #expect(apple["push_enabled"] as? Bool == true)
        let profiles = try #require(apple["profiles"] as? [[String: Any]])
        #expect(Set(profiles.compactMap { $0["aps_environment"] as? String }) == ["development"])
        #expect(profiles.count == 2)
        var check = JSONSchemaCheck()
        check.add("app-check", "app check --apple (ready)", after)
        check.add("app-check", "app check --apple (classic case)",
                  try world.run(["app", "check", ProfileASCWorld.bundleID, "--apple", "--format", "json"]))
        try JSONSchemaTests.expectValid(check)
    }

    @Test func pushOffFailsEveryRowWithTheEnableStep() throws {
        let world = try ProfileASCWorld(push: false, profileAPS: nil)
        let result = try world.run(["app", "check", ProfileASCWorld.bundleID, "--apple"])
        #expect(result.status == 1)
        // One reason for both rows, said once.
        #expect(result.stdout.contains("every row: Apple's side: the App ID com.example.app does not have "
                                       + "Push Notifications: enable it with `apnsctl app push enable com.example.app"),
                "\(result.stdout)")
        #expect(result.stdout.contains("Apple: App ID found, Push Notifications off"))
    }

    @Test func withoutAppleNothingIsAskedAndAppleIsNull() throws {
        let world = try ProfileASCWorld(push: false, profileAPS: nil)
        let result = try CLI.run(["app", "check", ProfileASCWorld.bundleID, "--keystore", world.keystore, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try world.json(result))["apple"] is NSNull)
        let refused = try CLI.run(["app", "check", ProfileASCWorld.bundleID, "--asc-key", "ASCKEY1234"])
        #expect(refused.status == 2)
    }
}
