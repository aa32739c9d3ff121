import Foundation
import TestSupport
import Testing

/// Issue 29 §4: every certificate says what it is for. The portal's other certificates are issued here by the
/// fixtures' test CA with OpenSSL, with the subjects and Apple extensions Apple gives them (docs/certificates.md):
/// a Pass Type ID, a Website Push ID, a VoIP Services and an Apple Distribution certificate.
@Suite struct CertPurposeTests {
    struct Kind {
        var file: String
        var subject: String
        var extensions: [String]
    }

    static let kinds: [String: Kind] = [
        "pass": Kind(file: "pass_pass.com.example.wallet.pem",
                     subject: "/UID=pass.com.example.wallet/CN=Pass Type ID: pass.com.example.wallet/OU=TEAM123456/O=Example Ltd/C=US",
                     extensions: ["extendedKeyUsage = clientAuth",
                                  "1.2.840.113635.100.6.1.16 = ASN1:UTF8String:pass.com.example.wallet",
                                  "1.2.840.113635.100.6.3.2 = ASN1:NULL"]),
        "website": Kind(file: "website_web.com.example.pem",
                        subject: "/UID=web.com.example/CN=Website Push ID: web.com.example/OU=TEAM123456/O=Example Ltd/C=US",
                        extensions: ["extendedKeyUsage = clientAuth",
                                     "1.2.840.113635.100.6.1.17 = ASN1:UTF8String:web.com.example",
                                     "1.2.840.113635.100.6.3.2 = ASN1:NULL"]),
        "voip": Kind(file: "voip_com.example.app.pem",
                     subject: "/UID=com.example.app/CN=VoIP Services: com.example.app/OU=TEAM123456/O=Example Ltd/C=US",
                     extensions: ["extendedKeyUsage = clientAuth",
                                  "1.2.840.113635.100.6.3.1 = ASN1:NULL", "1.2.840.113635.100.6.3.2 = ASN1:NULL",
                                  "1.2.840.113635.100.6.3.3 = ASN1:UTF8String:com.example.app",
                                  "1.2.840.113635.100.6.3.4 = ASN1:UTF8String:com.example.app, com.example.app.voip",
                                  "1.2.840.113635.100.6.3.5 = ASN1:NULL"]),
        "distribution": Kind(file: "other_apple_distribution_TEAM123456.pem",
                             subject: "/UID=TEAM123456/CN=Apple Distribution: Example Ltd (TEAM123456)/OU=TEAM123456/O=Example Ltd/C=US",
                             extensions: ["extendedKeyUsage = codeSigning", "1.2.840.113635.100.6.1.7 = ASN1:NULL"]),
    ]

    /// Issues `kind` with the fixtures' test CA (key: other.key) into `directory`; returns the certificate's path.
    static func issue(_ name: String, in directory: URL) throws -> String {
        let kind = try #require(kinds[name])
        let ext = directory.appendingPathComponent("\(name).ext").path
        try (["basicConstraints = critical, CA:FALSE", "keyUsage = critical, digitalSignature"] + kind.extensions)
            .joined(separator: "\n").write(toFile: ext, atomically: true, encoding: .utf8)
        let csr = directory.appendingPathComponent("\(name).csr").path
        let out = directory.appendingPathComponent(kind.file).path
        for arguments in [["req", "-new", "-key", CertCLI.path("other.key"), "-subj", kind.subject, "-out", csr],
                          ["x509", "-req", "-in", csr, "-CA", CertCLI.path("ca.pem"), "-CAkey", CertCLI.path("ca.key"),
                           "-set_serial", "\(name.count + 100)", "-days", "365", "-sha256", "-extfile", ext, "-out", out]] {
            let result = try CertCLI.runOpenSSL(arguments)
            try #require(result.status == 0, "openssl \(arguments[0]): \(result.stderr)")
        }
        return out
    }

