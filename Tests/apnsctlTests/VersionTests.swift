import Foundation
import Testing

/// `apnsctl --version`: `VERSION (commit)`; with `--format json` also the build date, Swift and the OpenSSL
/// actually loaded. The version comes from the VERSION file through scripts/build-info.sh's header; a build
/// made without that header says "unstamped". (The header may have been rewritten for a later commit since
/// the binary was built, so the commit and date are checked for their form, not against the header.)
@Suite struct VersionTests {
    static func versionFile() throws -> String {
        try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("VERSION"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func versionLineIsTheVersionFileAndTheCommit() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        let line = result.stdout.trimmingCharacters(in: .newlines)
        if line == "unstamped" { return }  // built without scripts/build-info.sh (a plain swift build)
        let version = try Self.versionFile()
        #expect(line.range(of: "^" + NSRegularExpression.escapedPattern(for: version) + #" \([0-9a-f]{7,}(-dirty)?\)$"#,
                           options: .regularExpression) != nil, "\(line) is not \(version) (commit)")
    }

    @Test func jsonAddsBuildDateSwiftAndTheOpenSSLInUse() throws {
        let result = try CLI.run(["--version", "--format", "json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any],
                                  "stdout: \(result.stdout)")
        #expect(Set(object.keys) == ["version", "commit", "build_date", "swift_version", "openssl"])
        // The library loaded at run time: what `openssl version` reports of its library.
        let openssl = try CLI.tool("/usr/bin/openssl", ["version"]).output
        let loaded = try #require(object["openssl"] as? String)
        #expect(loaded.hasPrefix("OpenSSL 3.") && openssl.contains(loaded), "\(loaded) vs \(openssl)")
        // The text line and the JSON agree.
        let text = try CLI.run(["--version"]).stdout.trimmingCharacters(in: .newlines)
        if text == "unstamped" {
            // What an unstamped build does not know is null, never "".
            for field in ["commit", "build_date", "swift_version"] { #expect(object[field] is NSNull, "\(field)") }
            return
        }
        let commit = object["commit"] as? String, date = object["build_date"] as? String
        #expect(object["version"] as? String == (try Self.versionFile()))
        #expect(text == "\(object["version"] as? String ?? "?") (\(commit ?? "?"))")
        #expect(date?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil)
        #expect((object["swift_version"] as? String)?.range(of: #"^6\.\d+(\.\d+)?$"#, options: .regularExpression) != nil)
    }
}
