import Foundation
import Testing

/// `cert inspect`, `cert convert` (one file and a batch), `cert import` and `expiry` on .p12 files saved with an
/// empty password in both encodings (empty BMPString and no password at all; legacy and modern): every path that
/// reads a .p12 must open all four (Tests/Fixtures/empty-password, scripts/make-empty-password-fixtures.sh).
@Suite struct EmptyPasswordP12CLITests {
    static let files = ["legacy-bmp.p12", "legacy-null.p12", "modern-bmp.p12", "modern-null.p12"]
    static func path(_ name: String) -> String {
        CLI.fixtures.appendingPathComponent("empty-password/\(name)").path
    }
    static func bundleID(_ name: String) -> String { name.hasPrefix("legacy") ? "com.example.dev" : "com.example.universal" }

    @Test(arguments: files)
    func inspectOpensItWithoutAPassword(file: String) throws {
        let result = try CLI.run(["cert", "inspect", Self.path(file)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("bundle id:    \(Self.bundleID(file))"))
        // An empty --password-env gives the same answer.
        let env = try CLI.run(["cert", "inspect", Self.path(file), "--password-env", "P"], environment: ["P": ""])
        #expect(env.status == 0, "\(env.stderr)")
        #expect(env.stdout == result.stdout)
    }

    /// `cert convert --password-env P` with P empty, and `--password-file` of an empty file: a PEM whose key is
    /// the certificate's (checked by openssl).
    @Test(arguments: files)
    func convertWritesThePEMWithItsKey(file: String) throws {
        let directory = CLI.temporaryDirectory("empty-pw")
        let empty = directory.appendingPathComponent("empty-password").path
        try Data().write(to: URL(fileURLWithPath: empty))
        for (name, flags, environment) in [("env.pem", ["--password-env", "P"], ["P": ""]),
                                           ("file.pem", ["--password-file", empty], [:])] {
            let out = directory.appendingPathComponent(name).path
            let result = try CLI.run(["cert", "convert", Self.path(file), "--to", "pem", "--out", out] + flags,
                                     environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.contains("-----BEGIN CERTIFICATE-----") && text.contains("-----BEGIN PRIVATE KEY-----"))
            guard CertCLI.opensslPresent else { continue }
            let keyPub = try CertCLI.runOpenSSL(["pkey", "-in", out, "-pubout"])
            let certPub = try CertCLI.runOpenSSL(["x509", "-in", out, "-noout", "-pubkey"])
            #expect(keyPub.status == 0 && !keyPub.stdout.isEmpty && keyPub.stdout == certPub.stdout)
        }
    }

    @Test func aBatchConvertOpensAllFour() throws {
        let outDir = CLI.temporaryDirectory("empty-pw-batch")
        let result = try CLI.run(["cert", "convert"] + Self.files.map(Self.path)
                                 + ["--to", "pem", "--out-dir", outDir.path, "--password-env", "P"],
                                 environment: ["P": ""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CertCLI.listing(outDir) == ["legacy-bmp.pem", "legacy-null.pem", "modern-bmp.pem", "modern-null.pem"])
        for name in CertCLI.listing(outDir) {
            let text = try String(contentsOfFile: outDir.appendingPathComponent(name).path, encoding: .utf8)
            #expect(text.contains("-----BEGIN PRIVATE KEY-----"), "\(name)")
        }
    }

    @Test(arguments: files)
    func importStoresTheCertificateAndKey(file: String) throws {
        let ks = try KeystoreCLI.fresh()
        let result = try KeystoreCLI.run(["cert", "import", Self.path(file), "--format", "json", "--ca",
                                          CertCLI.path("ca.pem")], ks)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try KeystoreCLI.json(result) as? [String: Any])
        #expect((json["topics"] as? [String])?.contains(Self.bundleID(file)) == true)
        let id = try #require(json["id"] as? String)
        #expect(KeystoreCLI.mode(ks + "/certs/\(id).key.pem") == 0o600)
    }

    @Test func expiryReadsAllFourWithoutAPassword() throws {
        for extra in [[String](), ["--password-env", "P"]] {
            // --ca: the fixtures' test CA, trusted besides Apple's (expiry asks the certificate judge, chain included).
            let result = try CLI.run(["expiry", "--no-keystore", "--format", "json", "--ca", CertCLI.path("ca.pem")]
                                     + Self.files.map(Self.path) + extra, environment: ["P": ""])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            let items = try #require(json["credentials"] as? [[String: Any]])
            #expect(items.count == 4)
            #expect(items.allSatisfy { $0["kind"] as? String == "certificate" })
            #expect(result.stderr.isEmpty)
        }
    }
}
