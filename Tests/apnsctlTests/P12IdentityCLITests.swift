import Foundation
import TestSupport
import Testing

/// Issue 29 §4: a .p12 holding several identities (two push certificates, each with its key, as a Keychain export
/// of two certificates is) is read one identity at a time with `--identity N` or `--friendly-name NAME`.
/// The fixture `readers/multikey-two-identities.p12` holds "leaf" (com.example.weak, RSA 1024) and "second"
/// (com.example.second, RSA 2048), no password.
@Suite struct P12IdentityCLITests {
    static let file = CLI.fixtures.appendingPathComponent("readers/multikey-two-identities.p12").path

    @Test func convertReadsTheIdentityNamedByNumberWithItsOwnKey() throws {
        let directory = CLI.temporaryDirectory("identity")
        let out = directory.appendingPathComponent("second.pem").path
        let result = try CLI.run(["cert", "convert", Self.file, "--identity", "2", "--to", "pem", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("holds 2 identities; reading identity 2 \"second\""), "\(result.stderr)")
        let subject = String(decoding: try CertCLI.runOpenSSL(["x509", "-in", out, "-noout", "-subject"]).stdout, as: UTF8.self)
        #expect(subject.contains("com.example.second"))
        let modulus = { (args: [String]) in String(decoding: try CertCLI.runOpenSSL(args).stdout, as: UTF8.self) }
        #expect(try modulus(["rsa", "-in", out, "-noout", "-modulus"]) == (try modulus(["x509", "-in", out, "-noout", "-modulus"])))
        // Only that identity: one certificate, one key.
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.components(separatedBy: "BEGIN CERTIFICATE").count == 2)
        #expect(text.components(separatedBy: "BEGIN PRIVATE KEY").count == 2)
    }

    @Test func inspectAndImportReadTheIdentityNamedByFriendlyName() throws {
        // Read whole, inspect names each identity's number and friendly name.
        let whole = try CLI.run(["cert", "inspect", Self.file, "--format", "json"])
        let keys = try #require((try CertCLI.json(whole) as? [[String: Any]])?.first?["private_keys"] as? [[String: Any]])
        #expect(keys.map { $0["friendly_name"] as? String } == ["leaf", "second"])
        #expect(try CLI.run(["cert", "inspect", Self.file]).stdout.contains("(friendly name \"second\")"))
        let inspect = try CLI.run(["cert", "inspect", Self.file, "--friendly-name", "leaf", "--format", "json"])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        let report = try #require((try CertCLI.json(inspect) as? [[String: Any]])?.first)
        let certificates = try #require(report["certificates"] as? [[String: Any]])
        #expect(certificates.count == 1)
        #expect(certificates.first?["bundle_id"] as? String == "com.example.weak")
        #expect(report["friendly_name"] as? String == "leaf")
        #expect((report["private_key"] as? [String: Any])?["matches_certificate"] as? Bool == true)
        #expect(report["key_ambiguity"] is NSNull)

        // Whole, the file is refused by import, which says how to choose; one identity imports.
        let ks = try KeystoreCLI.fresh()
        let refused = try CLI.run(["cert", "import", Self.file, "--keystore", ks])
        #expect(KeystoreCLI.failed(refused, 3, "holds 2 private keys and 2 match a leaf certificate"), "\(refused.stderr)")
        #expect(refused.stderr.contains("apnsctl: hint: read one identity with --identity N or --friendly-name NAME"))
        let imported = try CLI.run(["cert", "import", Self.file, "--friendly-name", "second", "--keystore", ks,
                                    "--ca", CLI.fixtures.appendingPathComponent("readers/rsa1024-ca.pem").path,
                                    "--format", "json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(((try CertCLI.json(imported) as? [String: Any])?["subject"] as? String)?.hasSuffix("UID=com.example.second") == true)
    }

    @Test func anIdentityTheFileDoesNotHoldIsExit3ListingThoseItHolds() throws {
        let missing = try CLI.run(["cert", "inspect", Self.file, "--identity", "3"])
        #expect(KeystoreCLI.failed(missing, 3, "\(Self.file): there is no identity 3: the file holds 2 identities: 1 \"leaf\" (",
                                   "; 2 \"second\" (\"Apple Push Services: com.example.second\")"), "\(missing.stderr)")
        #expect(missing.stderr.contains("apnsctl: hint: "))
        let unnamed = try CLI.run(["cert", "verify", Self.file, "--friendly-name", "third"])
        #expect(KeystoreCLI.failed(unnamed, 3, "there is no identity \"third\""), "\(unnamed.stderr)")
        let pem = try CLI.run(["cert", "inspect", CertCLI.path("dev.pem"), "--identity", "1"])
        #expect(KeystoreCLI.failed(pem, 3, "PEM text, not a PKCS#12 file: there is no identity 1 to choose"), "\(pem.stderr)")
        let both = try CLI.run(["cert", "inspect", Self.file, "--identity", "1", "--friendly-name", "leaf"])
        #expect(both.status == 2)
    }
}
