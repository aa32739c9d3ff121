import Foundation
import Testing

/// `apnsctl profile list [--bundle-id ID] [--type TYPE]` against `apnsctl mock asc` (issue 41 §3).
@Suite struct ProfileListCLITests {
    @Test func listsTheTeamsProfilesWithTheirContentsAPSEnvironment() throws {
        let asc = try ASCCommandLine()
        let text = try asc.run(["profile", "list"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("BUNDLE ID") && text.stdout.contains("com.example.other"))
        #expect(text.stdout.contains(ASCCommandLine.profileName) && text.stdout.contains("Other Store"))

        let json = try asc.run(["profile", "list", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let profiles = try #require(ASCCommandLine.json(json) as? [[String: Any]])
        #expect(profiles.compactMap { $0["name"] as? String } == [ASCCommandLine.profileName, "Other Store"])
        #expect(profiles.first?["aps_environment"] is NSNull)
        #expect(profiles.last?["aps_environment"] as? String == "production")
        #expect(profiles.compactMap { $0["bundle_id"] as? String } == [ASCCommandLine.bundleID, "com.example.other"])
    }

    @Test func filtersByBundleIDAndType() throws {
        let asc = try ASCCommandLine()
        let byBundle = try asc.run(["profile", "list", "--bundle-id", "com.example.other", "--format", "json"])
        #expect((ASCCommandLine.json(byBundle) as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Other Store"])
        let byType = try asc.run(["profile", "list", "--type", "IOS_APP_DEVELOPMENT", "--format", "json"])
        #expect((ASCCommandLine.json(byType) as? [[String: Any]])?.compactMap { $0["name"] as? String }
            == [ASCCommandLine.profileName])
        let none = try asc.run(["profile", "list", "--bundle-id", ASCCommandLine.bundleID, "--type", "IOS_APP_STORE"])
        #expect(none.status == 0 && none.stdout.contains("no profiles"))
    }

    @Test func aBadTypeIsAUsageErrorAndAnUnknownBundleIDBadInput() throws {
        let asc = try ASCCommandLine()
        let type = try asc.run(["profile", "list", "--type", "IOS_APP_BOGUS"])
        #expect(type.status == 2 && type.stderr.contains("IOS_APP_DEVELOPMENT"))
        let unknown = try asc.run(["profile", "list", "--bundle-id", "com.example.missing"])
        #expect(unknown.status == 3)
        #expect(unknown.stderr.split(separator: "\n").filter { $0.hasPrefix("apnsctl: error:") }.count == 1)
        #expect(unknown.stderr.split(separator: "\n").filter { $0.hasPrefix("apnsctl: hint:") }.count == 1)
    }
}
