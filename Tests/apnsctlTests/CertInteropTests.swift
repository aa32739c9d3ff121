import Foundation
import Testing

/// Our outputs read by the real `openssl` binary, and openssl's outputs read by us.
@Suite(.enabled(if: CertCLI.opensslPresent, "openssl binary not found: interop tests skipped"))
struct CertInteropTests {
    func openssl(_ arguments: [String]) throws -> Data {
        let result = try CertCLI.runOpenSSL(arguments)
        #expect(result.status == 0, "openssl \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    @Test func ourPEMFromALegacyP12EqualsWhatOpenSSLPkcs12NodesGives() throws {
        let directory = CLI.temporaryDirectory("interop")
        let ours = directory.appendingPathComponent("ours.pem").path
        let theirs = directory.appendingPathComponent("theirs.pem").path
        let input = CertCLI.path("dev-legacy.p12")
        let password = CertCLI.passwordFile("dev-legacy.p12")
        #expect(try CLI.run(["cert", "convert", input, "--to", "pem", "--out", ours, "--password-file", password]).status == 0)
        _ = try openssl(["pkcs12", "-legacy", "-in", input, "-nodes", "-passin", "file:\(password)", "-out", theirs])
        #expect(try openssl(["x509", "-in", ours, "-outform", "DER"]) == openssl(["x509", "-in", theirs, "-outform", "DER"]))
        #expect(try openssl(["pkey", "-in", ours, "-outform", "DER"]) == openssl(["pkey", "-in", theirs, "-outform", "DER"]))
        // And we read openssl's output, "Bag Attributes" lines and all.
        let inspect = try CLI.run(["cert", "inspect", theirs])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("private key:  RSA 2048 (pkcs8), matches the leaf certificate"))
    }

    @Test func openSSLReadsOurModernP12WithAESAndSHA256MAC() throws {
        let directory = CLI.temporaryDirectory("interop")
        let p12 = directory.appendingPathComponent("out.p12").path
        let result = try CLI.run(["cert", "convert", CertCLI.path("universal-g4-chain.pem"), "--to", "p12", "--out", p12,
                                  "--out-password-env", "OUT_PW"], environment: ["OUT_PW": "interop-pw"])
        #expect(result.status == 0)
        let info = try CertCLI.runOpenSSL(["pkcs12", "-in", p12, "-passin", "pass:interop-pw", "-info", "-nodes"])
        #expect(info.status == 0)
        #expect(info.stderr.contains("MAC: sha256"))
        #expect(info.stderr.contains("PBES2, PBKDF2, AES-256-CBC"))
        #expect(info.stderr.contains("PRF hmacWithSHA256"))
        let text = String(decoding: info.stdout, as: UTF8.self)
        #expect(text.contains("friendlyName: Apple Push Services: com.example.g4"))
        #expect(text.contains("localKeyID:"))
        #expect(text.components(separatedBy: "BEGIN CERTIFICATE").count == 3)
        #expect(text.contains("BEGIN PRIVATE KEY"))
        let wrong = try CertCLI.runOpenSSL(["pkcs12", "-in", p12, "-passin", "pass:nope", "-noout"])
        #expect(wrong.status != 0)
    }

    @Test func legacyP12IsRC2And3DESWithSHA1MAC() throws {
        let directory = CLI.temporaryDirectory("interop")
        let p12 = directory.appendingPathComponent("legacy.p12").path
        #expect(try CLI.run(["cert", "convert", CertCLI.path("dev-bundle.pem"), "--to", "p12", "--legacy", "--out", p12,
                             "--password-env", "PW"], environment: ["PW": "keychain"]).status == 0)
        let info = try CertCLI.runOpenSSL(["pkcs12", "-legacy", "-in", p12, "-passin", "pass:keychain", "-info", "-nodes"])
        #expect(info.status == 0)
        #expect(info.stderr.contains("MAC: sha1"))
        #expect(info.stderr.contains("pbeWithSHA1And40BitRC2-CBC"))
        #expect(info.stderr.contains("pbeWithSHA1And3-KeyTripleDES-CBC"))
        #expect(String(decoding: info.stdout, as: UTF8.self).contains("friendlyName: Apple Development IOS Push Services: com.example.dev"))
    }

    @Test func encryptedKeyOutputIsPBES2AESReadableByOpenSSLPkey() throws {
        let directory = CLI.temporaryDirectory("interop")
        let out = directory.appendingPathComponent("enc.pem").path
        let passwordFile = directory.appendingPathComponent("pw").path
        try Data("pem-pass\n".utf8).write(to: URL(fileURLWithPath: passwordFile))
        #expect(try CLI.run(["cert", "convert", CertCLI.path("dev-bundle.pem"), "--to", "pem", "--encrypt-key",
                             "--out", out, "--out-password-file", passwordFile]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("BEGIN ENCRYPTED PRIVATE KEY"))
        let key = try openssl(["pkey", "-in", out, "-passin", "file:\(passwordFile)", "-outform", "DER"])
        #expect(key == (try openssl(["pkey", "-in", CertCLI.path("dev.key"), "-outform", "DER"])))
        let refused = try CertCLI.runOpenSSL(["pkey", "-in", out, "-passin", "pass:wrong", "-noout"])
        #expect(refused.status != 0)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let keyBlock = directory.appendingPathComponent("key-only.pem")
        let start = try #require(text.range(of: "-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        try Data(text[start.lowerBound...].utf8).write(to: keyBlock)
        let parsed = String(decoding: try openssl(["asn1parse", "-in", keyBlock.path]), as: UTF8.self)
        #expect(parsed.contains("PBES2") && parsed.contains("PBKDF2") && parsed.contains("aes-256-cbc"))
    }

    @Test func derOutputIsReadByOpenSSLAndFingerprintsAgree() throws {
        let directory = CLI.temporaryDirectory("interop")
        let der = directory.appendingPathComponent("u.cer").path
        #expect(try CLI.run(["cert", "convert", CertCLI.path("universal.pem"), "--to", "der", "--out", der]).status == 0)
        let fingerprint = String(decoding: try openssl(["x509", "-inform", "DER", "-in", der, "-noout", "-fingerprint", "-sha256"]),
                                 as: UTF8.self)
        let hex = fingerprint.split(separator: "=").last.map { $0.replacingOccurrences(of: ":", with: "") }?
            .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let inspect = try CLI.run(["cert", "inspect", der, "--format", "json"])
        let cert = try #require(((try CertCLI.json(inspect) as? [[String: Any]])?.first?["certificates"] as? [[String: Any]])?.first)
        #expect(cert["sha256"] as? String == hex)
    }

    @Test func weReadP12AndKeysOpenSSLMakesNow() throws {
        let directory = CLI.temporaryDirectory("interop")
        let p12 = directory.appendingPathComponent("fresh.p12").path
        _ = try openssl(["pkcs12", "-export", "-in", CertCLI.path("prod.pem"), "-inkey", CertCLI.path("prod.key"),
                         "-certfile", CertCLI.path("ca.pem"), "-name", "fresh", "-passout", "pass:fresh-pw", "-out", p12])
        let result = try CLI.run(["cert", "inspect", p12, "--password-env", "PW"], environment: ["PW": "fresh-pw"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("friendly name \"fresh\""))
        #expect(result.stdout.contains("certificate 2 (chain)"))
        let traditional = directory.appendingPathComponent("ec.pem").path
        _ = try openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", traditional])
        let key = try CLI.run(["cert", "convert", traditional, "--to", "pem", "--key-only", "--out", "-"])
        #expect(key.status == 0)
        #expect(key.stdout.hasPrefix("-----BEGIN PRIVATE KEY-----"))
    }
}
