import Foundation
import Testing

/// `cert import` into the keystore and `keystore status` on certificates, with the credentials fixtures.
@Suite struct KeystoreCertImportTests {
    static func cert(_ name: String) -> String { CLI.fixtures.appendingPathComponent("certs/\(name)").path }
    /// `--ca` of the fixtures' test CA, which issued every fixture certificate (cert import judges the chain).
    static let ca = ["--ca", cert("ca.pem")]

    /// A PEM bundle of a fixture certificate followed by its key, as `cat cert.pem key.pem` makes it.
    static func bundle(_ certificate: String, _ key: String) throws -> String {
        let path = CLI.temporaryDirectory("bundle").appendingPathComponent("bundle.pem").path
        let text = try String(contentsOfFile: cert(certificate), encoding: .utf8)
            + String(contentsOfFile: cert(key), encoding: .utf8)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func importsAP12WithItsKeyAndIndexesTopicsAndEnvironments() throws {
        let ks = try KeystoreCLI.fresh()
        let result = try KeystoreCLI.ok(["cert", "import", Self.cert("universal-modern.p12"), "--password-file",
                                         Self.cert("universal-modern.p12.password"), "--format", "json"] + Self.ca, ks)
        let json = try #require(try KeystoreCLI.json(result) as? [String: Any])
        #expect(json["environments"] as? [String] == ["development", "production"])
        #expect((json["topics"] as? [String])?.contains("com.example.universal.voip") == true)
        #expect(json["already_present"] as? Bool == false)
        let id = try #require(json["id"] as? String)
        #expect(KeystoreCLI.mode(ks + "/certs/\(id).key.pem") == 0o600)
        // The stored pair is usable by openssl: the key's public half is the certificate's.
        let keyPub = try TokenCLITests.openssl(["pkey", "-in", ks + "/certs/\(id).key.pem", "-pubout"])
        let certPub = try TokenCLITests.openssl(["x509", "-in", ks + "/certs/\(id).pem", "-noout", "-pubkey"])
        #expect(keyPub.status == 0)
        #expect(keyPub.stdout == certPub.stdout)
        // The same certificate again, as a PEM bundle: nothing changes.
        let again = try KeystoreCLI.ok(["cert", "import", try Self.bundle("universal.pem", "universal.key"),
                                        "--format", "json"] + Self.ca, ks)
        #expect((try KeystoreCLI.json(again) as? [String: Any])?["already_present"] as? Bool == true)
        let status = try KeystoreCLI.run(["keystore", "status", "--format", "json", "--min-days", "0"] + Self.ca, ks)
        let report = try #require(try KeystoreCLI.json(status) as? [String: Any])
        let certs = try #require(report["certificates"] as? [[String: Any]])
        #expect(certs.count == 1)
        #expect(certs.first?["environments"] as? [String] == ["development", "production"])
        #expect(certs.first?["days_left"] is Int)
        #expect(certs.first?["state"] as? String == "valid")
    }

    /// Issue 19: `cert import AuthKey_….p8` should point to `key import`.
    @Test func aP8KeyPointsToKeyImport() throws {
        let ks = try KeystoreCLI.fresh()
        let p8 = KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")
        let result = try KeystoreCLI.run(["cert", "import", p8], ks)
        #expect(result.status == 3)
        #expect(result.stderr == "apnsctl: error: \(p8): a .p8 signing key (EC P-256, for token authentication), not a certificate\n"
                + "apnsctl: hint: import it with `apnsctl key import \(p8) --team TEAMID`\n")
    }

    @Test func statusFailsWhenACertificateExpiresWithinMinDays() throws {
        let ks = try KeystoreCLI.fresh()
        let imported = try KeystoreCLI.ok(["cert", "import", try Self.bundle("expired.pem", "expired.key")] + Self.ca, ks)
        #expect(imported.stderr.contains("apnsctl: warning: "))
        let status = try KeystoreCLI.run(["keystore", "status", "--format", "json"], ks)
        #expect(status.status == 1)
        let report = try #require(try KeystoreCLI.json(status) as? [String: Any])
        #expect(report["passed"] as? Bool == false)
        let cert = try #require((report["certificates"] as? [[String: Any]])?.first)
        #expect(cert["expiring"] as? Bool == true)
        #expect(cert["state"] as? String == "expired")
        #expect((cert["days_left"] as? Int ?? 0) < 0)
        let text = try KeystoreCLI.run(["keystore", "status"], ks)
        #expect(text.status == 1)
        #expect(text.stdout.contains("✘"))
        // The state said once (issue 19: "expired, expired 1058 days ago").
        // Issue 29: a date in the past is "on", not "until" ("expired 3342 days ago (until 2017-10-02…)").
        #expect(text.stdout.contains("expired ") && text.stdout.contains(" days ago (on "))
        #expect(!text.stdout.contains("ago (until "))
        #expect(!text.stdout.contains("expired, expired"))
    }

