import Foundation
import Testing
import TestSupport

/// `profile fetch` against `apnsctl mock asc`: a profile the judge refuses is not written (one error, one hint
/// that runs); a sound one is written 0644 as UUID.mobileprovision and `profile verify` agrees with the judge.
@Suite(.serialized) struct ProfileFetchCLITests {
    static func lines(_ text: String, _ prefix: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    @Test func aProfileWithoutAPSEnvironmentIsRefusedAndNothingWritten() throws {
        let world = try ProfileASCWorld(push: true, profileAPS: nil)
        let out = world.directory.appendingPathComponent("profiles").path
        let result = try world.run(["profile", "fetch", "--bundle-id", ProfileASCWorld.bundleID, "--type",
                                    "IOS_APP_DEVELOPMENT", "--out", out])
        #expect(result.status == 1, "\(result.stderr)")
        let errors = Self.lines(result.stderr, "apnsctl: error: "), hints = Self.lines(result.stderr, "apnsctl: hint: ")
        #expect(errors.count == 1 && hints.count == 1, "\(result.stderr)")
        #expect(errors.first?.contains("profile \"Example Dev\"") == true)
        #expect(errors.first?.contains("fails its aps_environment check") == true)
        #expect(errors.first?.hasSuffix("nothing written") == true)
        #expect(hints.first?.contains("the profile predates it: renew it with `apnsctl profile renew --bundle-id "
                                      + "com.example.app --type IOS_APP_DEVELOPMENT --out \(out)") == true)
        #expect(ProfileASCWorld.files(out).isEmpty)
        // The hint's step runs as printed and fixes it; fetch then writes the new profile (by its name).
        let step = try #require(hints.first.flatMap(ProfileASCWorld.step))
        let renewed = try ProfileASCWorld.runAsPrinted(step, in: world.directory)
        #expect(renewed.status == 0, "\(step)\n\(renewed.stderr)")
        #expect(ProfileASCWorld.files(out).count == 1)
    }

    @Test func aSoundProfileIsWritten0644AndProfileVerifyAgrees() throws {
        let world = try ProfileASCWorld(push: true, profileAPS: "development")
        let out = world.directory.appendingPathComponent("profiles").path
        let result = try world.run(["profile", "fetch", "--bundle-id", ProfileASCWorld.bundleID, "--type",
                                    "IOS_APP_DEVELOPMENT", "--out", out, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let profiles = try #require(try world.json(result)["profiles"] as? [[String: Any]])
        let file = try #require(profiles.first?["file"] as? String)
        #expect(profiles.count == 1)
        #expect(file.hasPrefix(out + "/") && file.hasSuffix(".mobileprovision"))
        #expect(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent == profiles.first?["uuid"] as? String)
        let mode = (try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o644)
        let verify = try CLI.run(["profile", "verify", file, "--ca", world.caFile, "--env", "development",
                                  "--bundle-id", ProfileASCWorld.bundleID])
        #expect(verify.status == 0, "\(verify.stdout)")
        var check = JSONSchemaCheck()
        check.add("profile-fetch", "profile fetch", result)
        try JSONSchemaTests.expectValid(check)
    }

    @Test func anUnknownBundleIDIsBadInputWithOneHint() throws {
        let world = try ProfileASCWorld(push: true, profileAPS: "development")
        let result = try world.run(["profile", "fetch", "--bundle-id", "com.example.nope", "--type",
                                    "IOS_APP_DEVELOPMENT", "--out", world.directory.appendingPathComponent("p").path])
        #expect(result.status == 3)
        #expect(Self.lines(result.stderr, "apnsctl: error: ") == [
            "apnsctl: error: bundle id com.example.nope: App Store Connect has no App ID with this identifier"])
        #expect(Self.lines(result.stderr, "apnsctl: hint: ").count == 1)
    }
}