    static func leafJSON(_ path: String) throws -> [String: Any] {
        let result = try CLI.run(["cert", "inspect", path, "--format", "json"])
        try #require(result.status == 0, "\(result.stderr)")
        let files = try #require(try CertCLI.json(result) as? [[String: Any]])
        return try #require((files.first?["certificates"] as? [[String: Any]])?.first)
    }

    @Test(arguments: [("pass", "pass_type_id", "pass.com.example.wallet", "Pass Type ID", "Wallet pass updates"),
                      ("website", "website_push", "web.com.example", "Website Push ID", "Safari website pushes"),
                      ("voip", "voip", "com.example.app.voip", "VoIP Services", "PushKit VoIP pushes")])
    func otherPushCertificatesSayWhatTheyAreAndServeOnlyTheirTopics(name: String, purpose: String, topic: String,
                                                                   phrase: String, sends: String) throws {
        let topics = [topic], words = "\(phrase) (\(sends) only)"
        let directory = CLI.temporaryDirectory("purpose")
        let file = try Self.issue(name, in: directory)
        let leaf = try Self.leafJSON(file)
        #expect(leaf["purpose"] as? String == purpose)
        #expect(leaf["topics"] as? [String] == topics)
        let text = try CLI.run(["cert", "inspect", file])
        #expect(text.stdout.contains("purpose:      \(words)"), "\(text.stdout)")

        let own = try CLI.run(["cert", "verify", file, "--env", "production", "--topic", topics[0], "--key",
                               CertCLI.path("other.key"), "--ca", CertCLI.path("ca.pem"), "--format", "json"])
        #expect(own.status == 0, "\(own.stdout)")
        let report = try #require(try CertCLI.json(own) as? [String: Any])
        #expect(report["purpose"] as? String == purpose)
        let checks = try #require(report["checks"] as? [[String: Any]])
        #expect(checks.contains { $0["name"] as? String == "purpose" && $0["status"] as? String == "pass"
            && ($0["detail"] as? String)?.contains("not an app's push certificate") == true })

        // An app's alert topic is a push type these certificates cannot send.
        let app = try CLI.run(["cert", "verify", file, "--env", "production", "--topic", "com.example.app",
                               "--ca", CertCLI.path("ca.pem")])
        #expect(app.status == 1)
        let line = app.stdout.split(separator: "\n").first { $0.hasPrefix("✘ topic:com.example.app:") }
        #expect(line?.contains("a \(phrase) certificate sends \(sends) only") == true, "\(app.stdout)")
    }

    @Test func aDistributionCertificateIsNotPushAndItsTeamIDIsNoTopic() throws {
        let directory = CLI.temporaryDirectory("purpose")
        let file = try Self.issue("distribution", in: directory)
        let leaf = try Self.leafJSON(file)
        #expect(leaf["purpose"] as? String == "not_push")
        #expect(leaf["topics"] as? [String] == [])
        #expect(leaf["bundle_id"] is NSNull)
        #expect(leaf["team_id"] as? String == "TEAM123456")
        let text = try CLI.run(["cert", "inspect", file])
        #expect(text.stdout.contains("topics:       none"), "\(text.stdout)")
        #expect(!text.stdout.contains("TEAM123456 (from UID)"))

        let verify = try CLI.run(["cert", "verify", file, "--ca", CertCLI.path("ca.pem")])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("✘ purpose: not a push certificate: \"Apple Distribution: Example Ltd (TEAM123456)\" has no APNs extension"),
                "\(verify.stdout)")
        #expect(verify.stdout.contains("its UID TEAM123456 is not a topic"))
        let topic = try CLI.run(["cert", "verify", file, "--topic", "TEAM123456", "--ca", CertCLI.path("ca.pem")])
        #expect(topic.stdout.contains("✘ topic:TEAM123456: not a push certificate"), "\(topic.stdout)")

        // expiry: the purpose in JSON and the table, and no bundle id for it.
        let expiry = try CLI.run(["expiry", "--no-keystore", directory.path, "--format", "json"])
        let rows = try #require((try CertCLI.json(expiry) as? [String: Any])?["credentials"] as? [[String: Any]])
        let row = try #require(rows.first { ($0["file"] as? String)?.hasSuffix("other_apple_distribution_TEAM123456.pem") == true })
        #expect(row["purpose"] as? String == "not_push")
        #expect(row["bundle_id"] is NSNull)
        let table = try CLI.run(["expiry", "--no-keystore", directory.path])
        #expect(table.stdout.split(separator: "\n").first?.hasPrefix("KIND         PURPOSE") == true, "\(table.stdout)")
        #expect(table.stdout.contains("certificate  not_push"))
    }

    @Test func anAppPushCertificateCannotSendPassOrWebsiteTopics() throws {
        let result = try CLI.run(["cert", "verify", CertCLI.path("universal.pem"), "--topic", "pass.com.example.universal",
                                  "--ca", CertCLI.path("ca.pem")])
        #expect(result.status == 1)
        #expect(result.stdout.contains("✔ purpose: app push (development and production)"), "\(result.stdout)")
        #expect(result.stdout.contains("✘ topic:pass.com.example.universal: pass.com.example.universal is a Pass Type ID: "
                                       + "an app push certificate cannot send Wallet pass updates"))
    }

    @Test func withoutCATheChainIsCheckedAgainstApplesShippedCAs() throws {
        let result = try CLI.run(["cert", "verify", CertCLI.path("dev.pem"), "--format", "json"])
        #expect(result.status == 1)
        let checks = try #require((try CertCLI.json(result) as? [String: Any])?["checks"] as? [[String: Any]])
        let chain = try #require(checks.first { $0["name"] as? String == "chain" })
        #expect(chain["status"] as? String == "fail")
        #expect((chain["detail"] as? String)?.hasPrefix("does not chain to Apple's CAs shipped with apnsctl (issuer: ") == true,
                "\(chain)")
        let given = try CLI.run(["cert", "verify", CertCLI.path("dev.pem"), "--ca", CertCLI.path("ca.pem")])
        #expect(given.stdout.contains("✔ chain: verifies to apnsctl Test WWDR CA, against the CA in \(CertCLI.path("ca.pem"))"),
                "\(given.stdout)")
    }
}

