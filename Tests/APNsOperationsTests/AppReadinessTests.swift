import APNsModel
import APNsCore
import APNsCredentials
import APNsKeystore
import APNsOperations
import APNsProvisioning
import Foundation
import Testing
import TestSupport

/// `AppReadiness` in process: the matrix of environments × push types for the repository's fixtures and Apple's
/// real certificates, with keys of the 2025 scopes in a scratch keystore.
@Suite struct AppReadinessTests {
    static let team = Scratch.team
    /// The test CAs of the repository's certificates and profiles (`--ca`).
    static let testCAs = [CertFixture.cert("ca.pem"), CertFixture.profile("test-root-ca.pem")]

    static func scope(_ environments: [APNsEnvironment], topics: [String]? = nil) throws -> KeyScope {
        try KeyScope(environments: environments, restriction: topics.map { .topics($0) } ?? .team, source: .declared)
    }

    /// A keystore holding `keys` (id → scope), all of team ``team``.
    static func keystore(_ keys: [(String, KeyScope)]) throws -> Keystore {
        let store = try Scratch.keystore(keyID: nil)
        for (keyID, scope) in keys { _ = try store.generateKey(team: team, keyID: keyID, scope: scope) }
        return store
    }

    static func row(_ result: AppReadiness.Result, _ environment: APNsEnvironment,
                    _ type: APNsPushType = .alert) throws -> AppReadiness.Row {
        try #require(result.rows.first { $0.environment == environment && $0.pushType == type })
    }

    @Test func aLegacyKeyAndTheUniversalCertificateMakeEveryRowReady() async throws {
        let store = try Self.keystore([("APPKEY0001", .legacy)])
        var input = AppReadiness.Input(bundleID: "com.example.universal")
        input.team = Self.team
        input.keystore = { store }
        input.certificateFiles = [CertFixture.cert("universal.pem")]
        input.caFiles = Self.testCAs
        input.at = ISO8601Text.date(from: "2027-01-01T00:00:00Z") ?? Date()
        let result = try await AppReadiness.run(input)
        #expect(result.pushTypes == [.alert, .voip, .complication])
        #expect(result.rows.count == 6)
        #expect(result.ready)
        for row in result.rows {
            #expect(row.verdict == .ready && row.reason == nil)
            #expect(row.key?.keyID == "APPKEY0001")
            #expect(row.certificate?.purpose == .appPush)
        }
        #expect(try Self.row(result, .production, .voip).topic == "com.example.universal.voip")
    }

    @Test func aKeyForDevelopmentOnlyLeavesProductionWithoutACredential() async throws {
        let store = try Self.keystore([("DEVKEY0001", try Self.scope([.development]))])
        var input = AppReadiness.Input(bundleID: "com.example.app")
        input.keystore = { store }
        input.pushTypes = [.voip]
        let result = try await AppReadiness.run(input)
        #expect(result.teamID == Self.team)   // the keystore's only team
        #expect(!result.ready)
        #expect(try Self.row(result, .development).verdict == .ready)
        #expect(try Self.row(result, .development, .voip).key?.keyID == "DEVKEY0001")
        let voip = try Self.row(result, .production, .voip)
        #expect(voip.verdict == .notReady)
        #expect(voip.key == nil)
        #expect(voip.reason?.hasPrefix("no key covers production for .voip") == true, "\(voip.reason ?? "")")
    }

    /// `app check --env development`: only that environment's rows are judged, so a development key is enough.
    @Test func oneEnvironmentKeepsOnlyItsRows() async throws {
        let store = try Self.keystore([("DEVKEY0001", try Self.scope([.development]))])
        var input = AppReadiness.Input(bundleID: "com.example.app")
        input.keystore = { store }
        input.pushTypes = [.voip]
        input.environment = .development
        let result = try await AppReadiness.run(input)
        #expect(result.rows.count == 2 && result.rows.allSatisfy { $0.environment == .development })
        #expect(result.ready)
        input.environment = .production
        let production = try await AppReadiness.run(input)
        #expect(production.rows.count == 2 && production.rows.allSatisfy { $0.environment == .production })
        #expect(!production.ready)
    }

