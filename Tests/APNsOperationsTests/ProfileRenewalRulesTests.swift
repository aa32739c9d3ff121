import APNsAppStoreConnect
import APNsCredentials
import APNsModel
@testable import APNsOperations
import APNsProvisioning
import Foundation
import Testing

/// Which of Apple's profiles must be renewed and why, and the name the new one takes (pure).
@Suite struct ProfileRenewalRulesTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)   // 2027-01-15

    static func document(_ name: String) throws -> ProfileDocument {
        let root = try CredentialReader().read(path: CertFixture.profile("test-root-ca.pem"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: CertFixture.profile(name))))
        return try ProfileReader(extraAnchors: root.certificates).read(bytes: bytes, file: name)
    }

    static func resource(state: String = "ACTIVE", expires: Date? = Date(timeIntervalSince1970: 2_300_000_000))
        -> ProfileResource {
        ProfileResource(id: "P1", name: "Example", profileType: "IOS_APP_DEVELOPMENT", profileState: state,
                        uuid: "u-1", expirationDate: expires)
    }

    @Test func aProfileWithoutAPSEnvironmentIsRenewed() throws {
        let reasons = ProfileRenewalRules.reasons(Self.resource(), document: try Self.document("no-push.mobileprovision"),
                                                  now: Self.now, minimumDays: 30)
        #expect(reasons == [.noAPSEnvironment])
        #expect(reasons.first?.code == "no_aps_environment")
    }

    @Test func aSoundProfileIsLeftAlone() throws {
        let reasons = ProfileRenewalRules.reasons(Self.resource(), document: try Self.document("development.mobileprovision"),
                                                  now: Self.now, minimumDays: 30)
        #expect(reasons.isEmpty)
    }

    @Test func anInvalidOneAndOneExpiringSoonAreRenewed() throws {
        let document = try Self.document("development.mobileprovision")
        #expect(ProfileRenewalRules.reasons(Self.resource(state: "INVALID"), document: document, now: Self.now,
                                            minimumDays: 30) == [.notActive(state: "INVALID")])
        let soon = Self.now.addingTimeInterval(10 * 86_400 + 60)
        #expect(ProfileRenewalRules.reasons(Self.resource(expires: soon), document: document, now: Self.now,
                                            minimumDays: 30) == [.expiresSoon(soon, daysLeft: 10)])
        #expect(ProfileRenewalRules.reasons(Self.resource(expires: soon), document: document, now: Self.now,
                                            minimumDays: 5).isEmpty)
        let past = Self.now.addingTimeInterval(-86_400)
        #expect(ProfileRenewalRules.reasons(Self.resource(expires: past), document: document, now: Self.now,
                                            minimumDays: 0) == [.expired(past)])
    }

    @Test func noContentIsUnreadable() {
        let reasons = ProfileRenewalRules.reasons(Self.resource(), document: nil, now: Self.now, minimumDays: 30)
        #expect(reasons.map(\.code) == ["unreadable"])
    }

    @Test func theNewNameIsKeptOnlyWithReplace() {
        #expect(ProfileRenewalRules.newName(for: "Example Dev", replace: true, taken: ["Example Dev"], now: Self.now)
                == "Example Dev")
        #expect(ProfileRenewalRules.newName(for: "Example Dev", replace: false, taken: ["Example Dev"], now: Self.now)
                == "Example Dev (renewed 2027-01-15)")
        // A renewed profile renewed again: one suffix, not two.
        #expect(ProfileRenewalRules.newName(for: "Example Dev (renewed 2026-01-01)", replace: false, taken: [],
                                            now: Self.now) == "Example Dev (renewed 2027-01-15)")
        // Renewed twice on one day: the second takes a counter.
        #expect(ProfileRenewalRules.newName(for: "Example Dev (renewed 2027-01-15)", replace: false,
                                            taken: ["Example Dev (renewed 2027-01-15)"], now: Self.now)
                == "Example Dev (renewed 2027-01-15 #2)")
    }

    @Test func fileNamesAreTheUUIDWithThePlatformsExtension() {
        let ios = ProfileResource(id: "P1", name: "a/b", profileType: "IOS_APP_STORE", profileState: "ACTIVE", uuid: "abc-1")
        #expect(ApplesProfileJudge.fileName(ios, document: nil) == "abc-1.mobileprovision")
        let mac = ProfileResource(id: "P2", name: "m", profileType: "MAC_APP_DEVELOPMENT", profileState: "ACTIVE",
                                  uuid: "../x")
        #expect(ApplesProfileJudge.fileName(mac, document: nil) == "P2.provisionprofile")
        #expect(ApplesProfileJudge.environment(ofProfileType: "IOS_APP_DEVELOPMENT") == .development)
        #expect(ApplesProfileJudge.environment(ofProfileType: "IOS_APP_ADHOC") == .production)
    }
}

