import Foundation
import TestSupport
import Testing

/// Every bad input named in the issue: one `apnsctl: error:` line naming the file, a hint, exit 3,
/// nothing on stdout, no file written.
@Suite struct CertErrorTests {
    static let cases: [(String, [UInt8], String)] = [
        ("empty.pem", [], "empty file"),
        ("random.bin", [0x8F, 0x3A, 0x00, 0xFF, 0x12, 0x99, 0x41], "not a certificate, private key or PKCS#12 file (unrecognised content)"),
        ("truncated.pem", Array("-----BEGIN CERTIFICATE-----\nMIIDazCCAlOgAwIBAgIUQ\n".utf8), "truncated PEM: a BEGIN line has no matching END line"),
        ("bad-base64.pem", Array("-----BEGIN CERTIFICATE-----\nMIIDaz$$CCAlOg!!\n-----END CERTIFICATE-----\n".utf8), "a PEM block is not valid base64"),
    ]

    @Test(arguments: 0..<cases.count)
    func badContentIsExit3WithAMessageNamingTheFile(index: Int) throws {
        let (name, bytes, message) = Self.cases[index]
        let directory = CLI.temporaryDirectory("bad")
        let file = directory.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        for verb in [["cert", "inspect", file.path], ["cert", "verify", file.path],
                     ["cert", "convert", file.path, "--to", "pem", "--out", directory.appendingPathComponent("out.pem").path]] {
            let result = try CLI.run(verb)
            #expect(result.status == 3, "\(verb)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("apnsctl: error: \(file.path): \(message)\n"), "\(result.stderr)")
            #expect(result.stderr.contains("apnsctl: hint: "))
            #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack"))
        }
        #expect(CertCLI.listing(directory) == [name])
    }

    @Test func truncatedDER() throws {
        let directory = CLI.temporaryDirectory("bad")
        let der = try Data(contentsOf: CertCLI.certs.appendingPathComponent("dev.cer"))
        let file = directory.appendingPathComponent("cut.cer")
        try der.prefix(der.count - 40).write(to: file)
        let result = try CLI.run(["cert", "inspect", file.path])
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("apnsctl: error: \(file.path): truncated or malformed DER (it ends in the middle of a field)\n"))
        // Plain words, not the ASN.1 library's case names (issue 19).
        #expect(!result.stderr.contains("ASN1"))
    }

    @Test func wrongP12PasswordSaysWrongPassword() throws {
        let directory = CLI.temporaryDirectory("bad")
        for name in ["universal-modern.p12", "dev-legacy.p12"] {
            let result = try CLI.run(["cert", "inspect", CertCLI.path(name), "--password-env", "P12_PW"],
                                     environment: ["P12_PW": "definitely-not"])
            #expect(result.status == 3)
            #expect(result.stdout.isEmpty)
            // The password was given, so the hint says it is not this file's (issue 19), not "give it".
            #expect(result.stderr == "apnsctl: error: \(CertCLI.path(name)): wrong password\n"
                    + "apnsctl: hint: the password given (--password-file or --password-env) does not open this file: "
                    + "check it is this file's export password\n")
            let convert = try CLI.run(["cert", "convert", CertCLI.path(name), "--to", "pem", "--out-dir", directory.path,
                                       "--password-env", "P12_PW"], environment: ["P12_PW": "definitely-not"])
            #expect(convert.status == 3)
        }
        #expect(CertCLI.listing(directory).isEmpty)
    }

    /// Issue 19: a missing *output* password hinted `--password-file` (the input's option). Run without a
    /// controlling terminal (setsid), so the prompt cannot be shown.
    @Test func aMissingOutputPasswordNamesTheOutputPasswordOptions() throws {
        let setsid = try #require(ExternalProcess.find("setsid"), "setsid (util-linux) is needed")
        let out = CLI.temporaryDirectory("outpw").appendingPathComponent("new.p12").path
        let result = try ExternalProcess.run(setsid, ["-w", CLI.binary.path, "cert", "convert", CertCLI.path("dev-bundle.pem"),
                                                      "--to", "p12", "--out", out], environment: ["NO_COLOR": "1"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "apnsctl: error: a password for the new file is needed and there is no terminal to ask on\n"
                + "apnsctl: hint: pass --out-password-file FILE or --out-password-env NAME\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    // (The no-terminal case is not run here: under an interactive `swift test` the child could reach /dev/tty.)
    @Test func aPasswordSourceThatFailsIsAUsageErrorNamingTheFile() throws {
        let unset = try CLI.run(["cert", "inspect", CertCLI.path("dev-legacy.p12"), "--password-env", "APNSCTL_UNSET_VAR"])
        #expect(unset.status == 2)
        #expect(unset.stderr.hasPrefix("apnsctl: error: \(CertCLI.path("dev-legacy.p12")): environment variable APNSCTL_UNSET_VAR is not set"))
    }

    @Test func corruptedMACIsAnIntegrityErrorNotAWrongPassword() throws {
        let result = try CLI.run(["cert", "inspect", CertCLI.path("corrupted-mac.p12"),
                                  "--password-file", CertCLI.passwordFile("corrupted-mac.p12")])
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("apnsctl: error: \(CertCLI.path("corrupted-mac.p12")): integrity check failed"))
        #expect(!result.stderr.contains("wrong password"))
        #expect(!result.stderr.contains("mac verify failure"))
    }

    @Test func aDirectoryAMissingFileAndA50MBFile() throws {
        let directory = CLI.temporaryDirectory("bad")
        let dir = try CLI.run(["cert", "inspect", directory.path])
        #expect(dir.status == 3)
        #expect(dir.stderr.hasPrefix("apnsctl: error: \(directory.path): is a directory, not a file\n"))
        let missing = directory.appendingPathComponent("missing.p12").path
        let gone = try CLI.run(["cert", "verify", missing])
        #expect(gone.status == 3)
        #expect(gone.stderr.hasPrefix("apnsctl: error: \(missing): no such file\n"))
        let big = directory.appendingPathComponent("big.p12")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        let large = try CLI.run(["cert", "inspect", big.path])
        #expect(large.status == 3)
        #expect(large.stderr.hasPrefix("apnsctl: error: \(big.path): too large to be a credential (52428800 bytes"))
        #expect(large.stdout.isEmpty)
    }

    @Test func aPublicKeyOrAKeyAloneIsNamedForWhatItIs() throws {
        let directory = CLI.temporaryDirectory("bad")
        let file = directory.appendingPathComponent("pub.pem")
        let spki = try CertCLI.runOpenSSL(["pkey", "-in", CertCLI.path("dev.key"), "-pubout"])
        try spki.stdout.write(to: file)
        let result = try CLI.run(["cert", "inspect", file.path])
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("apnsctl: error: \(file.path): contains a public key, not a certificate or private key\n"))
        let keyOnly = try CLI.run(["cert", "verify", CertCLI.path("dev.key")])
        #expect(keyOnly.status == 3)
        #expect(keyOnly.stderr.contains("holds no certificate, only a private key"))
    }
}
