import Foundation
import Testing

@Suite struct CertConvertTests {
    @Test func p12ToPEMWritesAPrivateFileWithChainAndKey() throws {
        let directory = CLI.temporaryDirectory("convert")
        let out = directory.appendingPathComponent("g4.pem").path
        let result = try CLI.run(["cert", "convert", CertCLI.path("universal-g4-chain.p12"), "--to", "pem", "--out", out,
                                  "--password-file", CertCLI.passwordFile("universal-g4-chain.p12")])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("→ \(out) (pem: 2 certificate(s), key)"))
        #expect(CertCLI.mode(out) == 0o600)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.components(separatedBy: "BEGIN CERTIFICATE").count == 3)
        #expect(text.contains("-----BEGIN PRIVATE KEY-----"))
        #expect(CertCLI.listing(directory) == ["g4.pem"])
    }

    /// What each of --no-key, --key-only and --no-chain writes is tested in process (CertificateConversionTests);
    /// here, that the two that contradict each other are a usage error.
    @Test func noKeyAndKeyOnlyTogetherAreAUsageError() throws {
        let leaf = CLI.temporaryDirectory("convert").appendingPathComponent("leaf.pem").path
        let input = CertCLI.path("universal-g4-chain.p12")
        let both = try CLI.run(["cert", "convert", input, "--to", "pem", "--no-key", "--key-only", "--out", leaf])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("apnsctl: error: --no-key and --key-only cannot be used together"))
    }

    @Test func derAndPEMCertificatesConvertBothWays() throws {
        let directory = CLI.temporaryDirectory("convert")
        let der = directory.appendingPathComponent("dev.cer").path
        #expect(try CLI.run(["cert", "convert", CertCLI.path("dev.pem"), "--to", "der", "--out", der]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: der)) == Data(contentsOf: CertCLI.certs.appendingPathComponent("dev.cer")))
        let pem = try CLI.run(["cert", "convert", CertCLI.path("dev.cer"), "--to", "pem", "--out", "-"])
        #expect(pem.status == 0)
        #expect(pem.stdout == (try String(contentsOf: CertCLI.certs.appendingPathComponent("dev.pem"), encoding: .utf8)))
        let tooMany = try CLI.run(["cert", "convert", CertCLI.path("dev-bundle.pem"), "--to", "der",
                                   "--out", directory.appendingPathComponent("x.der").path])
        #expect(tooMany.status == 3)
        #expect(tooMany.stderr.contains("DER holds exactly one object"))
        #expect(CertCLI.listing(directory) == ["dev.cer"])
    }

    /// Issue 19: over ~64 KiB of text before BEGIN was "unrecognised content"; the docs say text before blocks
    /// is ignored (the limit is 16 MiB).
    @Test func longTextBeforeTheFirstBlockIsIgnored() throws {
        let file = CLI.temporaryDirectory("notes").appendingPathComponent("notes.pem")
        let notes = String(repeating: "Notes kept above the certificate, as people keep them.\n", count: 3000)
        try (notes + String(contentsOfFile: CertCLI.path("dev.pem"), encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["cert", "inspect", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("bundle id:    com.example.dev"))
    }

    @Test func neverOverwritesWithoutForce() throws {
        let directory = CLI.temporaryDirectory("convert")
        let out = directory.appendingPathComponent("out.pem")
        try Data("keep me".utf8).write(to: out)
        let refused = try CLI.run(["cert", "convert", CertCLI.path("dev-bundle.pem"), "--to", "pem", "--out", out.path])
        #expect(refused.status == 6)
        #expect(refused.stderr == "apnsctl: error: \(out.path): already exists\napnsctl: hint: pass --force to replace it\n")
        #expect(try String(contentsOf: out, encoding: .utf8) == "keep me")
        let forced = try CLI.run(["cert", "convert", CertCLI.path("dev-bundle.pem"), "--to", "pem", "--out", out.path, "--force"])
        #expect(forced.status == 0)
        #expect(try String(contentsOf: out, encoding: .utf8).contains("BEGIN PRIVATE KEY"))
        #expect(CertCLI.mode(out.path) == 0o600)
        #expect(CertCLI.listing(directory) == ["out.pem"])
    }

    @Test func p12ToPEMToP12ToPEMIsLossless() throws {
        let directory = CLI.temporaryDirectory("convert")
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        let env = ["NEW_PW": "second-password"]
        #expect(try CLI.run(["cert", "convert", CertCLI.path("universal-g4-chain.p12"), "--to", "pem", "--out", path("1.pem"),
                             "--password-file", CertCLI.passwordFile("universal-g4-chain.p12")]).status == 0)
        #expect(try CLI.run(["cert", "convert", path("1.pem"), "--to", "p12", "--out", path("2.p12"),
                             "--out-password-env", "NEW_PW"], environment: env).status == 0)
        #expect(CertCLI.mode(path("2.p12")) == 0o600)
        #expect(try CLI.run(["cert", "convert", path("2.p12"), "--to", "pem", "--out", path("3.pem"),
                             "--password-env", "NEW_PW"], environment: env).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("1.pem"))) == Data(contentsOf: URL(fileURLWithPath: path("3.pem"))))
        let inspect = try CLI.run(["cert", "inspect", path("2.p12"), "--password-env", "NEW_PW"], environment: env)
        #expect(inspect.stdout.contains("friendly name \"Apple Push Services: com.example.g4\""))
    }

    @Test func aFailureInABatchLeavesNoOutputForThatFile() throws {
        let directory = CLI.temporaryDirectory("batch")
        let outDir = directory.appendingPathComponent("out")
        let broken = directory.appendingPathComponent("broken.p12")
        try Data([0x30, 0x82, 0x05, 0x00, 0x02, 0x01, 0x03]).write(to: broken)
        let result = try CLI.run(["cert", "convert", CertCLI.path("prod-empty-password.p12"), broken.path,
                                  "--to", "pem", "--out-dir", outDir.path])
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("apnsctl: error: \(broken.path): truncated or malformed DER"))
        #expect(CertCLI.listing(outDir) == ["prod-empty-password.pem"])
    }

    @Test func usageMistakesAreExit2() throws {
        let noOut = try CLI.run(["cert", "convert", CertCLI.path("dev.pem"), "--to", "der"])
        #expect(noOut.status == 2)
        #expect(noOut.stderr.contains("--out FILE"))
        let badTarget = try CLI.run(["cert", "convert", CertCLI.path("dev.pem"), "--to", "jks", "--out", "-"])
        #expect(badTarget.status == 2)
        #expect(badTarget.stderr.hasPrefix("apnsctl: error: --to must be pem, p12 or der\n"), "\(badTarget.stderr)")
        let twoInputs = try CLI.run(["cert", "convert", CertCLI.path("dev.pem"), CertCLI.path("prod.pem"), "--to", "der", "--out", "x"])
        #expect(twoInputs.status == 2)
        #expect(twoInputs.stderr.contains("--out-dir"))
    }
}
