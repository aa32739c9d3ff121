import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 10 §1 end to end: the files other tools read, through `cert inspect/verify/convert` and `key import`.
@Suite struct ReaderCLITests {
    static let readers = CLI.fixtures.appendingPathComponent("readers")
    static func path(_ name: String) -> String { readers.appendingPathComponent(name).path }

    /// Issue 19: a damaged key block before a good certificate (a peer library's fixture) refused the whole file.
    @Test func aDamagedKeyBlockBeforeACertificateIsAWarning() throws {
        let file = CLI.temporaryDirectory("damaged").appendingPathComponent("peer.pem")
        let certificate = try String(contentsOfFile: CertCLI.path("dev.pem"), encoding: .utf8)
        try ("-----BEGIN RSA PRIVATE KEY-----\nnot*base64!!\n-----END RSA PRIVATE KEY-----\n" + certificate)
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["cert", "inspect", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("bundle id:    com.example.dev"))
        #expect(result.stderr.hasPrefix("apnsctl: warning: \(file.path): PEM block 1 (RSA PRIVATE KEY) is not valid base64: ignored"))
        // openssl reads the certificate too (a tool this project did not write).
        if CertCLI.opensslPresent {
            #expect(try CertCLI.runOpenSSL(["x509", "-in", file.path, "-noout"]).status == 0)
        }
        // cert import needs the key, and says which block was unusable.
        let ks = try KeystoreCLI.fresh()
        let imported = try KeystoreCLI.run(["cert", "import", file.path], ks)
        #expect(imported.status == 3)
        #expect(imported.stderr.contains("no usable private key: PEM block 1 (RSA PRIVATE KEY) is not valid base64"))
    }

    @Test func inspectShowsAnRSA1024CertificateWithAWarningLine() throws {
        let result = try CLI.run(["cert", "inspect", Self.path("rsa1024.pem")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("apnsctl: warning: \(Self.path("rsa1024.pem")): certificate \"Apple Development IOS Push Services: com.example.weak\": weak key: RSA 1024; APNs needs RSA 2048\n"))
        #expect(result.stdout.contains("public key:   RSA 1024"))
        #expect(result.stdout.contains("bundle id:    com.example.weak"))
        let json = try CLI.run(["cert", "inspect", Self.path("ec-null-params.p12"), "--format", "json",
                                "--password-file", Self.path("ec-null-params.p12.password")])
        #expect(json.status == 0, "\(json.stderr)")
        let reports = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        let warnings = try #require(reports.first?["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("explicit NULL parameters") })
    }

    @Test func verifyFailsTheKeySizeCheckWithAReason() throws {
        let result = try CLI.run(["cert", "verify", Self.path("rsa1024.p12"), "--password-file", Self.path("rsa1024.p12.password"),
                                  "--ca", Self.path("rsa1024-ca.pem")])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("✘ key_size: RSA 1024 key is too weak: APNs needs RSA 2048 or stronger"))
        #expect(result.stdout.contains("✔ private_key: RSA 1024 key matches the certificate"))
        #expect(result.stdout.contains("✔ chain: verifies to Old Test CA (RSA 1024) (checked by OpenSSL)"))
    }

    @Test func convertWritesWhatOpenSSLReadsBack() throws {
        let directory = CLI.temporaryDirectory("readers")
        let out = directory.appendingPathComponent("weak.pem").path
        let result = try CLI.run(["cert", "convert", Self.path("rsa1024.p12"), "--to", "pem", "--out", out,
                                  "--password-file", Self.path("rsa1024.p12.password")])
        #expect(result.status == 0, "\(result.stderr)")
        let subject = try CertCLI.runOpenSSL(["x509", "-in", out, "-noout", "-subject"])
        #expect(String(decoding: subject.stdout, as: UTF8.self).contains("com.example.weak"))
        let key = try CertCLI.runOpenSSL(["pkey", "-in", out, "-noout", "-text"])
        #expect(key.status == 0)
        #expect(String(decoding: key.stdout, as: UTF8.self).contains("1024 bit"))
        let java = directory.appendingPathComponent("java.p12").path
        let p12 = try CLI.run(["cert", "convert", Self.path("ec-null-params.pem"), "--to", "p12", "--out", java,
                               "--out-password-env", "PW"], environment: ["PW": "pw"])
        #expect(p12.status == 0, "\(p12.stderr)")
        let back = try CertCLI.runOpenSSL(["pkcs12", "-in", java, "-passin", "pass:pw", "-nokeys"])
        #expect(String(decoding: back.stdout, as: UTF8.self).contains("com.example.java"))
    }

