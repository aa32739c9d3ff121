import Foundation
import Testing

/// `cert convert IN... --out-dir DIR` converts its inputs concurrently: what the user sees must not depend on
/// which file finished first.
@Suite struct CertConvertBatchTests {
    /// Copies `fixture` into `directory` under `name`.
    private func copy(_ fixture: String, to directory: URL, as name: String) throws -> String {
        let destination = directory.appendingPathComponent(name)
        try FileManager.default.copyItem(at: CertCLI.certs.appendingPathComponent(fixture), to: destination)
        return destination.path
    }

    @Test func badInputsAmongGoodOnesFailAloneInInputOrder() throws {
        let directory = CLI.temporaryDirectory("batch")
        let inputs = directory.appendingPathComponent("in")
        let outDir = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
        var paths = [String]()
        for index in 0..<8 { paths.append(try copy("dev-legacy.p12", to: inputs, as: "good\(index).p12")) }
        // Input 2 would overwrite a file that is already there (exit 6); input 5 is cut short (exit 3).
        try Data("keep me".utf8).write(to: outDir.appendingPathComponent("good2.pem"))
        let broken = inputs.appendingPathComponent("broken.p12")
        try Data([0x30, 0x82, 0x05, 0x00, 0x02, 0x01, 0x03]).write(to: broken)
        paths.insert(broken.path, at: 5)

        let result = try CLI.run(["cert", "convert"] + paths + ["--to", "pem", "--out-dir", outDir.path,
                                  "--password-file", CertCLI.passwordFile("dev-legacy.p12"), "--format", "json"])
        // The first failure in input order sets the exit code, and the errors come in input order.
        #expect(result.status == 6)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first == "apnsctl: error: \(outDir.path)/good2.pem: already exists")
        #expect(lines.dropFirst(2).first?.hasPrefix("apnsctl: error: \(broken.path): truncated or malformed DER") == true)
        // The report lists the seven converted inputs, in input order.
        let rows = try #require(try CertCLI.json(result) as? [[String: Any]])
        let converted = paths.filter { $0 != broken.path && !$0.hasSuffix("/good2.p12") }
        #expect(rows.compactMap { $0["input"] as? String } == converted)
        // Nothing for the broken input, the existing file untouched, no temporary file left anywhere.
        #expect(CertCLI.listing(outDir) == (0..<8).map { "good\($0).pem" })
        #expect(try String(contentsOf: outDir.appendingPathComponent("good2.pem"), encoding: .utf8) == "keep me")
        for index in [0, 1, 3, 4, 5, 6, 7] {
            let pem = outDir.appendingPathComponent("good\(index).pem").path
            #expect(CertCLI.mode(pem) == 0o600)
            guard CertCLI.opensslPresent else { continue }
            #expect(try CertCLI.runOpenSSL(["x509", "-in", pem, "-noout", "-subject"]).status == 0)
            #expect(try CertCLI.runOpenSSL(["pkey", "-in", pem, "-noout"]).status == 0)
        }
    }

    /// Issue 19: `a/x.pem b/x.pem --out-dir d` wrote the first and then failed (or, with --force, the second
    /// replaced the first). The clash is found before anything is written: a usage error, exit 2.
    @Test func inputsWithTheSameOutputNameAreRefusedBeforeWriting() throws {
        let directory = CLI.temporaryDirectory("batch")
        let first = directory.appendingPathComponent("a"), second = directory.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: first, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        let withKey = try copy("dev-bundle.pem", to: first, as: "push.pem")
        let certOnly = try copy("prod.pem", to: second, as: "push.pem")
        let other = try copy("universal.pem", to: second, as: "other.pem")
        let outDir = directory.appendingPathComponent("out")
        let output = outDir.appendingPathComponent("push.cer").path
        for force in [[String](), ["--force"]] {
            let refused = try CLI.run(["cert", "convert", other, withKey, certOnly, "--to", "der", "--no-key",
                                       "--out-dir", outDir.path] + force)
            #expect(refused.status == 2)
            #expect(refused.stderr == "apnsctl: error: \(withKey) and \(certOnly) would both be written to \(output); nothing was written\n"
                    + "apnsctl: hint: convert them in separate runs, or into separate --out-dir directories\n")
            #expect(refused.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: outDir.path))
        }
        // The same input twice is the same clash.
        let twice = try CLI.run(["cert", "convert", other, other, "--to", "der", "--out-dir", outDir.path])
        #expect(twice.status == 2)
        #expect(!FileManager.default.fileExists(atPath: outDir.path))
    }
}
