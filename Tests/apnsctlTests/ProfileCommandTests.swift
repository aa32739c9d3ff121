import Foundation
import Testing

/// `apnsctl profile inspect|verify` and `cert inspect` given a profile, run as a user would.
enum ProfileCLI {
    static let directory = CLI.fixtures.appendingPathComponent("provisioning")
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static let ca = ["--ca", path("test-root-ca.pem")]
    static let samples = CLI.samples.appendingPathComponent("provisioning")
    static var samplesPresent: Bool { FileManager.default.fileExists(atPath: samples.appendingPathComponent("expected.json").path) }
}

@Suite struct ProfileCommandTests {
    @Test(.enabled(if: ProfileCLI.samplesPresent, "../shared/samples absent"))
    func inspectJSONOfTheRealSamplesHasExactlyTheExpectedFacts() throws {
        let expected = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: ProfileCLI.samples.appendingPathComponent("expected.json"))) as? [String: Any])
        let names = expected.keys.filter { $0.hasSuffix(".mobileprovision") }.sorted()
        #expect(names.count == 3)
        let result = try CLI.run(["profile", "inspect", "--format", "json"]
                                 + names.map { ProfileCLI.samples.appendingPathComponent($0).path })
        #expect(result.status == 0, "\(result.stderr)")
        let reports = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        #expect(reports.count == 3)
        for (name, report) in zip(names, reports) {
            let facts = try #require(expected[name] as? [String: Any])
            for (key, value) in facts where key != "source" {
                let got = report[key] ?? "missing"
                let same = try? JSONSerialization.data(withJSONObject: [got], options: [.sortedKeys])
                    == JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
                #expect(same == true, "\(name): \(key) is \(got), expected \(value)")
            }
        }
    }

    @Test func inspectTextShowsEveryFact() throws {
        let result = try CLI.run(["profile", "inspect", ProfileCLI.path("development.mobileprovision")] + ProfileCLI.ca)
        #expect(result.status == 0)
        for line in ["  bundle id:       com.example.dev", "  team:            TEAM123456 (Example Ltd)",
                     "  aps-environment: development", "  get-task-allow:  true", "  devices:         3 provisioned",
                     "  signature:       verified: good signature; chains to apnsctl Test Profile Root CA (--ca) as of 2026-01-10T10:00:00Z",
                     "    C=US,O=Example Ltd,OU=TEAM123456,CN=Apple Development: Test Developer (ABC123DEF4)",
                     "    keychain-access-groups: [TEAM123456.*]"] {
            #expect(result.stdout.contains(line), "missing: \(line)\n\(result.stdout)")
        }
    }

    @Test func oneUnreadableFileAmongSeveralExitsThreeAfterTheOthers() throws {
        let empty = ProfileCLI.path("empty.mobileprovision")
        let result = try CLI.run(["profile", "inspect", ProfileCLI.path("unsigned.mobileprovision"), empty])
        #expect(result.status == 3)
        #expect(result.stdout.contains("signature:       unsigned"))
        #expect(result.stderr.contains("apnsctl: error: \(empty): empty file\napnsctl: hint: "))
    }

    /// Issue 19: `profile inspect` used a 1 MiB limit and called a profile "a credential"; the limit is 16 MiB.
    @Test func theSizeLimitIsSixteenMiBAndNamesAProfile() throws {
        let directory = CLI.temporaryDirectory("bigprofile")
        let over = directory.appendingPathComponent("big.mobileprovision")
        #expect(FileManager.default.createFile(atPath: over.path, contents: nil))
        let handle = try FileHandle(forWritingTo: over)
        try handle.truncate(atOffset: UInt64(16 << 20) + 1)
        try handle.close()
        let result = try CLI.run(["profile", "inspect", over.path])
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("apnsctl: error: \(over.path): too large to be a provisioning profile (16777217 bytes; limit 16777216)\n"))
        // Two MiB is under the limit: read, and refused for what it is, not for its size.
        let two = directory.appendingPathComponent("two.mobileprovision")
        try Data(repeating: 0x41, count: 2 << 20).write(to: two)
        let read = try CLI.run(["profile", "inspect", two.path])
        #expect(read.status == 3)
        #expect(!read.stderr.contains("too large") && !read.stderr.contains("credential"), "\(read.stderr)")
    }

    @Test func certInspectGivenAProfileSaysWhatItIs() throws {
        let profile = ProfileCLI.path("development.mobileprovision")
        let result = try CLI.run(["cert", "inspect", profile])
        #expect(result.status == 3)
        #expect(result.stderr.contains("apnsctl: error: \(profile): a provisioning profile"))
        #expect(result.stderr.contains("apnsctl: hint: use `apnsctl profile inspect"))
        let bare = try CLI.run(["cert", "inspect", ProfileCLI.path("unsigned.mobileprovision")])
        #expect(bare.status == 3)
        #expect(bare.stderr.contains("profile inspect"))
    }

    @Test func verifyPassesWithTheMatchingCertificateAndP12() throws {
        let profile = ProfileCLI.path("development.mobileprovision")
        let pem = try CLI.run(["profile", "verify", profile, "--env", "development", "--bundle-id", "com.example.dev",
                               "--cert", CertCLI.path("dev.pem")] + ProfileCLI.ca)
        #expect(pem.status == 0, "\(pem.stdout)\(pem.stderr)")
        #expect(pem.stdout.contains("✔ certificate_environment: the certificate (development) covers development"))
        let p12 = try CLI.run(["profile", "verify", profile, "--cert", CertCLI.path("universal-modern.p12"),
                               "--password-file", CertCLI.passwordFile("universal-modern.p12"), "--format", "json"]
                              + ProfileCLI.ca)
        #expect(p12.status == 0, "\(p12.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: p12.stdoutData) as? [String: Any])
        #expect(json["passed"] as? Bool == true)
        #expect((json["checks"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                == ["signature", "expiry", "aps_environment", "team", "certificate_expiry", "certificate_environment"])
    }

    /// Issue 19: an expired push certificate passed `profile verify --cert`.
    @Test func anExpiredPushCertificateFailsVerify() throws {
        let result = try CLI.run(["profile", "verify", ProfileCLI.path("development.mobileprovision"),
                                  "--cert", CertCLI.path("expired.pem")] + ProfileCLI.ca)
        #expect(result.status == 1)
        #expect(result.stdout.contains("✘ certificate_expiry: the push certificate expired "))
        #expect(result.stderr.contains("apnsctl: hint: APNs refuses an expired certificate"))
    }

    @Test func aProductionOnlyCertificateFailsWithTheHint() throws {
        let result = try CLI.run(["profile", "verify", ProfileCLI.path("development.mobileprovision"),
                                  "--cert", CertCLI.path("prod.pem")] + ProfileCLI.ca)
        #expect(result.status == 1)
        #expect(result.stdout.contains("✘ certificate_environment: the profile's device tokens are development, the certificate is production only"))
        #expect(result.stderr.contains("apnsctl: hint: a development profile with a production-only push certificate"))
    }

    @Test func verifyExitCodes() throws {
        #expect(try CLI.run(["profile", "verify", ProfileCLI.path("development.mobileprovision")]).status == 1)
        #expect(try CLI.run(["profile", "verify", ProfileCLI.path("tampered.mobileprovision")] + ProfileCLI.ca).status == 1)
        #expect(try CLI.run(["profile", "verify", ProfileCLI.path("empty.mobileprovision")]).status == 3)
        #expect(try CLI.run(["profile", "verify", ProfileCLI.path("development.mobileprovision"),
                             "--cert", ProfileCLI.path("empty.mobileprovision")] + ProfileCLI.ca).status == 3)
        #expect(try CLI.run(["profile", "verify", ProfileCLI.path("development.mobileprovision"), "--env", "sandbox"]).status == 2)
    }
}
