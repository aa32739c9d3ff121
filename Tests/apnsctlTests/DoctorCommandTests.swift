import Foundation
import Testing

@Suite struct DoctorCommandTests {
    @Test func jsonListsEveryMachineCheckAndTheExitCodeFollowsFailures() throws {
        let result = try CLI.run(["doctor", "--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any],
                                  "stdout: \(result.stdout) stderr: \(result.stderr)")
        let checks = try #require(object["checks"] as? [[String: Any]])
        let names = checks.compactMap { $0["name"] as? String }
        for name in ["openssl", "libcurl", "ca-bundle", "dns api.sandbox.push.apple.com", "dns api.push.apple.com",
                     "dns api-manage-broadcast.sandbox.push.apple.com", "dns api-manage-broadcast.push.apple.com"] {
            #expect(names.contains(name), "doctor lacks \(name)")
        }
        for check in checks {
            #expect(["pass", "warn", "fail"].contains(check["status"] as? String ?? ""))
            #expect(check["detail"] is String && (check["hint"] is String || check["hint"] is NSNull))
            #expect(check["hint"] as? String != "", "an absent hint is null, never \"\"")
        }
        let failed = checks.filter { $0["status"] as? String == "fail" }.count
        #expect(object["failed"] as? Int == failed)
        #expect(result.status == (failed > 0 ? 1 : 0))
        #expect(object["exit_code"] as? Int == Int(result.status))
        // This machine has OpenSSL 3 and a libcurl with HTTP/2: those checks pass here.
        let openssl = checks.first { $0["name"] as? String == "openssl" }
        #expect((openssl?["detail"] as? String)?.hasPrefix("OpenSSL 3.") == true)
        let curl = checks.first { $0["name"] as? String == "libcurl" }
        #expect(curl?["status"] as? String == "pass")
    }

    @Test func textHasAMarkPerCheckAndASummary() throws {
        let result = try CLI.run(["doctor"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("✔ libcurl: libcurl ") && $0.contains("HTTP/2 supported") })
        #expect(lines.contains { $0.hasPrefix("✔ openssl: OpenSSL 3.") || $0.hasPrefix("⚠ openssl: OpenSSL 3.") })
        #expect(lines.last?.contains("checks: ") == true)
    }

    /// The trust-anchor check reads --cacert: Debian's USERTrust root passes, a bundle without it fails (exit 1)
    /// with the Debian and RHEL commands in the hint.
    @Test func trustAnchorCheckFollowsCacert() throws {
        func anchor(_ cacert: String) throws -> (check: [String: Any], status: Int32) {
            let result = try CLI.run(["doctor", "--cacert", cacert, "--format", "json"])
            let object = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            let checks = try #require(object["checks"] as? [[String: Any]])
            return (try #require(checks.first { $0["name"] as? String == "apns trust anchor" }), result.status)
        }
        let root = "/etc/ssl/certs/USERTrust_RSA_Certification_Authority.pem"
        let with = try anchor(root)
        #expect(with.check["status"] as? String == "pass", "\(with.check)")
        #expect((with.check["detail"] as? String)?.contains("\(root) (--cacert) holds USERTrust") == true)
        let other = CLI.fixtures.appendingPathComponent("certs/ca.pem").path
        let without = try anchor(other)
        #expect(without.status == 1)
        #expect(without.check["status"] as? String == "fail")
        #expect((without.check["detail"] as? String)?.contains("lacks USERTrust RSA Certification Authority") == true)
        let hint = without.check["hint"] as? String ?? ""
        #expect(hint.contains("update-ca-certificates") && hint.contains("update-ca-trust"), "\(hint)")
        let text = try CLI.run(["doctor", "--cacert", other])
        #expect(text.stdout.contains("✘ apns trust anchor: \(other) (--cacert) lacks USERTrust"), "\(text.stdout)")
        #expect(text.stdout.contains("  hint: add the root to that file, or leave out --cacert; APNs servers chain to USERTrust"))
    }

    /// Offline, the clock check says plainly that it cannot check; against --host it reads that server's Date.
    @Test func clockCheckNamesItsSourceOrSaysItCannot() throws {
        let result = try CLI.run(["doctor", "--host", "127.0.0.1", "--port", String(try SilentListener.freePort()),
                                  "--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let checks = try #require(object["checks"] as? [[String: Any]])
        let clock = try #require(checks.first { $0["name"] as? String == "clock" })
        #expect(clock["status"] as? String == "warn")
        #expect((clock["detail"] as? String)?.hasPrefix("cannot check this machine's clock: 127.0.0.1:") == true, "\(clock)")
    }

    /// `doctor --host <mock> --cacert <its CA>` checks the given server against the given CA (not Apple's root):
    /// the mock's own CA passes, another CA fails naming the verification error.
    @Test func trustAnchorForAnotherServerChecksTheGivenCA() throws {
        let directory = CLI.temporaryDirectory("doctor-mock")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = directory.appendingPathComponent("mock-ca.pem").path
        let server = try MockServeProcess(["mock", "serve", "--port", "0", "--ca-out", ca])
        defer { server.kill() }
        let port = String(try server.port())
        func anchor(_ cacert: String) throws -> [String: Any] {
            let result = try CLI.run(["doctor", "--host", "127.0.0.1", "--port", port, "--cacert", cacert,
                                      "--format", "json"])
            let object = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            let checks = try #require(object["checks"] as? [[String: Any]])
            #expect(!checks.contains { $0["name"] as? String == "apns trust anchor" })
            return try #require(checks.first { $0["name"] as? String == "trust anchor 127.0.0.1:\(port)" })
        }
        let good = try anchor(ca)
        #expect(good["status"] as? String == "pass", "\(good)")
        #expect((good["detail"] as? String)?.contains("verifies against --cacert \(ca)") == true)
        let other = try anchor("/etc/ssl/certs/USERTrust_RSA_Certification_Authority.pem")
        #expect(other["status"] as? String == "fail", "\(other)")
        #expect((other["hint"] as? String)?.contains("--cacert") == true)
    }

    /// Counts agree with their number: "1 key", not "1 keys".
    @Test func countsAreWordedForOne() throws {
        let directory = CLI.temporaryDirectory("doctor")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", "DEF123GHIJ", "--key-id", "ONE0000001"])
            .status == 0)
        let result = try CLI.run(["doctor", "--keystore", keystore])
        #expect(result.stdout.contains("✔ keystore integrity: 1 key, 0 certificates"), "\(result.stdout)")
        #expect(result.stdout.contains("; 1 in total"))
        #expect(!result.stdout.contains("1 keys") && !result.stdout.contains("1 certificates"))
    }

    @Test func negativeMinDaysIsAUsageError() throws {
        let result = try CLI.run(["doctor", "--min-days", "-1"])
        #expect(result.status == 2)
    }

    /// A team that signs tokens and holds a certificate for an environment no active key covers gets a warning
    /// naming the environment and the certificate; a key covering it clears the warning.
    @Test func aCertificatesEnvironmentThatNoKeyCoversIsAWarning() throws {
        let ks = try KeystoreCLI.fresh()
        defer { try? FileManager.default.removeItem(atPath: ks) }
        try KeystoreCLI.ok(["key", "generate", "--team", "TEAM123456", "--key-id", "PRD0000001", "--env", "production"], ks)
        try KeystoreCLI.ok(["cert", "import", KeystoreCertImportTests.cert("universal-modern.p12"), "--password-file",
                            KeystoreCertImportTests.cert("universal-modern.p12.password")] + KeystoreCertImportTests.ca, ks)
        let warned = try KeystoreCLI.run(["doctor", "--format", "json"], ks)
        let checks = (try JSONSerialization.jsonObject(with: warned.stdoutData) as? [String: Any])?["checks"]
            as? [[String: Any]] ?? []
        let gap = try #require(checks.first { $0["name"] as? String == "keys TEAM123456 development" },
                               "no coverage warning: \(warned.stdout)")
        #expect(gap["status"] as? String == "warn")
        #expect(gap["detail"] as? String
                == "no active key covers the sandbox (development), where the push certificate for com.example.universal works")
        #expect((gap["hint"] as? String)?.contains("--team TEAM123456 --env development") == true)
        #expect(!checks.contains { $0["name"] as? String == "keys TEAM123456 production" })
        let keys = checks.first { $0["name"] as? String == "keys TEAM123456" }
        #expect(keys?["detail"] as? String == "active: PRD0000001 (production, team-scoped (declared)); 1 in total")
        try KeystoreCLI.ok(["key", "generate", "--team", "TEAM123456", "--key-id", "SBX0000001", "--env", "development"], ks)
        let cleared = try KeystoreCLI.run(["doctor"], ks)
        #expect(!cleared.stdout.contains("keys TEAM123456 development"), "\(cleared.stdout)")
    }
}