    @Test func convertPicksTheLeafsKeyOrRefusesNamingTheChoices() throws {
        let directory = CLI.temporaryDirectory("readers")
        let out = directory.appendingPathComponent("one.pem").path
        let one = try CLI.run(["cert", "convert", Self.path("multikey-one-leaf.p12"), "--to", "pem", "--out", out])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stderr.contains("holds 2 private keys; using key 2 (RSA 1024), the one matching the leaf certificate"))
        let modulus = { (args: [String]) in String(decoding: try CertCLI.runOpenSSL(args).stdout, as: UTF8.self) }
        #expect(try modulus(["rsa", "-in", out, "-noout", "-modulus"]) == (try modulus(["x509", "-in", out, "-noout", "-modulus"])))
        let two = directory.appendingPathComponent("two.pem").path
        let refused = try CLI.run(["cert", "convert", Self.path("multikey-two-identities.p12"), "--to", "pem", "--out", two])
        #expect(KeystoreCLI.failed(refused, 3, "holds 2 private keys and 2 match a leaf certificate",
                                   "key 2 (RSA 2048) matches \"Apple Push Services: com.example.second\""))
        #expect(refused.stderr.contains("apnsctl: hint: "))
        #expect(!FileManager.default.fileExists(atPath: two))
        let inspect = try CLI.run(["cert", "inspect", Self.path("multikey-two-identities.p12")])
        let lines = inspect.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0.hasPrefix("key 1:       RSA 1024, matches C=") && $0.hasSuffix(",UID=com.example.weak (friendly name \"leaf\")") })
        #expect(lines.contains { $0.hasPrefix("key 2:       RSA 2048, matches C=") && $0.hasSuffix(",UID=com.example.second (friendly name \"second\")") })
    }

    @Test(arguments: ["sec1.key", "sec1.der", "pkcs8.der", "p8-one-line.p8", "p8-crlf.p8", "p8-with-text.p8"])
    func keyImportStoresPKCS8WhateverItRead(name: String) throws {
        let ks = try KeystoreCLI.fresh()
        let result = try KeystoreCLI.run(["key", "import", Self.path(name), "--team", "DEF123GHIJ", "--key-id", "ABC123DEFG"], ks)
        #expect(result.status == 0, "\(result.stderr)")
        let stored = ks + "/keys/ABC123DEFG.p8"
        let text = try String(contentsOfFile: stored, encoding: .utf8)
        #expect(text.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        let theirs = try CertCLI.runOpenSSL(["pkey", "-in", stored, "-pubout"])
        let ours = try CertCLI.runOpenSSL(["pkey", "-in", Self.path("sec1.key"), "-pubout"])
        #expect(theirs.status == 0 && theirs.stdout == ours.stdout)
    }

    @Test func keyImportReadsStandardInputAndAnEnvironmentVariable() throws {
        let ks = try KeystoreCLI.fresh()
        let pem = try Data(contentsOf: URL(fileURLWithPath: Self.path("p8-one-line.p8")))
        let stdin = try KeystoreCLI.run(["key", "import", "-", "--team", "DEF123GHIJ", "--key-id", "ABC123DEFG"], ks, stdin: pem)
        #expect(stdin.status == 0, "\(stdin.stderr)")
        let other = try Data(contentsOf: URL(fileURLWithPath: KeystoreCLI.fixture("AuthKey_NEW456HIJK.p8")))
        let env = try KeystoreCLI.run(["key", "import", "--from-env", "APNS_KEY", "--team", "DEF123GHIJ", "--key-id", "NEW456HIJK"],
                                      ks, environment: ["APNS_KEY": other.base64EncodedString()])
        #expect(env.status == 0, "\(env.stderr)")
        #expect(try KeystoreCLI.states(ks) == ["ABC123DEFG": "active", "NEW456HIJK": "staged"])
        let keys = try FileManager.default.contentsOfDirectory(atPath: ks + "/keys").sorted()
        #expect(keys == ["ABC123DEFG.p8", "NEW456HIJK.p8"])
        let unset = try KeystoreCLI.run(["key", "import", "--from-env", "NOPE_NOT_SET", "--team", "DEF123GHIJ",
                                         "--key-id", "ZZZ456HIJK"], ks)
        #expect(KeystoreCLI.failed(unset, 2, "environment variable NOPE_NOT_SET is not set"))
        let junk = try KeystoreCLI.run(["key", "import", "--from-env", "JUNK", "--team", "DEF123GHIJ", "--key-id", "ZZZ456HIJK"],
                                       ks, environment: ["JUNK": "not a key!"])
        #expect(KeystoreCLI.failed(junk, 3, "environment variable JUNK: holds neither a PEM key nor base64"))
    }

    @Test func fifosDevicesAndDirectoriesGetAClearErrorNeverAHang() throws {
        let directory = CLI.temporaryDirectory("readers")
        let fifo = directory.appendingPathComponent("pipe.p12").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(String, String)] = [(fifo, "is a named pipe (FIFO), not a file"), ("/dev/zero", "is a device, not a file"),
                                         (directory.path, "is a directory, not a file")]
        for (file, says) in cases {
            let inspect = try CLI.run(["cert", "inspect", file], timeout: 60)
            #expect(KeystoreCLI.failed(inspect, 3, "\(file): \(says)"), "\(inspect.stderr)")
            #expect(inspect.stderr.contains("apnsctl: hint: "))
            let ks = try KeystoreCLI.fresh()
            let key = try KeystoreCLI.run(["key", "import", file, "--team", "DEF123GHIJ", "--key-id", "ABC123DEFG"], ks)
            #expect(KeystoreCLI.failed(key, 3, says), "\(key.stderr)")
        }
    }

    @Test func aFileOver16MiBIsRefusedFromItsSize() throws {
        let big = CLI.temporaryDirectory("readers").appendingPathComponent("big.pem")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(16 << 20) + 1)
        try handle.close()
        let result = try CLI.run(["cert", "inspect", big.path])
        #expect(KeystoreCLI.failed(result, 3, "\(big.path): too large to be a credential (16777217 bytes; limit 16777216)"))
        let fromStdin = try CLI.run(["cert", "inspect", "-"], stdin: Data(count: (16 << 20) + 10))
        #expect(KeystoreCLI.failed(fromStdin, 3, "standard input: too large to be a credential"))
    }
}
