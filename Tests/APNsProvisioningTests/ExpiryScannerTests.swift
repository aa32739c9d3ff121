import APNsCore
import APNsCredentials
import Foundation
import Testing
@testable import APNsProvisioning

@Suite struct ExpiryScannerTests {
    let now = ISO8601DateFormatter().date(from: "2026-06-01T00:00:00Z") ?? Date()

    func scan(_ paths: [String]) throws -> ExpiryReport {
        let scanner = ExpiryScanner(profiles: try ProfileFixtures.testReader(), now: now)
        return ExpiryReport(items: scanner.scan(paths: paths), generatedAt: now, minimumDays: 30)
    }

    @Test func aDirectoryIsWalkedSoonestFirstWithUnreadableFilesListed() throws {
        let report = try scan([ProfileFixtures.directory.path])
        let expiring = report.items.filter { $0.notAfter != nil }
        #expect(expiring.map(\.notAfter) == expiring.map(\.notAfter).sorted { ($0 ?? .distantFuture) < ($1 ?? .distantFuture) })
        #expect(report.items.first?.name == "Example Expired")
        #expect(report.items.first?.daysLeft ?? 0 < 0)
        let profiles = report.items.filter { $0.kind == .profile }
        #expect(profiles.count == 8)
        let mac = try #require(profiles.first { $0.name == "Example Mac" })
        #expect(mac.team == "MACTEAM123" && mac.environment == "production" && mac.topic == "com.example.mac")
        let unreadable = report.items.filter { $0.kind == .unreadable }
        #expect(unreadable.map { URL(fileURLWithPath: $0.file).lastPathComponent } == ["empty.mobileprovision"])
        #expect(report.items.last?.kind == .unreadable)
        #expect(report.tooSoon.map(\.name) == ["Example Expired"])
    }

    @Test func everyCertificateOfABundleAndAP8sAge() throws {
        let report = try scan([ProfileFixtures.certificate("universal-g4-chain.pem"),
                               ProfileFixtures.certificate("AuthKey_TESTKEY001.p8"),
                               ProfileFixtures.certificate("universal-modern.p12")])
        let chain = report.items.filter { $0.file.hasSuffix("universal-g4-chain.pem") }
        #expect(chain.map(\.kind) == [.certificate, .chainCertificate])
        #expect(chain.first?.topic == "com.example.g4")
        #expect(chain.first?.environment == "universal")
        let key = try #require(report.items.first { $0.kind == .signingKey })
        #expect(key.name == "TESTKEY001")
        #expect(key.notAfter == nil && key.ageDays != nil)
        let p12 = try #require(report.items.first { $0.file.hasSuffix(".p12") })
        #expect(p12.kind == .unreadable)
        #expect(p12.error?.contains("password") == true)
    }

    @Test func prometheusTextHasOneSamplePerCredentialWithItsLabels() throws {
        let report = try scan([ProfileFixtures.path("development.mobileprovision"), ProfileFixtures.certificate("dev.pem"),
                               ProfileFixtures.path("empty.mobileprovision")])
        let text = report.prometheus
        let samples = text.split(separator: "\n").filter { $0.hasPrefix("apnsctl_credential_expiry_timestamp_seconds{") }
        #expect(samples.count == 2)
        #expect(text.contains("# TYPE apnsctl_credential_time_left_seconds gauge"))
        #expect(samples.contains { $0.contains("kind=\"profile\"") && $0.contains("team_id=\"TEAM123456\"")
                    && $0.contains("topic=\"com.example.dev\"") && $0.hasSuffix(" 2366841600") })
        #expect(text.contains("apnsctl_credential_unreadable{file=\"\(ProfileFixtures.path("empty.mobileprovision"))\"} 1"))
        #expect(text.contains("apnsctl_expiry_credentials 2\n"))
    }

    /// Issue 19: `expiry --min-days 30` passed with 29 days 13 hours left (days were rounded to the nearest).
    @Test func minDaysComparesTheExactRemainingTime() throws {
        let certificate = try #require(try CredentialReader().read(path: ProfileFixtures.certificate("dev.pem")).leaf)
        let almost30 = certificate.notAfter.addingTimeInterval(-(29 * 86_400 + 13 * 3600))
        let scanner = ExpiryScanner(profiles: try ProfileFixtures.testReader(), now: almost30)
        let items = scanner.scan(paths: [ProfileFixtures.certificate("dev.pem")])
        let report = ExpiryReport(items: items, generatedAt: almost30, minimumDays: 30)
        #expect(items.first?.daysLeft == 29)
        #expect(items.first?.notAfter == certificate.notAfter)
        #expect(report.tooSoon.count == 1)
        #expect(!report.passed)
        let exactly30 = ExpiryScanner(profiles: try ProfileFixtures.testReader(),
                                      now: certificate.notAfter.addingTimeInterval(-30 * 86_400))
        #expect(ExpiryReport(items: exactly30.scan(paths: [ProfileFixtures.certificate("dev.pem")]), generatedAt: now,
                             minimumDays: 30).passed)
    }

    /// Issue 19: a .p12 that cannot be opened (no password) left `expiry --min-days` green.
    @Test func anUnreadableCredentialFailsTheMinDaysCheck() throws {
        let items = try scan([ProfileFixtures.certificate("universal-modern.p12"),
                              ProfileFixtures.path("development.mobileprovision")]).items
        let report = ExpiryReport(items: items, generatedAt: now, minimumDays: 1)
        #expect(report.tooSoon.isEmpty)
        #expect(report.unreadable.map(\.kind) == [.unreadable])
        #expect(!report.passed)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any]
        #expect(json?["passed"] as? Bool == false)
        // Without --min-days there is no check to fail.
        #expect(ExpiryReport(items: items, generatedAt: now, minimumDays: nil).passed)
    }
}
