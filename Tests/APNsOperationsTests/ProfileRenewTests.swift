import APNsAppStoreConnect
import APNsOperations
import Foundation
import Testing

/// `profile fetch`, `profile renew` and app check's Apple side, in process against the local App Store Connect:
/// the classic case (a profile made before the App ID had Push Notifications) found, refused, renewed.
@Suite struct ProfileRenewTests {
    static func fetchInput(_ mock: ProfileASCMock, name: String? = nil) -> ProfileFetch.Input {
        var input = ProfileFetch.Input(bundleID: ProfileASCMock.bundleID, profileType: "IOS_APP_DEVELOPMENT",
                                       outputDirectory: mock.out)
        input.caFiles = [mock.caFile]
        input.name = name
        return input
    }

    static func renewInput(_ mock: ProfileASCMock, replace: Bool = false) -> ProfileRenew.Input {
        var input = ProfileRenew.Input(bundleID: ProfileASCMock.bundleID, profileType: "IOS_APP_DEVELOPMENT",
                                       outputDirectory: mock.out)
        input.caFiles = [mock.caFile]
        input.replace = replace
        return input
    }

    @Test func theClassicCaseIsNamedRefusedAndRenewed() async throws {
        let mock = try await ProfileASCMock.start(push: true, profileAPS: nil)
        defer { Task { try? await mock.stop() } }
        // Apple's side names the profile that predates the capability.
        let facts = try AppleSide.read(bundleID: ProfileASCMock.bundleID, client: mock.client)
        guard case .predatesPush(let old) = AppleSide.finding(facts, environment: .development, now: Date()) else {
            Issue.record("no predatesPush finding: \(facts)")
            return
        }
        #expect(old.name == ProfileASCMock.profileName)
        #expect(old.createdAt.map { $0 < Date() } == true)
        // fetch refuses it, and writes nothing.
        #expect(throws: ProfileDownloadError.self) { try ProfileFetch.run(Self.fetchInput(mock), client: mock.client) }
        do {
            _ = try ProfileFetch.run(Self.fetchInput(mock), client: mock.client)
        } catch ProfileDownloadError.refused(let refused) {
            #expect(refused.map(\.check.name) == ["aps_environment"])
            #expect(refused.first?.pushEnabled == true)
        }
        #expect(mock.written.isEmpty)
        // renew makes a new one beside it (Apple refuses two of one name) that carries aps-environment.
        let renewed = try ProfileRenew.run(Self.renewInput(mock), client: mock.client)
        let outcome = try #require(renewed.outcomes.first)
        #expect(outcome.reasons == [.noAPSEnvironment])
        #expect(outcome.new?.apsEnvironment == "development")
        #expect(outcome.new?.resource.name.hasPrefix("Example Dev (renewed ") == true)
        #expect(!outcome.deleted)
        let file = try #require(outcome.file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o644)
        #expect(mock.written == [URL(fileURLWithPath: file).lastPathComponent])
        #expect(file.hasSuffix("\(outcome.new?.resource.uuid ?? "?").mobileprovision"))
        // Apple's side is right now; the old profile stays (no --replace).
        let after = try AppleSide.read(bundleID: ProfileASCMock.bundleID, client: mock.client)
        #expect(AppleSide.finding(after, environment: .development, now: Date()) == nil)
        #expect(after.profiles.count == 2)
        // The new one fetched by its name passes the judge.
        let fetched = try ProfileFetch.run(Self.fetchInput(mock, name: outcome.new?.resource.name), client: mock.client)
        #expect(fetched.written.map(\.file) == [file])
        // Renewing again makes nothing: the old profile is superseded; --replace then deletes it, and only it.
        let again = try ProfileRenew.run(Self.renewInput(mock), client: mock.client)
        #expect(again.nothingToDo)
        #expect(again.outcomes.first { $0.old.name == ProfileASCMock.profileName }?.supersededBy
                == outcome.new?.resource.name)
        let cleaned = try ProfileRenew.run(Self.renewInput(mock, replace: true), client: mock.client)
        #expect(cleaned.outcomes.filter(\.deleted).map(\.old.name) == [ProfileASCMock.profileName])
        #expect(cleaned.outcomes.allSatisfy { $0.new == nil })
        #expect(try mock.client.profiles(bundleID: "B1", profileType: nil).map(\.name) == [outcome.new?.resource.name])
    }

    @Test func replaceDeletesTheOldOneAndKeepsItsName() async throws {
        let mock = try await ProfileASCMock.start(push: true, profileAPS: nil)
        defer { Task { try? await mock.stop() } }
        let renewed = try ProfileRenew.run(Self.renewInput(mock, replace: true), client: mock.client)
        let outcome = try #require(renewed.outcomes.first)
        #expect(outcome.deleted)
        #expect(outcome.new?.resource.name == ProfileASCMock.profileName)
        let profiles = try mock.client.profiles(bundleID: "B1", profileType: nil)
        #expect(profiles.map(\.name) == [ProfileASCMock.profileName])
        #expect(profiles.map(\.id) != ["P1"])
        // Again: nothing to do, nothing made.
        let again = try ProfileRenew.run(Self.renewInput(mock, replace: true), client: mock.client)
        #expect(again.nothingToDo)
        #expect(try mock.client.profiles(bundleID: "B1", profileType: nil).count == 1)
    }

    @Test func withPushOffNothingIsMade() async throws {
        let mock = try await ProfileASCMock.start(push: false, profileAPS: nil)
        defer { Task { try? await mock.stop() } }
        #expect(throws: ProfileDownloadError.pushNotEnabled(bundleID: ProfileASCMock.bundleID)) {
            try ProfileRenew.run(Self.renewInput(mock, replace: true), client: mock.client)
        }
        #expect(try mock.client.profiles(bundleID: "B1", profileType: nil).map(\.id) == ["P1"])
        #expect(mock.written.isEmpty)
        let facts = try AppleSide.read(bundleID: ProfileASCMock.bundleID, client: mock.client)
        #expect(AppleSide.finding(facts, environment: .production, now: Date())
                == .pushDisabled(bundleID: ProfileASCMock.bundleID))
    }

    @Test func aSoundProfileIsFetchedAndAnUnknownBundleIDRefused() async throws {
        let mock = try await ProfileASCMock.start(push: true, profileAPS: "development")
        defer { Task { try? await mock.stop() } }
        let fetched = try ProfileFetch.run(Self.fetchInput(mock), client: mock.client)
        #expect(fetched.written.count == 1)
        #expect(fetched.written.first?.judged.checks.allSatisfy { $0.status == .pass } == true)
        #expect(try ProfileRenew.run(Self.renewInput(mock), client: mock.client).nothingToDo)
        var unknown = Self.fetchInput(mock)
        unknown.bundleID = "com.example.other"
        #expect(throws: ProfileDownloadError.unknownBundleID("com.example.other")) {
            try ProfileFetch.run(unknown, client: mock.client)
        }
    }

    @Test func withoutTheCAsFileTheSignatureIsRefusedAndNothingWritten() async throws {
        let mock = try await ProfileASCMock.start(push: true, profileAPS: "development")
        defer { Task { try? await mock.stop() } }
        var input = Self.fetchInput(mock)
        input.caFiles = []
        do {
            _ = try ProfileFetch.run(input, client: mock.client)
            Issue.record("fetch wrote a profile whose signature chains to no trusted CA")
        } catch ProfileDownloadError.refused(let refused) {
            #expect(refused.map(\.check.name) == ["signature"])
        }
        #expect(mock.written.isEmpty)
    }
}
