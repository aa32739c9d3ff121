import Foundation
import Testing

@Suite struct CertVerifyTests {
    @Test func everyCheckPassesForAGoodBundle() throws {
        let result = try CLI.run(["cert", "verify", CertCLI.path("dev-bundle.pem"), "--topic", "com.example.dev",
                                  "--env", "development", "--ca", CertCLI.path("ca.pem")])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == """
            ✔ parses: RSA 2048 certificate for com.example.dev
            ✔ purpose: app push (development)
            \(result.stdout.split(separator: "\n")[2])
            ✔ environment: valid for development (development)
            ✔ topic:com.example.dev: com.example.dev is the certificate's bundle id (UID)
            ✔ private_key: RSA 2048 key matches the certificate
            ✔ chain: verifies to apnsctl Test WWDR CA, against the CA in \(CertCLI.path("ca.pem"))
            ✔ client_auth: extended key usage includes TLS client authentication

            """)
        #expect(result.stdout.split(separator: "\n")[2].hasPrefix("✔ validity: "))
    }

    /// Each check's logic is tested in process (APNsOperationsTests' CertificateVerificationTests); here the
    /// rendering of a failed check, the exit status, the chain's wording and `--key` with `--password-file`.
    @Test func aFailingCheckIsMarkedAndTheExitIs1() throws {
        let wrongEnv = try CLI.run(["cert", "verify", CertCLI.path("dev.pem"), "--env", "production"])
        #expect(wrongEnv.status == 1)
        #expect(wrongEnv.stdout.contains("✘ environment: not valid for production: the certificate is development only"))
        let badChain = try CLI.run(["cert", "verify", CertCLI.path("dev.pem"), "--ca", CertCLI.path("prod.pem")])
        #expect(badChain.status == 1)
        #expect(badChain.stdout.contains("✘ chain: does not verify against the CA in \(CertCLI.path("prod.pem")) (issuer: "))
    }

    @Test func aSeparateKeyFileIsReadWithThePassword() throws {
        let good = try CLI.run(["cert", "verify", CertCLI.path("prod.pem"), "--key", CertCLI.path("prod-encrypted.key"),
                                "--password-file", CertCLI.passwordFile("prod-encrypted.key"), "--ca", CertCLI.path("ca.pem")])
        #expect(good.status == 0)
        #expect(good.stdout.contains("✔ private_key: RSA 2048 key matches the certificate"))
    }

    @Test func jsonListsEveryCheck() throws {
        let result = try CLI.run(["cert", "verify", CertCLI.path("universal-g4-chain.p12"), "--password-file",
                                  CertCLI.passwordFile("universal-g4-chain.p12"), "--topic", "com.example.g4.voip-ptt",
                                  "--env", "production", "--ca", CertCLI.path("ca.pem"), "--format", "json"])
        #expect(result.status == 0, "\(result.stdout)")
        let object = try #require(try CertCLI.json(result) as? [String: Any])
        #expect(object["passed"] as? Bool == true)
        let checks = try #require(object["checks"] as? [[String: String]])
        #expect(object["purpose"] as? String == "app_push")
        #expect(checks.map { $0["name"] ?? "" } == ["parses", "purpose", "validity", "environment", "topic:com.example.g4.voip-ptt",
                                                     "private_key", "chain", "client_auth"])
        #expect(checks.allSatisfy { $0["status"] == "pass" && !($0["detail"] ?? "").isEmpty })
    }

    /// Issue 19: `--min-days 30` passed with 29 days 13 hours left; `--at` words the time relative to itself.
    @Test func minDaysComparesTheExactTimeAndAtNamesItsInstant() throws {
        let inspect = try CLI.run(["cert", "inspect", CertCLI.path("dev.pem"), "--format", "json"])
        let cert = try #require(((try CertCLI.json(inspect) as? [[String: Any]])?.first?["certificates"] as? [[String: Any]])?.first)
        let notAfter = try #require((cert["not_after"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        let format = ISO8601DateFormatter()
        let almost = format.string(from: notAfter.addingTimeInterval(-(29 * 86_400 + 13 * 3600)))
        let short = try CLI.run(["cert", "verify", CertCLI.path("dev.pem"), "--at", almost, "--min-days", "30"])
        #expect(short.status == 1)
        #expect(short.stdout.contains("✘ validity: only 29 days left at \(almost)"))
        let json = try CLI.run(["cert", "verify", CertCLI.path("dev.pem"), "--at", almost, "--min-days", "29", "--format", "json",
                                "--ca", CertCLI.path("ca.pem")])
        #expect(json.status == 0)
        let after = format.string(from: notAfter.addingTimeInterval(769 * 86_400))
        let late = try CLI.run(["cert", "verify", CertCLI.path("dev.pem"), "--at", after])
        #expect(late.status == 1)
        #expect(late.stdout.contains("✘ validity: expired 769 days before \(after)"))
        #expect(!late.stdout.contains("days ago"))
    }

    @Test func atFixesTheTimeForValidityAndChain() throws {
        let early = try CLI.run(["cert", "verify", CertCLI.path("expired.pem"), "--at", "2020-06-01", "--min-days", "0",
                                 "--ca", CertCLI.path("ca.pem")])
        #expect(early.stdout.contains("✔ validity: 214 days left"))
        // The test CA was made after 2020, so at that time the chain cannot verify.
        #expect(early.stdout.contains("✘ chain: does not verify against the CA in \(CertCLI.path("ca.pem")) (issuer: "))
        #expect(early.stdout.contains("): a certificate in the chain is not yet valid at that time"))
        #expect(early.status == 1)
        let bad = try CLI.run(["cert", "verify", CertCLI.path("dev.pem"), "--at", "yesterday"])
        #expect(bad.status == 2)
    }
}

@Suite(.enabled(if: FileManager.default.fileExists(atPath: CLI.samples.appendingPathComponent("apple-ca").path),
                "../shared/samples is absent: Apple chain test skipped"))
struct CertVerifyAppleChainTests {
    @Test(arguments: [("universal_applab_qrail_2023_g4.pem", "AppleWWDRCA_G4.pem"),
                      ("dev_isaac.pem", "AppleWWDRCA_G1_legacy.pem")])
    func realLeavesChainToTheirWWDRIntermediate(leaf: String, ca: String) throws {
        let result = try CLI.run(["cert", "verify", CLI.samples.appendingPathComponent("apple-certs/\(leaf)").path,
                                  "--ca", CLI.samples.appendingPathComponent("apple-ca/\(ca)").path])
        #expect(result.stdout.contains("✔ chain: verifies to Apple Worldwide Developer Relations Certification Authority"))
        #expect(result.stdout.contains("✘ validity: expired"))
        #expect(result.status == 1)
    }
}