    @Test func aTopicSpecificKeyThatDoesNotCoverComplicationFailsThatRow() async throws {
        let store = try Self.keystore([
            ("TEAMKEY001", try Self.scope([.development])),
            ("VOIPKEY001", try Self.scope([.production], topics: ["com.example.app.voip"])),
        ])
        var input = AppReadiness.Input(bundleID: "com.example.app")
        input.keystore = { store }
        input.pushTypes = [.voip, .complication]
        let result = try await AppReadiness.run(input)
        #expect(try Self.row(result, .production, .voip).key?.keyID == "VOIPKEY001")
        #expect(try Self.row(result, .production, .voip).verdict == .ready)
        let complication = try Self.row(result, .production, .complication)
        #expect(complication.verdict == .notReady)
        #expect(complication.reason?.contains("a topic-specific key (VOIPKEY001) does not cover .complication") == true,
                "\(complication.reason ?? "")")
        #expect(try Self.row(result, .development, .complication).key?.keyID == "TEAMKEY001")
    }

    @Test func aCertificateExpiringInNineDaysFailsItsRows() async throws {
        var input = AppReadiness.Input(bundleID: "com.example.prod")
        input.certificateFiles = [CertFixture.cert("prod.pem")]
        input.caFiles = Self.testCAs
        let notAfter = try #require(try CertFixture.read("prod.pem").leaf?.notAfter)
        input.at = notAfter.addingTimeInterval(-9 * 86_400 - 3_600)
        let result = try await AppReadiness.run(input)
        let production = try Self.row(result, .production)
        #expect(production.certificate?.daysLeft == 9)
        #expect(production.verdict == .notReady)
        #expect(production.reason?.hasPrefix("the certificate \(CertFixture.cert("prod.pem")) fails its validity check: "
                                             + "only 9 days left") == true, "\(production.reason ?? "")")
        let development = try Self.row(result, .development)
        #expect(development.reason?.hasPrefix("no credential") == true, "\(development.reason ?? "")")
        input.minDays = 5
        #expect(try Self.row(await AppReadiness.run(input), .production).verdict == .ready)
    }

    @Test func aDevelopmentOnlyProfileFailsProduction() async throws {
        let store = try Scratch.keystore(keyID: nil)
        _ = try store.generateKey(team: "TEAM123456", keyID: "APPKEY0002", scope: .legacy)   // the profile's team
        var input = AppReadiness.Input(bundleID: "com.example.dev")
        input.keystore = { store }
        input.profileFiles = [CertFixture.profile("development.mobileprovision")]
        input.caFiles = Self.testCAs
        let result = try await AppReadiness.run(input)
        let development = try Self.row(result, .development)
        #expect(development.verdict == .ready, "\(development.reason ?? "")")
        #expect(development.profile?.apsEnvironment == "development")
        #expect(development.profile?.teamID == "TEAM123456")
        let production = try Self.row(result, .production)
        #expect(production.key?.keyID == "APPKEY0002")
        #expect(production.verdict == .notReady)
        #expect(production.reason == "the profile is development-only: no aps-environment production")
    }

    /// Issue 40 item 2: `--team` names a team whose key signs, the profiles are another team's.
    @Test func aKeyOfAnotherTeamThanTheProfilesIsNotReady() async throws {
        let store = try Self.keystore([("APPKEY0002", .legacy)])   // team DEF123GHIJ
        var input = AppReadiness.Input(bundleID: "com.example.dev")
        input.keystore = { store }
        input.team = Self.team
        input.profileFiles = [CertFixture.profile("development.mobileprovision")]   // team TEAM123456
        input.caFiles = Self.testCAs
        let development = try Self.row(await AppReadiness.run(input), .development)
        #expect(development.verdict == .notReady)
        #expect(development.reason == "the profiles are team TEAM123456's; key APPKEY0002 is team DEF123GHIJ's")
    }

    /// A profile the profile judge refuses (no `--ca` for the test CA: its signature is untrusted) fails its rows.
    @Test func aProfileThatDoesNotVerifyFailsItsRows() async throws {
        let store = try Scratch.keystore(keyID: nil)
        _ = try store.generateKey(team: "TEAM123456", keyID: "APPKEY0002", scope: .legacy)
        var input = AppReadiness.Input(bundleID: "com.example.dev")
        input.keystore = { store }
        input.profileFiles = [CertFixture.profile("development.mobileprovision")]
        let development = try Self.row(await AppReadiness.run(input), .development)
        #expect(development.verdict == .notReady)
        #expect(development.reason?.contains("fails its signature check: untrusted") == true, "\(development.reason ?? "")")
    }

    /// A profile's entitlements name push types beyond alert: Location Push Service Extension, Push to Talk, PushKit
    /// unrestricted VoIP; an entitlement set to false enables nothing, and a profile for another app adds nothing.
    @Test func aProfilesEntitlementsAddTheirPushTypes() async throws {
        let enabled = AppReadiness.ProfileFact.pushTypes(entitlements: [
            "com.apple.developer.location.push": .bool(true), "com.apple.developer.push-to-talk": .bool(false),
            "com.apple.developer.pushkit.unrestricted-voip": .bool(true), "aps-environment": .string("production"),
        ])
        #expect(enabled == [.location, .voip])
        let facts = AppReadiness.Facts(bundleID: "com.example.app", profiles: [
            AppReadiness.ProfileFact(file: "app.mobileprovision", apsEnvironment: "production", expiresAt: nil,
                                     pushTypes: [.location]),
            AppReadiness.ProfileFact(file: "other.mobileprovision", apsEnvironment: "production", expiresAt: nil,
                                     coversApp: false, pushTypes: [.pushtotalk]),
        ])
        #expect(AppReadiness.pushTypes(facts) == [.alert, .location])
    }

    @Test func aProfileForAnotherAppIsNamed() async throws {
        var input = AppReadiness.Input(bundleID: "com.example.other")
        input.certificateFiles = [CertFixture.cert("universal.pem")]
        input.caFiles = Self.testCAs
        input.profileFiles = [CertFixture.profile("development.mobileprovision")]
        let result = try await AppReadiness.run(input)
        #expect(result.rows.allSatisfy { $0.reason?.contains("no profile given covers com.example.other") == true
            || $0.reason?.hasPrefix("no credential") == true })
    }

    /// Apple's universal certificate of 2023 (WWDR G4) lists voip, complication and .voip-ptt topics: four push
    /// types, and ten days before it expired every row fails on its expiry.
    @Test func appleUniversalCertificateShowsItsPushTypesAndItsExpiry() async throws {
        let file = "/work/shared/samples/apple-certs/universal_applab_qrail_2023_g4.pem"
        try #require(FileManager.default.fileExists(atPath: file), "the Apple sample is missing")
        var input = AppReadiness.Input(bundleID: "com.applab.qrail")
        input.certificateFiles = [file]
        input.at = ISO8601Text.date(from: "2024-02-26T00:00:00Z") ?? Date()
        let result = try await AppReadiness.run(input)
        #expect(result.pushTypes == [.alert, .voip, .complication, .pushtotalk])
        #expect(result.teamID == "4F7HT7PB8X")
        #expect(result.rows.allSatisfy { $0.reason?.hasPrefix("the certificate \(file) fails its validity check: only 10 days left") == true },
                "\(result.rows.map(\.reason))")
        input.at = ISO8601Text.date(from: "2023-06-01T00:00:00Z") ?? Date()
        #expect(try await AppReadiness.run(input).ready)
    }

    /// Offline a device token is read for its syntax only; its environment is the device-token judge's, which needs
    /// APNs's answers: the part is not judged, so the rows are unverified, never ready (issue 40 §1; before: ready,
    /// exit 0). Without the token the same rows are ready.
    @Test func deviceTokensAreCheckedForSyntaxOnlyOffline() async throws {
        var input = AppReadiness.Input(bundleID: "com.example.universal")
        input.certificateFiles = [CertFixture.cert("universal.pem")]
        input.caFiles = Self.testCAs
        #expect(try await AppReadiness.run(input).ready)
        input.deviceTokens = ["<0123 4567 89ab cdef 0123 4567 89ab cdef>"]
        let result = try await AppReadiness.run(input)
        let row = try Self.row(result, .development)
        #expect(row.tokens.map(\.deviceToken) == ["0123456789abcdef0123456789abcdef"])
        #expect(row.tokens.map(\.verdict) == [nil])
        #expect(row.verdict == .unverified)
        #expect(row.reason?.hasPrefix("device token 01234567… not classified") == true, "\(String(describing: row.reason))")
        #expect(!result.ready && result.exitStatus == .checkFailed)
        input.deviceTokens = ["not-hex"]
        await #expect(throws: AppReadinessError.self) { try await AppReadiness.run(input) }
        input = AppReadiness.Input(bundleID: "com..bad")
        await #expect(throws: AppReadinessError.self) { try await AppReadiness.run(input) }
    }

    /// `--probe` in process: a mock playing each environment, trusting the keystore's keys; each row's canary goes
    /// through its key, and each device token is classified by the environment that accepts it.
    @Test func probingConfirmsEachRowAndClassifiesTokens() async throws {
        let setting = try CanarySetting("app-readiness")
        _ = try setting.store.generateKey(team: Self.team, keyID: "SBXKEY0001", scope: try Self.scope([.development]))
        _ = try setting.store.generateKey(team: Self.team, keyID: "PRDKEY0001", scope: try Self.scope([.production]))
        let scopes = ["SBXKEY0001": try Self.scope([.development]), "PRDKEY0001": try Self.scope([.production])]
        let development = try await setting.mock(.development, trusting: ["SBXKEY0001", "PRDKEY0001"], scopes: scopes)
        let production = try await setting.mock(.production, trusting: ["SBXKEY0001", "PRDKEY0001"], scopes: scopes)
        defer { Task { await development.server.stop(); await production.server.stop() } }
        var input = AppReadiness.Input(bundleID: "com.example.app")
        input.keystore = { setting.store }
        let offline = try await AppReadiness.run(input)
        #expect(offline.ready)
        // Each mock has its own CA: one environment at a time.
        for (environment, mock) in [(APNsEnvironment.development, development), (.production, production)] {
            var only = offline
            only.rows.removeAll { $0.environment != environment }
            let servers = CanaryServers(servers: [mock.server(environment)], caFile: mock.caFile, timeout: 5)
            let probed = try AppReadiness.probe(only, servers: servers, keystore: { setting.store },
                                                certificatePassword: { "" })
            #expect(probed.probed)
            let row = try #require(probed.rows.first)
            #expect(row.probe?.confirmed == true, "\(String(describing: row.probe))")
            #expect(row.key?.keyID == (environment == .development ? "SBXKEY0001" : "PRDKEY0001"))
            #expect(row.verdict == .ready)
        }
        // The production key sent to the development mock is refused: the row fails with APNs's reason.
        var wrong = offline
        wrong.rows.removeAll { $0.environment != .production }
        let servers = CanaryServers(servers: [.init(environment: .production, host: "127.0.0.1", port: development.port)],
                                    caFile: development.caFile, timeout: 5)
        let refused = try AppReadiness.probe(wrong, servers: servers, keystore: { setting.store },
                                             certificatePassword: { "" })
        let row = try #require(refused.rows.first)
        #expect(row.verdict == .notReady)
        #expect(row.probe?.status == 403)
        #expect(row.reason?.contains("the canary through key PRDKEY0001 was refused: 403") == true, "\(row.reason ?? "")")
    }

    /// Issue 40 item 7: device tokens are classified by `device check`'s judge, one verdict a token, and a token it
    /// calls unregistered or another app's fails the row (one environment asked: a BadDeviceToken is
    /// `not_in_production`, which leaves the row unverified, never ready).
    @Test func probingClassifiesDeviceTokensAsDeviceCheckDoes() async throws {
        let setting = try CanarySetting("app-tokens")
        _ = try setting.store.generateKey(team: Self.team, keyID: "BOTHKEY001", scope: .legacy)
        func token(_ byte: String) -> String { String(repeating: byte, count: 32) }
        let good = token("ab"), gone = token("cd"), other = token("ef"), bad = token("12")
        let production = try await setting.mock(.production, trusting: ["BOTHKEY001"],
                                                devices: [good: "com.example.app", other: "com.other.app"],
                                                unregistered: [gone: Date(timeIntervalSince1970: 1_700_000_000)])
        defer { Task { await production.server.stop() } }
        var input = AppReadiness.Input(bundleID: "com.example.app")
        input.keystore = { setting.store }
        input.environment = .production
        let servers = CanaryServers(servers: [production.server(.production)], caFile: production.caFile, timeout: 5)
        func probe(_ tokens: [String]) async throws -> AppReadiness.Result {
            input.deviceTokens = tokens
            return try AppReadiness.probe(try await AppReadiness.run(input), servers: servers,
                                          keystore: { setting.store }, certificatePassword: { "" })
        }
        let placed = try await probe([good])
        #expect(placed.ready, "\(placed.rows.map(\.reason))")
        #expect(try Self.row(placed, .production).tokens.map(\.verdict) == [.production])
        let refused = try await probe([good, gone, other, bad])
        let row = try Self.row(refused, .production)
        #expect(row.tokens.map(\.verdict) == [.production, .unregistered, .otherApp, .notInProduction])
        #expect(row.verdict == .notReady)
        #expect(row.reason?.hasPrefix("device token cdcdcdcd…: unregistered") == true, "\(row.reason ?? "")")
        #expect(!refused.ready && refused.exitStatus == .checkFailed)
        let unplaced = try await probe([good, bad])
        #expect(try Self.row(unplaced, .production).verdict == .unverified)
        #expect(!unplaced.ready)
    }

    /// A server that cannot be reached: the row is unverified and the run exit 4, as `probe` and `device check` say.
    @Test func anUnreachableServerIsUnverifiedAndExit4() async throws {
        let store = try Self.keystore([("APPKEY0001", .legacy)])
        var input = AppReadiness.Input(bundleID: "com.example.app")
        input.keystore = { store }
        input.environment = .development
        let closed = CanaryServers(servers: [.init(environment: .development, host: "127.0.0.1", port: 1)],
                                   caFile: nil, timeout: 5)
        let result = try AppReadiness.probe(try await AppReadiness.run(input), servers: closed, keystore: { store },
                                            certificatePassword: { "" })
        #expect(try Self.row(result, .development).verdict == .unverified)
        #expect(result.unreachable == [.development])
        #expect(result.exitStatus == .unreachable)
    }
}