/// The real certificates of ../shared/samples: every one an app push certificate, chaining to Apple's CAs that
/// apnsctl ships, with no --ca.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: CLI.samples.appendingPathComponent("apple-certs/expected.json").path),
                "../shared/samples is absent: real certificate purposes skipped"))
struct CertPurposeSampleTests {
    static let names = ["dev_authbucket.pem", "dev_isaac.pem", "dev_seasoft_2020.pem", "prod_authbucket_polyucpce.pem",
                        "prod_populr.pem", "universal_applab_qrail_2023_g4.pem", "universal_bestande_2021.pem",
                        "universal_medable_axon_2019_g1.pem", "universal_medable_novo_2022_g4.pem",
                        "universal_pollios.pem", "universal_seasoft_2020.pem"]

    @Test(arguments: names)
    func realCertificatesAreAppPushAndChainToApple(name: String) throws {
        let path = CLI.samples.appendingPathComponent("apple-certs/\(name)").path
        let leaf = try CertPurposeTests.leafJSON(path)
        #expect(leaf["purpose"] as? String == "app_push")
        let result = try CLI.run(["cert", "verify", path, "--format", "json"])
        let report = try #require(try CertCLI.json(result) as? [String: Any])
        #expect(report["purpose"] as? String == "app_push")
        let checks = try #require(report["checks"] as? [[String: Any]])
        let chain = try #require(checks.first { $0["name"] as? String == "chain" })
        #expect(chain["status"] as? String == "pass", "\(chain)")
        let detail = chain["detail"] as? String ?? ""
        #expect(detail.hasPrefix("verifies to Apple Worldwide Developer Relations Certification Authority → Apple Root CA"),
                "\(detail)")
        #expect(detail.hasSuffix(", against Apple's CAs shipped with apnsctl"))
    }
}