/// Apple's side joined into app check's rows (pure).
@Suite struct AppleSideTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func profile(_ name: String, type: String = "IOS_APP_DEVELOPMENT", aps: String?, created: Double,
                        state: String = "ACTIVE") -> AppleSide.Profile {
        AppleSide.Profile(id: name, name: name, profileType: type, state: state, uuid: nil,
                          createdAt: Date(timeIntervalSince1970: created), expiresAt: now.addingTimeInterval(86_400 * 300),
                          apsEnvironment: aps, environment: ApplesProfileJudge.environment(ofProfileType: type))
    }

    @Test func theClassicCaseNamesTheProfileThatPredatesPush() {
        let old = Self.profile("Old Dev", aps: nil, created: 1_700_000_000)
        let facts = AppleSide.Facts(bundleID: "com.example.app", appIDFound: true, pushEnabled: true, profiles: [old])
        #expect(AppleSide.finding(facts, environment: .development, now: Self.now) == .predatesPush(old))
        #expect(AppleSide.finding(facts, environment: .production, now: Self.now) == nil)
        // Once renewed, the newer profile serves the environment, and the old one no longer fails it.
        let new = Self.profile("Old Dev (renewed)", aps: "development", created: 1_750_000_000)
        var renewed = facts
        renewed.profiles.append(new)
        #expect(AppleSide.finding(renewed, environment: .development, now: Self.now) == nil)
        #expect(AppleSide.profile(renewed, environment: .development, now: Self.now) == new)
    }

    @Test func noAppIDOrPushOffFailsEveryEnvironment() {
        let none = AppleSide.Facts(bundleID: "com.example.app", appIDFound: false, pushEnabled: false, profiles: [])
        #expect(AppleSide.finding(none, environment: .production, now: Self.now) == .noAppID(bundleID: "com.example.app"))
        let off = AppleSide.Facts(bundleID: "com.example.app", appIDFound: true, pushEnabled: false, profiles: [])
        #expect(AppleSide.finding(off, environment: .development, now: Self.now) == .pushDisabled(bundleID: "com.example.app"))
        let invalid = Self.profile("Store", type: "IOS_APP_STORE", aps: "production", created: 1, state: "INVALID")
        let on = AppleSide.Facts(bundleID: "com.example.app", appIDFound: true, pushEnabled: true, profiles: [invalid])
        #expect(AppleSide.finding(on, environment: .production, now: Self.now) == .unusable(invalid))
    }

    @Test func joinFailsTheRowsOfTheWrongEnvironmentOnly() {
        let facts = AppleSide.Facts(bundleID: "com.example.app", appIDFound: true, pushEnabled: true,
                                    profiles: [Self.profile("Old Dev", aps: nil, created: 1_700_000_000)])
        let ready = AppReadiness.Result(bundleID: "com.example.app", teamID: nil, pushTypes: [.alert], rows: [
            row(.development), row(.production),
        ], probed: false)
        #expect(ready.ready)
        let joined = AppleSide.join(ready, facts, now: Self.now) { _ in "apple says no" }
        #expect(!joined.ready)
        #expect(joined.rows.map(\.verdict) == [.notReady, .ready])
        #expect(joined.rows.first?.reason == "apple says no")
    }

    private func row(_ environment: APNsEnvironment) -> AppReadiness.Row {
        AppReadiness.Row(environment: environment, pushType: .alert, topic: "com.example.app", key: nil,
                         certificate: nil, profile: nil, tokens: [], probe: nil, verdict: .ready, reason: nil)
    }
}
