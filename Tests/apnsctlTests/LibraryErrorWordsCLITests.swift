import Foundation
import TestSupport
import Testing

/// The libraries throw typed errors and remedies that name no flag; the CLI words them with the options that
/// gave the values (`Errors+<Area>.swift`). These are the words a user sees, pinned at the binary.
@Suite struct LibraryErrorWordsCLITests {
    func keystoreWithFixtureKey() throws -> String {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ"], ks)
        return ks
    }

    @Test func aRefreshIntervalOutOfRangeNamesTheOption() throws {
        let ks = try keystoreWithFixtureKey()
        let low = try KeystoreCLI.run(["token", "--refresh-after", "19"], ks)
        #expect(low.status == 2)
        #expect(low.stderr.contains("apnsctl: error: --refresh-after 19: must be 20 to 59 minutes\n"), "\(low.stderr)")
        #expect(low.stderr.contains("apnsctl: hint: APNs answers 429 TooManyProviderTokenUpdates"), "\(low.stderr)")
        let words = try KeystoreCLI.run(["token", "--refresh-after", "soon"], ks)
        #expect(words.stderr.contains("apnsctl: error: --refresh-after soon: not a number of minutes\n"
                                      + "apnsctl: hint: give whole minutes from 20 to 59, e.g. --refresh-after 50"),
                "\(words.stderr)")
    }

    @Test func aKeyNamedTwiceForRotationNamesTheOption() throws {
        let ks = try keystoreWithFixtureKey()
        let twice = try KeystoreCLI.run(["key", "rotate", "--team", "DEF123GHIJ", "--to", "ABC123DEFG", "--to",
                                         "ABC123DEFG"], ks)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("apnsctl: error: --to-key ABC123DEFG is given twice\napnsctl: hint: name each key once"),
                "\(twice.stderr)")
        let bad = try KeystoreCLI.run(["key", "rotate", "--team", "DEF123GHIJ", "--to", "bad"], ks)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("apnsctl: error: --to-key bad: not a valid key id (10 characters, A–Z and 0–9)"),
                "\(bad.stderr)")
    }

    @Test func anUnsoundScopeNamesTheOptions() throws {
        let ks = try KeystoreCLI.fresh()
        let both = try KeystoreCLI.run(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team",
                                        "DEF123GHIJ", "--env", "both", "--topics", "com.example.app"], ks)
        #expect(both.status == 2)
        #expect(both.stderr.contains("apnsctl: error: a topic-specific key has one environment, not both\n"
                                     + "apnsctl: hint: Apple's portal makes a topic-specific key for Sandbox or "
                                     + "Production: pass --env development or --env production"), "\(both.stderr)")
    }

    @Test func aBadCertificateRequestSubjectNamesTheOption() throws {
        let ks = try KeystoreCLI.fresh()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString).csr").path
        let email = try KeystoreCLI.run(["cert", "request", "--out", out, "--email", "no-at-sign"], ks)
        #expect(email.status == 2)
        #expect(email.stderr.contains("apnsctl: error: --email no-at-sign: not an email address (ASCII, with an @)"),
                "\(email.stderr)")
        let country = try KeystoreCLI.run(["cert", "request", "--out", out, "--country", "usa"], ks)
        #expect(country.stderr.contains("apnsctl: error: --country usa: not a two-letter country code (ISO 3166, "
                                        + "capitals)\napnsctl: hint: for example US, DE, FR"), "\(country.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aCertificateWithoutItsKeySaysWhichOptionGivesTheKey() throws {
        let result = try CLI.run(["cert", "verify", CertCLI.path("dev.cer"), "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let checks = report["checks"] as? [[String: Any]] ?? []
        let key = try #require(checks.first { $0["name"] as? String == "private_key" })
        #expect(key["status"] as? String == "skipped")
        #expect(key["detail"] as? String == "no private key in the file; pass --cert-key FILE to check one")
    }

    @Test func aCertificateGivenAsAProfileIsSentToCertInspect() throws {
        let result = try CLI.run(["profile", "inspect", CertCLI.path("dev.cer")])
        #expect(result.status == 3)
        #expect(result.stderr.hasSuffix(": a DER certificate, not a provisioning profile\napnsctl: hint: use "
                                        + "`apnsctl cert inspect FILE` for certificates, keys and certificate requests\n"),
                "\(result.stderr)")
    }
}
