import Foundation
import Testing

/// `apnsctl demo` (what `make demo` runs) does the whole product offline and says so.
@Suite struct DemoTests {
    @Test func everyStepBehavesAndTheSummarySaysSo() throws {
        let keep = CLI.temporaryDirectory("demo").appendingPathComponent("kept")
        defer { try? FileManager.default.removeItem(at: keep.deletingLastPathComponent()) }
        let result = try CLI.run(["demo", "--format", "json", "--keep", keep.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(summary["passed"] as? Bool == true)
        var schema = JSONSchemaCheck()
        schema.add("demo", "demo --format json", result)
        let problems = try schema.problems()
        #expect(problems.isEmpty, "docs/json/demo.schema.json: \(problems.joined(separator: "\n"))")
        let steps = try #require(summary["steps"] as? [[String: Any]])
        #expect(steps.count >= 15)
        for name in ["convert .p12 to PEM", "probe with the signing key", "probe with the certificate",
                     "a probe APNs rejects, explained", "rotate with a canary probe", "doctor",
                     "create a channel (no storage for offline devices)", "send a broadcast", "delete the channel",
                     "a deleted channel is gone, explained"] {
            #expect(steps.contains { $0["step"] as? String == name && $0["passed"] as? Bool == true }, "\(name)")
        }
        for name in ["make a certificate request", "the DEMO CA signs the request as Apple would",
                     "join it with the pending key, export a .p12"] {
            #expect(steps.contains { $0["step"] as? String == name && $0["passed"] as? Bool == true }, "\(name)")
        }
        // --keep leaves the keystore and the converted PEM behind, secrets 0600.
        let pem = keep.appendingPathComponent("demo.pem").path
        #expect(try FileManager.default.attributesOfItem(atPath: pem)[.posixPermissions] as? Int == 0o600)
        let keys = try CLI.run(["key", "list", "--keystore", keep.appendingPathComponent("keystore").path])
        #expect(keys.status == 0 && keys.stdout.contains("DEMOKEY002"))
        // The .p12 the provisioning steps exported opens with openssl.
        let p12 = keep.appendingPathComponent("push.p12").path
        let opened = try CLI.tool("/usr/bin/openssl", ["pkcs12", "-in", p12, "-nodes", "-passin",
                                                       "file:" + keep.appendingPathComponent("demo-p12-password.txt").path])
        #expect(opened.status == 0 && opened.output.contains("Apple Push Services: com.example.demo"))
    }

    /// The narrated run: every section has its number, in order (1. … 10.), none left unnumbered.
    @Test func sectionsAreNumberedInOrder() throws {
        let result = try CLI.run(["demo"])
        #expect(result.status == 0, "\(result.stderr)")
        let headings = result.stdout.split(separator: "\n").filter { line in
            guard let first = line.first else { return false }
            return !line.hasPrefix(" ") && !line.hasPrefix("\u{2022}") && (first.isNumber || first.isLetter)
        }
        let numbered = headings.compactMap { line in line.split(separator: ".").first.flatMap { Int($0) } }
        #expect(numbered == Array(1...numbered.count), "\(headings)")
        #expect(numbered.count >= 10, "\(headings)")
        #expect(!headings.contains { $0.hasPrefix("Provisioning") }, "an unnumbered section: \(headings)")
    }

    @Test func keepRefusesADirectoryThatIsNotEmpty() throws {
        let directory = CLI.temporaryDirectory("demo-busy")
        defer { try? FileManager.default.removeItem(at: directory) }
        try "x".write(to: directory.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["demo", "--keep", directory.path])
        #expect(result.status == 6)
        #expect(result.stderr.contains("not empty"))
    }
}
