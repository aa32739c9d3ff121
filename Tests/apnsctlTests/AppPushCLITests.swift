import Foundation
import Testing

/// `apnsctl app push status|enable` against `apnsctl mock asc` (issue 41 §3), text and JSON, and the errors a user
/// meets: one error line, one hint, a documented exit code.
@Suite struct AppPushCLITests {
    static func lines(_ text: String, _ prefix: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix(prefix) }
    }

    @Test func statusSaysPushIsOffAndTheProfileLacksAPSEnvironment() throws {
        let asc = try ASCCommandLine()
        let text = try asc.run(["app", "push", "status", ASCCommandLine.bundleID])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("push notifications: not enabled"))
        #expect(text.stdout.contains(ASCCommandLine.profileName) && text.stdout.contains("IOS_APP_DEVELOPMENT"))
        #expect(text.stdout.contains("without aps-environment"))

        let json = try asc.run(["app", "push", "status", ASCCommandLine.bundleID, "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(ASCCommandLine.json(json) as? [String: Any])
        #expect(report["bundle_id"] as? String == ASCCommandLine.bundleID)
        #expect(report["app_id_found"] as? Bool == true && report["push_enabled"] as? Bool == false)
        let profiles = try #require(report["profiles"] as? [[String: Any]])
        #expect(profiles.count == 1 && profiles.first?["name"] as? String == ASCCommandLine.profileName)
        #expect(profiles.first?["aps_environment"] is NSNull)
        #expect(profiles.first?["state"] as? String == "ACTIVE" && profiles.first?["expires"] is String)
    }

    @Test func enableIsIdempotentAndNamesTheRenewalThatRunsAsPrinted() throws {
        let asc = try ASCCommandLine()
        let dry = try asc.run(["app", "push", "enable", ASCCommandLine.bundleID, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("would be enabled (dry run: nothing changed)"))
        let still = try asc.run(["app", "push", "status", ASCCommandLine.bundleID, "--format", "json"])
        #expect((ASCCommandLine.json(still) as? [String: Any])?["push_enabled"] as? Bool == false)

        let enabled = try asc.run(["app", "push", "enable", ASCCommandLine.bundleID, "--format", "json"])
        #expect(enabled.status == 0, "\(enabled.stderr)")
        let report = try #require(ASCCommandLine.json(enabled) as? [String: Any])
        #expect(report["change"] as? String == "enabled" && report["changed"] as? Bool == true)
        #expect(report["push_enabled"] as? Bool == true && report["dry_run"] as? Bool == false)
        let renew = try #require((report["profiles_to_renew"] as? [[String: Any]])?.first)
        #expect(renew["name"] as? String == ASCCommandLine.profileName)
        let step = try #require(renew["next_step"] as? String)
        #expect(step.hasPrefix("apnsctl profile renew --bundle-id \(ASCCommandLine.bundleID) --type IOS_APP_DEVELOPMENT --out ."))
        for option in asc.options { #expect(step.contains(option), "the step lacks \(option): \(step)") }

        let again = try asc.run(["app", "push", "enable", ASCCommandLine.bundleID])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Push Notifications was already enabled: nothing changed"))
        #expect(again.stdout.contains(ASCCommandLine.profileName))

        // The printed step, run as printed (in a directory of its own): the App ID then has a profile with push.
        let out = asc.directory.appendingPathComponent("renewed")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let renewed = try CLI.run(step.split(separator: " ").dropFirst().map(String.init), in: out)
        #expect(![2, 3, 4, 5].contains(renewed.status), "\(step): \(renewed.stderr)")
        let after = try #require(ASCCommandLine.json(try asc.run(["app", "push", "status", ASCCommandLine.bundleID,
                                                                  "--format", "json"])) as? [String: Any])
        let environments = (after["profiles"] as? [[String: Any]] ?? []).compactMap { $0["aps_environment"] as? String }
        #expect(environments.contains("development"), "after \(step): \(after)")
        // Without --ca (which app push enable does not take) the mock's profiles fail the profile judge, so the file
        // is not written; against Apple's CAs it would be: nothing but the judge's refusal may stop the step.
        #expect(renewed.status == 0 || renewed.stderr.contains("signature"), "\(step): \(renewed.stderr)")
    }

    @Test func anUnknownBundleIDIsOneErrorAndOneHint() throws {
        let asc = try ASCCommandLine()
        let status = try asc.run(["app", "push", "status", "com.example.missing", "--format", "json"])
        #expect(status.status == 1)
        let report = try #require(ASCCommandLine.json(status) as? [String: Any])
        #expect(report["app_id_found"] as? Bool == false && report["exit_code"] as? Int == 1)
        #expect(Self.lines(status.stderr, "apnsctl: error:").count == 1)
        #expect(Self.lines(status.stderr, "apnsctl: hint:").count == 1)
        #expect(status.stderr.contains("no App ID com.example.missing"))

        let enable = try asc.run(["app", "push", "enable", "com.example.missing"])
        #expect(enable.status == 3 && enable.stdout.isEmpty)
        #expect(Self.lines(enable.stderr, "apnsctl: error:").count == 1)
        #expect(Self.lines(enable.stderr, "apnsctl: hint:").first?.contains("profile list") == true)
    }

    @Test func anIndividualKeyIsRefusedWithThatReason() throws {
        let asc = try ASCCommandLine(individual: true)
        let status = try asc.run(["app", "push", "status", ASCCommandLine.bundleID])
        // Refused before asking (docs/provisioning.md), as profile fetch and renew refuse it: the keystore's key.
        #expect(status.status == 5 && status.stdout.isEmpty, "\(status.stdout)")
        let error = Self.lines(status.stderr, "apnsctl: error:")
        #expect(error.count == 1 && error.first?.contains("individual key") == true, "\(status.stderr)")
        #expect(Self.lines(status.stderr, "apnsctl: hint:").first?.contains("team key") == true)
    }

    @Test func aServerWhoseCAIsNotGivenIsUntrustedWithAHintForCacert() throws {
        let asc = try ASCCommandLine()
        let status = try CLI.run(["app", "push", "status", ASCCommandLine.bundleID, "--keystore", asc.keystore,
                                  "--asc-url", asc.url])
        #expect(status.status == 4)
        #expect(Self.lines(status.stderr, "apnsctl: hint:").first?.contains("--cacert") == true, "\(status.stderr)")
    }

    @Test func aRateLimitOutlastingTheRetriesIsOneErrorWithTheWait() throws {
        let asc = try ASCCommandLine(faults: ["rate-limit=5,retry-after=1"])
        let status = try asc.run(["app", "push", "status", ASCCommandLine.bundleID])
        #expect(status.status == 4 && status.stdout.isEmpty)
        let error = Self.lines(status.stderr, "apnsctl: error:")
        #expect(error.count == 1 && error.first?.contains("429 RATE_LIMIT_EXCEEDED") == true, "\(status.stderr)")
        #expect(Self.lines(status.stderr, "apnsctl: hint:").first?.contains("after 1 s") == true)
    }

    @Test func anHTMLAnswerIsOneErrorNamingIt() throws {
        let asc = try ASCCommandLine(faults: ["html=1,status=502"])
        let enable = try asc.run(["app", "push", "enable", ASCCommandLine.bundleID])
        #expect(enable.status == 4 && enable.stdout.isEmpty)
        let error = Self.lines(enable.stderr, "apnsctl: error:")
        #expect(error.count == 1 && error.first?.contains("HTTP 502 with text/html") == true, "\(enable.stderr)")
        #expect(Self.lines(enable.stderr, "apnsctl: hint:").first?.contains("--asc-url") == true)
    }
}
