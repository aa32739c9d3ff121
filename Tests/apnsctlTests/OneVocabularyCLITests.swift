import Foundation
import TestSupport
import Testing

/// Issue 40 §5, "one vocabulary of exits and words", through the binary: each test failed before its change.
@Suite struct OneVocabularyCLITests {
    /// A PEM holding one of CertPurposeTests' certificates (issued for other.key) and that key.
    static func withKey(_ kind: String, in directory: URL) throws -> String {
        let certificate = try CertPurposeTests.issue(kind, in: directory)
        let bundle = directory.appendingPathComponent("\(kind)-with-key.pem")
        try (Data(contentsOf: URL(fileURLWithPath: certificate))
             + Data(contentsOf: URL(fileURLWithPath: CertCLI.path("other.key")))).write(to: bundle)
        return bundle.path
    }

    /// `--expiration -1` is a value APNs refuses (BadExpirationDate), not an unknown option (it was exit 2).
    @Test func aNegativeExpirationIsJudgedNotRefusedByTheParser() throws {
        let result = try CLI.run(["payload", "check", #"{"aps":{"alert":"hi"}}"#, "--topic", "com.example.app",
                                  "--push-type", "alert", "--expiration", "-1", "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(object["reason"] as? String == "BadExpirationDate")
    }

    /// `cert import` refuses a distribution certificate (exit 3, naming its purpose) and stores nothing; a VoIP
    /// certificate is stored and `keystore status` shows its purpose in text and JSON.
    @Test func certImportRefusesANonPushCertificateAndStatusShowsEachPurpose() throws {
        let ks = try KeystoreCLI.fresh()
        let directory = CLI.temporaryDirectory("vocabulary")
        let distribution = try Self.withKey("distribution", in: directory)
        let refused = try KeystoreCLI.run(["cert", "import", distribution], ks)
        #expect(refused.status == 3, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("apnsctl: error: \(distribution): ")
                && refused.stderr.contains("is not a push certificate"), "\(refused.stderr)")
        #expect(refused.stderr.contains("apnsctl: hint: "))
        let empty = try KeystoreCLI.json(try KeystoreCLI.run(["keystore", "status", "--format", "json"], ks))
        #expect(((empty as? [String: Any])?["certificates"] as? [Any])?.isEmpty == true)

        try KeystoreCLI.ok(["cert", "import", try Self.withKey("voip", in: directory), "--ca", CertCLI.path("ca.pem")], ks)
        let status = try KeystoreCLI.run(["keystore", "status", "--format", "json"], ks)
        let certificates = try #require((try KeystoreCLI.json(status) as? [String: Any])?["certificates"] as? [[String: Any]])
        #expect(certificates.map { $0["purpose"] as? String } == ["voip"])
        let text = try KeystoreCLI.run(["keystore", "status"], ks)
        #expect(text.stdout.contains("VoIP Services, valid"), "\(text.stdout)")
    }

    /// `cert join` warns when Apple's certificate is for another bundle id or team than the request was noted for,
    /// and `--strict` refuses it (exit 3) with the request still pending.
    @Test func certJoinWarnsAndStrictRefusesACertificateForAnotherApp() throws {
        let ks = try KeystoreCLI.fresh()
        let directory = CLI.temporaryDirectory("join-notes")
        let (csr, id) = try RequestCLI.request(ks, in: directory, extra: ["--bundle-id", "com.example.app",
                                                                               "--team", "ZZZ1234567"])
        let cer = try RequestCLI.sign(csr, in: directory, bundleID: "com.other.app")
        let strict = try KeystoreCLI.run(["cert", "join", cer, "--ca", RequestCLI.ca, "--strict"], ks)
        #expect(strict.status == 3, "\(strict.stderr)")
        #expect(strict.stderr.contains("the request was noted for bundle id com.example.app; the certificate is for com.other.app"),
                "\(strict.stderr)")
        #expect(try KeystoreCLI.ok(["cert", "request", "--list"], ks).stdout.contains(id))

        let joined = try KeystoreCLI.run(["cert", "join", cer, "--ca", RequestCLI.ca, "--format", "json"], ks)
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.stderr.contains("warning") && joined.stderr.contains("com.other.app"), "\(joined.stderr)")
        let json = try #require(try KeystoreCLI.json(joined) as? [String: Any])
        let differences = try #require(json["note_differences"] as? [[String: String]])
        #expect(differences == [["note": "bundle_id", "requested": "com.example.app", "certificate": "com.other.app"],
                                ["note": "team_id", "requested": "ZZZ1234567", "certificate": "TEAM123456"]])
        #expect(joined.stderr.contains("the request was noted for team ZZZ1234567; the certificate is team TEAM123456's"))
    }

    /// `cert join` warns, and `--strict` refuses, a certificate for another environment than the request's note:
    /// a request noted for production joined with a sandbox-only certificate.
    @Test func certJoinWarnsAndStrictRefusesACertificateForAnotherEnvironment() throws {
        let ks = try KeystoreCLI.fresh()
        let directory = CLI.temporaryDirectory("join-environment")
        let (csr, id) = try RequestCLI.request(ks, in: directory, extra: ["--bundle-id", "com.example.app",
                                                                               "--env", "production"])
        let cer = try RequestCLI.sign(csr, in: directory, environments: ["development"])
        let strict = try KeystoreCLI.run(["cert", "join", cer, "--ca", RequestCLI.ca, "--strict"], ks)
        #expect(strict.status == 3, "\(strict.stderr)")
        #expect(strict.stderr.contains("production") && strict.stderr.contains("development"), "\(strict.stderr)")
        #expect(try KeystoreCLI.ok(["cert", "request", "--list"], ks).stdout.contains(id))
        let joined = try KeystoreCLI.run(["cert", "join", cer, "--ca", RequestCLI.ca, "--format", "json"], ks)
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.stderr.contains("apnsctl: warning: "), "\(joined.stderr)")
        let json = try #require(try KeystoreCLI.json(joined) as? [String: Any])
        let differences = try #require(json["note_differences"] as? [[String: Any]])
        #expect(differences.count == 1, "\(differences)")
        #expect(differences.first?["note"] as? String == "environment", "\(differences)")
        #expect(differences.first?["requested"] as? String == "production", "\(differences)")
    }

    /// A leaf given as `--ca` is said in words, not as swift-certificates' certificate dump.
    @Test func aLeafGivenAsTheCAIsSaidInWords() throws {
        let leaf = CertCLI.path("universal.pem")
        let result = try CLI.run(["cert", "verify", leaf, "--ca", leaf])
        #expect(result.status == 1)
        #expect(result.stdout.contains("is not a CA certificate"), "\(result.stdout)")
        #expect(!result.stdout.contains("Certificate(version") && !result.stdout.contains("RFC5280Policy"))
    }

    /// `probe --cert` with a VoIP Services certificate sends to `<bundle id>.voip` as a voip push, the one topic and
    /// push type APNs takes from such a certificate (it sent the bare bundle id as background).
    @Test func probeWithAVoIPCertificateDefaultsToItsVoIPTopic() throws {
        let directory = CLI.temporaryDirectory("probe-voip")
        let bundle = try Self.withKey("voip", in: directory)
        let serverCA = directory.appendingPathComponent("server-ca.pem").path
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--client-ca", CertCLI.path("ca.pem"),
                                         "--ca-out", serverCA])
        let result = try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(try mock.port()), "--cacert", serverCA,
                                  "--cert", bundle, "--env", "production", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any],
                                  "\(result.stderr)")
        #expect(object["topic"] as? String == "com.example.app.voip")
        #expect(object["push_type"] as? String == "voip")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// A Pass Type ID certificate whose subject names its id only in the common name: the refusal names the id.
    @Test func thePassTypeRefusalNamesThePassTypeID() throws {
        let directory = CLI.temporaryDirectory("pass-id")
        let ext = directory.appendingPathComponent("pass.ext").path
        try ["basicConstraints = critical, CA:FALSE", "extendedKeyUsage = clientAuth",
             "1.2.840.113635.100.6.1.16 = ASN1:UTF8String:pass.com.example.tickets"]
            .joined(separator: "\n").write(toFile: ext, atomically: true, encoding: .utf8)
        let csr = directory.appendingPathComponent("pass.csr").path, out = directory.appendingPathComponent("pass.pem").path
        for arguments in [["req", "-new", "-key", CertCLI.path("other.key"), "-subj",
                           "/CN=Pass Type ID: pass.com.example.tickets/OU=TEAM123456/C=US", "-out", csr],
                          ["x509", "-req", "-in", csr, "-CA", CertCLI.path("ca.pem"), "-CAkey", CertCLI.path("ca.key"),
                           "-set_serial", "777", "-days", "30", "-extfile", ext, "-out", out]] {
            let made = try CertCLI.runOpenSSL(arguments)
            try #require(made.status == 0, "\(made.stderr)")
        }
        let result = try CLI.run(["cert", "verify", out, "--topic", "com.example.app", "--ca", CertCLI.path("ca.pem")])
        #expect(result.status == 1)
        #expect(result.stdout.contains("a Pass Type ID certificate sends Wallet pass updates only (topic pass.com.example.tickets)"),
                "\(result.stdout)")
    }
}
