import Foundation
import TestSupport
import Testing

/// Shared helpers for the cert end-to-end tests.
enum CertCLI {
    static let certs = CLI.fixtures.appendingPathComponent("certs")
    static func path(_ name: String) -> String { certs.appendingPathComponent(name).path }
    static func passwordFile(_ name: String) -> String { path(name + ".password") }

    /// Names in a directory, sorted (temp files would show up here).
    static func listing(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    static func json(_ result: CLI.Result) throws -> Any {
        try JSONSerialization.jsonObject(with: result.stdoutData)
    }

    static var opensslPresent: Bool { FileManager.default.isExecutableFile(atPath: openssl) }
    static let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/openssl"

    /// Runs the system `openssl` binary (a tool this project did not write).
    static func runOpenSSL(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
        let result = try ExternalProcess.run(openssl, arguments)
        return (result.status, result.stdoutData, result.stderr)
    }
}

@Suite struct CertInspectTests {
    @Test func showsLeafThenChainWithAppleFacts() throws {
        let result = try CLI.run(["cert", "inspect", CertCLI.path("universal-g4-chain.p12"),
                                  "--password-file", CertCLI.passwordFile("universal-g4-chain.p12")])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let out = result.stdout
        #expect(out.contains("(PKCS#12, friendly name \"Apple Push Services: com.example.g4\")"))
        #expect(out.contains("certificate 1 (leaf)"))
        #expect(out.contains("certificate 2 (chain)"))
        #expect(out.contains("bundle id:    com.example.g4"))
        #expect(out.contains("team id:      TEAM123456"))
        #expect(out.contains("environment:  universal (development and production)"))
        #expect(out.contains("com.example.g4.voip-ptt [.voip-ptt]"))
        #expect(out.contains("private key:  RSA 2048 (pkcs12), matches the leaf certificate"))
        let leafPart = out.components(separatedBy: "certificate 2")[0]
        #expect(leafPart.contains("Apple Push Services: com.example.g4"))
    }

    @Test func jsonHasTheDocumentedFields() throws {
        let result = try CLI.run(["cert", "inspect", CertCLI.path("dev-bundle.pem"), "--format", "json"])
        #expect(result.status == 0)
        let array = try #require(try CertCLI.json(result) as? [[String: Any]])
        let file = try #require(array.first)
        #expect(file["format"] as? String == "pem")
        let key = try #require(file["private_key"] as? [String: Any])
        #expect(key["matches_certificate"] as? Bool == true)
        #expect(key["description"] as? String == "RSA 2048")
        let cert = try #require((file["certificates"] as? [[String: Any]])?.first)
        #expect(cert["bundle_id"] as? String == "com.example.dev")
        #expect(cert["environments"] as? [String] == ["development"])
        #expect(cert["topics"] as? [String] == ["com.example.dev"])
        #expect(cert["client_auth"] as? Bool == true)
        #expect((cert["days_left"] as? Int ?? 0) > 3000)
        #expect(cert["topics_error"] is NSNull)
        for field in ["subject", "issuer", "serial", "not_before", "not_after", "sha1", "sha256", "public_key",
                      "signature_algorithm", "team_id", "common_name", "environment"] {
            #expect(cert[field] is String, "\(field)")
        }
    }

    @Test func aMalformedTopicsExtensionIsReportedWhileTheRestIsShown() throws {
        let text = try CLI.run(["cert", "inspect", CertCLI.path("malformed-topics.pem")])
        #expect(text.status == 0)
        #expect(text.stdout.contains("topics:       MALFORMED: extension 1.2.840.113635.100.6.3.6 (topics) is malformed"))
        #expect(text.stdout.contains("bundle id:    com.example.bad"))
        let json = try CLI.run(["cert", "inspect", CertCLI.path("malformed-topics.pem"), "--format", "json"])
        let cert = try #require(((try CertCLI.json(json) as? [[String: Any]])?.first?["certificates"] as? [[String: Any]])?.first)
        #expect((cert["topics_error"] as? String)?.contains("malformed") == true)
        #expect(cert["environment"] as? String == "universal")
    }

    @Test func anEmptyPasswordP12OpensWithoutAskingAnything() throws {
        let result = try CLI.run(["cert", "inspect", CertCLI.path("prod-empty-password.p12")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("environment:  production"))
        #expect(result.stderr.isEmpty)
    }

    /// Issue 19: `cert inspect - --password-file -` read both from standard input and said "wrong password".
    @Test func theInputAndThePasswordCannotBothComeFromStandardInput() throws {
        let data = try Data(contentsOf: CertCLI.certs.appendingPathComponent("universal-modern.p12"))
        for arguments in [["cert", "inspect", "-", "--password-file", "-"],
                          ["cert", "verify", "-", "--password-file", "-"],
                          ["cert", "convert", "-", "--to", "pem", "--out", "/dev/null", "--password-file", "-"],
                          ["cert", "convert", CertCLI.path("universal-modern.p12"), "--to", "p12", "--out", "/dev/null",
                           "--password-file", "-", "--out-password-file", "-"]] {
            let result = try CLI.run(arguments, stdin: data)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("apnsctl: error: --password-file - and "), "\(result.stderr)")
            #expect(result.stderr.contains("both read standard input\napnsctl: hint: "))
            #expect(!result.stderr.contains("wrong password"))
        }
    }

    @Test func readsFromStandardInput() throws {
        let data = try Data(contentsOf: CertCLI.certs.appendingPathComponent("dev.cer"))
        let result = try CLI.run(["cert", "inspect", "-"], stdin: data)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("- (DER)"))
    }

    @Test func oneBadFileAmongGoodOnesStillShowsTheGoodOnesAndExits3() throws {
        let missing = CLI.temporaryDirectory("inspect").appendingPathComponent("nope.pem").path
        let result = try CLI.run(["cert", "inspect", CertCLI.path("prod.pem"), missing])
        #expect(result.status == 3)
        #expect(result.stdout.contains("com.example.prod"))
        #expect(result.stderr == "apnsctl: error: \(missing): no such file\napnsctl: hint: check the path; use - to read standard input\n")
    }
}

/// `cert inspect --format json` over the real Apple certificates, against expected.json.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: CLI.samples.appendingPathComponent("apple-certs/expected.json").path),
                "../shared/samples/apple-certs is absent: real-sample CLI test skipped"))
struct CertInspectSampleTests {
    @Test func everySampleMatchesExpectedJSON() throws {
        let folder = CLI.samples.appendingPathComponent("apple-certs")
        let expected = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("expected.json"))) as? [String: [String: Any]])
        let names = expected.keys.sorted()
        let result = try CLI.run(["cert", "inspect", "--format", "json"] + names.map { folder.appendingPathComponent($0).path })
        #expect(result.status == 0)
        let reports = try #require(try CertCLI.json(result) as? [[String: Any]])
        #expect(reports.count == names.count)
        for (name, report) in zip(names, reports) {
            let cert = try #require((report["certificates"] as? [[String: Any]])?.first)
            let facts = try #require(expected[name])
            for (field, value) in facts {
                // expected.json's `topics` are extension 6.3.6's topics with their labels: `topic_labels` here
                // (`topics` is the strings a certificate may send to, the same shape in every command).
                let key = field == "topics" ? "topic_labels" : field
                let actual = try #require(cert[key], "\(name): \(key) missing")
                #expect(NSDictionary(dictionary: [field: actual]).isEqual(to: [field: value]), "\(name): \(field)")
            }
            #expect(cert["topics_error"] is NSNull, "\(name)")
            #expect(report["private_key"] is NSNull, "\(name)")
        }
    }
}
