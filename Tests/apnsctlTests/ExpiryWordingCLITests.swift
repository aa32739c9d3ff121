import Foundation
import TestSupport
import Testing

/// Issue 29 §7 (certificates and profiles): expiry said by tense ("less than a day left", never "only less than a
/// day left"; "expired N days ago (on DATE)", never "(until DATE)"), `profile verify --at`, a bare XML plist
/// without `<?xml` read as `unsigned`, and one set of Prometheus label names.
@Suite struct ExpiryWordingCLITests {
    static func notAfter(_ path: String) throws -> Date {
        let result = try CLI.run(["cert", "inspect", path, "--format", "json"])
        let leaf = try #require(((try CertCLI.json(result) as? [[String: Any]])?.first?["certificates"] as? [[String: Any]])?.first)
        return try #require(ISO8601DateFormatter().date(from: leaf["not_after"] as? String ?? ""))
    }

    static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    @Test func anHourBeforeTheEndIsLessThanADayLeftNotOnlyLessThanADay() throws {
        let end = try Self.notAfter(CertCLI.path("dev.pem"))
        let result = try CLI.run(["cert", "verify", CertCLI.path("dev.pem"), "--at", Self.iso(end.addingTimeInterval(-3600)),
                                  "--ca", CertCLI.path("ca.pem")])
        #expect(result.status == 1)
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("✘ validity: ") }.map(String.init) ?? ""
        #expect(line.hasPrefix("✘ validity: less than a day left at "), "\(line)")
        #expect(line.hasSuffix("; at least 30 days required"))
        #expect(!result.stdout.contains("only less than"))
    }

    @Test func anExpiredCertificateSaysOnWhichDateNotUntil() throws {
        let verify = try CLI.run(["cert", "verify", CertCLI.path("expired.pem"), "--ca", CertCLI.path("ca.pem")])
        let line = verify.stdout.split(separator: "\n").first { $0.hasPrefix("✘ validity: ") }.map(String.init) ?? ""
        #expect(line.hasPrefix("✘ validity: expired "), "\(line)")
        #expect(line.contains(" ago (on 20"), "\(line)")

        let ks = try KeystoreCLI.fresh()
        let bundle = CLI.temporaryDirectory("wording").appendingPathComponent("expired-bundle.pem")
        try (try String(contentsOfFile: CertCLI.path("expired.pem"), encoding: .utf8)
             + String(contentsOfFile: CertCLI.path("expired.key"), encoding: .utf8)).write(to: bundle, atomically: true, encoding: .utf8)
        let imported = try KeystoreCLI.run(["cert", "import", bundle.path, "--ca", CertCLI.path("ca.pem")], ks)
        #expect(imported.status == 0, "\(imported.stderr)")
        let status = try KeystoreCLI.run(["keystore", "status"], ks)
        let row = status.stdout.split(separator: "\n").first { $0.contains("expired") && $0.contains(" ago") }.map(String.init) ?? ""
        #expect(row.contains(" ago (on 20"), "\(status.stdout)")
        #expect(!status.stdout.contains("ago (until"))
    }

    @Test func profileVerifyJudgesExpiryAtTheGivenInstant() throws {
        let profile = ProfileCLI.path("development.mobileprovision")
        let ca = ProfileCLI.path("test-root-ca.pem")
        let now = try CLI.run(["profile", "verify", profile, "--ca", ca])
        #expect(now.status == 0, "\(now.stdout)")
        let late = try CLI.run(["profile", "verify", profile, "--ca", ca, "--at", "2100-01-01T00:00:00Z"])
        #expect(late.status == 1)
        #expect(late.stdout.contains("before 2100-01-01T00:00:00Z (on "), "\(late.stdout)")
        #expect(late.stdout.contains("✘ expiry: expired "))
        let json = try CLI.run(["profile", "verify", profile, "--ca", ca, "--at", "2100-01-01", "--format", "json"])
        #expect(json.status == 1)
        #expect((try CertCLI.json(json) as? [String: Any])?["passed"] as? Bool == false)
        let bad = try CLI.run(["profile", "verify", profile, "--at", "next week"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--at must be an ISO 8601 date"))
    }

    @Test(arguments: ["no-declaration", "byte-order-mark", "doctype-first"])
    func aBareXMLPlistWithoutItsDeclarationIsReadAsUnsigned(variant: String) throws {
        let original = try String(contentsOfFile: ProfileCLI.path("unsigned.mobileprovision"), encoding: .utf8)
        let withoutDeclaration = original.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        let text: String
        switch variant {
        case "no-declaration": text = withoutDeclaration.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("<!DOCTYPE") }.joined(separator: "\n")
        case "byte-order-mark": text = "\u{FEFF}" + original
        default: text = withoutDeclaration
        }
        #expect(!text.hasPrefix("<?xml"))
        let file = CLI.temporaryDirectory("plist").appendingPathComponent("bare.mobileprovision")
        try Data(text.utf8).write(to: file)
        let result = try CLI.run(["profile", "inspect", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("signature:       unsigned"), "\(result.stdout)")
        let cert = try CLI.run(["cert", "inspect", file.path])
        #expect(cert.status == 3)
        #expect(cert.stderr.contains("a provisioning profile"), "\(cert.stderr)")
    }

    @Test func expiryMetricsUseTheLabelNamesOfEveryApnsctlMetric() throws {
        let directory = CLI.temporaryDirectory("labels")
        let key = directory.appendingPathComponent("AuthKey_ABC123DEFG.p8")
        try FileManager.default.copyItem(atPath: KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), toPath: key.path)
        let result = try CLI.run(["expiry", "--no-keystore", CertCLI.path("dev.pem"), key.path, "--format", "prometheus"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let days = try #require(lines.first { $0.hasPrefix("apnsctl_credential_time_left_seconds{kind=\"certificate\"") })
        #expect(days.contains(",team_id=\"TEAM123456\",purpose=\"app_push\",topic=\"com.example.dev\","), "\(days)")
        let age = try #require(lines.first { $0.hasPrefix("apnsctl_signing_key_age_seconds{") })
        #expect(age.contains("key_id=\"ABC123DEFG\""), "\(age)")
        #expect(!lines.contains { $0.contains("{kind=") && $0.contains(",team=\"") })
    }
}