    @Test func refusesCertificatesWithoutTheirKeyOrWithTheWrongOne() throws {
        let ks = try KeystoreCLI.fresh()
        let cases: [(String, String)] = [
            ("dev.cer", "no private key"),
            ("wrong-key-pair.pem", "does not belong"),
            ("dev.key", "no certificate"),
        ]
        for (file, fragment) in cases {
            let result = try KeystoreCLI.run(["cert", "import", Self.cert(file)], ks)
            #expect(KeystoreCLI.failed(result, 3, file, fragment), "\(file): \(result.stderr)")
        }
        let wrong = try KeystoreCLI.run(["cert", "import", Self.cert("universal-modern.p12"), "--password-env", "P"], ks,
                                        environment: ["P": "wrong"])
        #expect(KeystoreCLI.failed(wrong, 3, "universal-modern.p12"))
        #expect((try FileManager.default.contentsOfDirectory(atPath: ks + "/certs")).isEmpty)
    }

    /// Issue 40 §1: cert import asks the certificate judge for the chain too. A certificate no CA trusted here issued
    /// (before, it was stored and shown ✔ valid) is refused, exit 3, with the judge's words and a hint naming
    /// --ca; with its CA given it is stored, and the text says who vouches for it.
    @Test func aCertificateChainingToNoTrustedCAIsRefusedUntilItsCAIsGiven() throws {
        let ks = try KeystoreCLI.fresh()
        let bundle = try Self.bundle("universal.pem", "universal.key")
        let refused = try KeystoreCLI.run(["cert", "import", bundle], ks)
        #expect(KeystoreCLI.failed(refused, 3, bundle, "APNs would refuse",
                                   "chain: does not chain to Apple's CAs shipped with apnsctl"), "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing stored"), "\(refused.stderr)")
        #expect(refused.stderr.contains("apnsctl: hint: ") && refused.stderr.contains("--ca FILE"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        #expect((try FileManager.default.contentsOfDirectory(atPath: ks + "/certs")).isEmpty)
        let stored = try KeystoreCLI.ok(["cert", "import", bundle] + Self.ca, ks)
        #expect(stored.stdout.contains("chain: verifies to apnsctl Test WWDR CA"), "\(stored.stdout)")
    }

    /// Issue 40 §1: keystore status asks the certificate judge too. A certificate of the test CA, stored with its CA
    /// given, is refused by a status that does not trust that CA (✘, the judge's words, exit 1, verdict refused in
    /// JSON) and accepted by one that does (--ca).
    @Test func keystoreStatusAsksTheCertificateJudge() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["cert", "import", try Self.bundle("universal.pem", "universal.key")] + Self.ca, ks)
        let untrusted = try KeystoreCLI.run(["keystore", "status", "--min-days", "0"], ks)
        #expect(untrusted.status == 1, "\(untrusted.stdout)\(untrusted.stderr)")
        #expect(untrusted.stdout.contains("✘ "), "\(untrusted.stdout)")
        #expect(untrusted.stdout.contains("refused: chain: does not chain to Apple's CAs shipped with apnsctl"),
                "\(untrusted.stdout)")
        let json = try #require(try KeystoreCLI.json(try KeystoreCLI.run(["keystore", "status", "--min-days", "0",
                                                                          "--format", "json"], ks)) as? [String: Any])
        #expect(json["passed"] as? Bool == false)
        let certificate = try #require((json["certificates"] as? [[String: Any]])?.first)
        #expect(certificate["verdict"] as? String == "refused")
        #expect((certificate["findings"] as? [[String: Any]])?.first?["name"] as? String == "chain", "\(certificate)")
        let trusted = try KeystoreCLI.run(["keystore", "status", "--min-days", "0", "--format", "json"] + Self.ca, ks)
        #expect(trusted.status == 0, "\(trusted.stdout)\(trusted.stderr)")
        let accepted = try #require((try KeystoreCLI.json(trusted) as? [String: Any])?["certificates"] as? [[String: Any]])
        #expect(accepted.first?["verdict"] as? String == "accepted")
        #expect((accepted.first?["findings"] as? [Any])?.isEmpty == true)
        // A --ca file that does not read is bad input, said once, in status and doctor alike (before, each stored
        // certificate was "refused" for it).
        let missing = CLI.temporaryDirectory("missing-ca").appendingPathComponent("absent.pem").path
        for verb in [["keystore", "status"], ["doctor"]] {
            let result = try KeystoreCLI.run(verb + ["--ca", missing], ks)
            #expect(KeystoreCLI.failed(result, 3, missing, "no such file"), "\(verb): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(verb): \(result.stdout)")
        }
    }
}
