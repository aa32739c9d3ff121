import Foundation
import Testing
import TestSupport

/// `profile renew` against `apnsctl mock asc`: the classic case renewed beside the old profile, not twice;
/// `--replace` keeps the name; nothing made while push is off; nothing to do said.
@Suite(.serialized) struct ProfileRenewCLITests {
    static func renew(_ world: ProfileASCWorld, _ extra: [String] = []) throws -> CLI.Result {
        try world.run(["profile", "renew", "--bundle-id", ProfileASCWorld.bundleID, "--type", "IOS_APP_DEVELOPMENT",
                       "--out", world.directory.appendingPathComponent("profiles").path] + extra)
    }

    @Test func theClassicCaseIsRenewedOnceBesideTheOldOne() throws {
        let world = try ProfileASCWorld(push: true, profileAPS: nil)
        let first = try Self.renew(world, ["--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        let json = try world.json(first)
        #expect(json["renewed"] as? Bool == true)
        let profile = try #require((json["profiles"] as? [[String: Any]])?.first)
        #expect((profile["reasons"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == ["no_aps_environment"])
        let new = try #require(profile["new"] as? [String: Any])
        #expect(new["aps_environment"] as? String == "development")
        #expect((new["name"] as? String)?.hasPrefix("Example Dev (renewed ") == true)
        #expect(profile["deleted"] as? Bool == false)
        let again = try Self.renew(world)
        #expect(again.status == 0)
        #expect(again.stdout.contains("already renewed as \"Example Dev (renewed "))
        let cleaned = try Self.renew(world, ["--replace", "--format", "json"])
        #expect(cleaned.status == 0)
        var check = JSONSchemaCheck()
        check.add("profile-renew", "profile renew (renewed)", first)
        check.add("profile-renew", "profile renew --replace (superseded deleted)", cleaned)
        try JSONSchemaTests.expectValid(check)
        // The only profile left is the renewed one: fetch passes.
        let fetched = try world.run(["profile", "fetch", "--bundle-id", ProfileASCWorld.bundleID, "--type",
                                     "IOS_APP_DEVELOPMENT", "--out", world.directory.appendingPathComponent("f").path])
        #expect(fetched.status == 0, "\(fetched.stderr)")
    }

    @Test func replaceKeepsTheName() throws {
        let world = try ProfileASCWorld(push: true, profileAPS: nil)
        let result = try Self.renew(world, ["--replace"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("✔ renewed as \"Example Dev\" (aps-environment development)"))
        #expect(result.stdout.contains("the old profile was deleted"))
    }

    @Test func withPushOffNothingIsMadeAndTheHintEnablesIt() throws {
        let world = try ProfileASCWorld(push: false, profileAPS: nil)
        let result = try Self.renew(world, ["--replace"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("apnsctl: error: bundle id com.example.app: the App ID does not have Push Notifications"))
        #expect(result.stderr.contains("apnsctl: hint: enable it first with `apnsctl app push enable com.example.app --keystore \(world.keystore)"))
        #expect(ProfileASCWorld.files(world.directory.appendingPathComponent("profiles").path).isEmpty)
        // The hint's step runs as printed (it carries the App Store Connect options, not --ca, which app push
        // enable does not take); renew then makes the profile.
        let hint = result.stderr.split(separator: "\n").map(String.init).first { $0.hasPrefix("apnsctl: hint: ") } ?? ""
        let step = try #require(ProfileASCWorld.step(in: hint))
        #expect(!step.contains(" --ca "), "\(step)")
        let enabled = try ProfileASCWorld.runAsPrinted(step, in: world.directory)
        #expect(enabled.status == 0, "\(step)\n\(enabled.stderr)")
        let renewed = try Self.renew(world, ["--replace"])
        #expect(renewed.status == 0, "\(renewed.stderr)")
        #expect(renewed.stdout.contains("✔ renewed as \"Example Dev\" (aps-environment development)"))
    }

    @Test func aSoundProfileNeedsNothing() throws {
        let world = try ProfileASCWorld(push: true, profileAPS: "development")
        let result = try Self.renew(world)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"Example Dev\": ACTIVE, has aps-environment and at least 30 days left: nothing to renew"))
        let soon = try Self.renew(world, ["--min-days", "5000"])
        #expect(soon.status == 0, "\(soon.stderr)")
        #expect(soon.stdout.contains("renewed as \"Example Dev (renewed "))
    }
}
