import Foundation
import Testing

/// `apnsctl --version`: `VERSION (commit)`; with `--format json` also the build date, Swift and the OpenSSL
/// actually loaded. The version comes from the VERSION file through scripts/build-info.sh's header.
@Suite struct VersionTests {
    /// The values scripts/build-info.sh wrote for this build, or nil for a plain `swift build` without it.
    static func stamped() throws -> [String: String]? {
        let header = CLI.repositoryRoot.appendingPathComponent("Sources/CBuildInfo/generated/build_info.h")
        guard let text = try? String(contentsOf: header, encoding: .utf8) else { return nil }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("#define ") {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3 else { continue }
            values[String(parts[1])] = String(parts[2].dropFirst().dropLast())
        }
        return values
    }

    @Test func versionLineIsTheVersionFileAndTheCommit() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        let line = result.stdout.trimmingCharacters(in: .newlines)
        guard let stamp = try Self.stamped() else {
            #expect(line == "unstamped", "a build without scripts/build-info.sh says so")
            return
        }
        let file = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("VERSION"), encoding: .utf8)
        #expect(stamp["APNSCTL_VERSION"] == file.trimmingCharacters(in: .whitespacesAndNewlines))
        let commit = try #require(stamp["APNSCTL_COMMIT"])
        #expect(line == "\(stamp["APNSCTL_VERSION"] ?? "?") (\(commit))")
        #expect(commit.range(of: #"^[0-9a-f]{7,}(-dirty)?$"#, options: .regularExpression) != nil, "\(commit)")
    }

    @Test func jsonAddsBuildDateSwiftAndTheOpenSSLInUse() throws {
        let result = try CLI.run(["--version", "--format", "json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: String],
                                  "stdout: \(result.stdout)")
        #expect(Set(object.keys) == ["version", "commit", "build_date", "swift_version", "openssl"])
        // The library loaded at run time: what `openssl version` reports of its library.
        let openssl = try CLI.tool("/usr/bin/openssl", ["version"]).output
        let loaded = try #require(object["openssl"])
        #expect(loaded.hasPrefix("OpenSSL 3.") && openssl.contains(loaded), "\(loaded) vs \(openssl)")
        if let stamp = try Self.stamped() {
            #expect(object["version"] == stamp["APNSCTL_VERSION"])
            #expect(object["build_date"] == stamp["APNSCTL_BUILD_DATE"])
            #expect(object["swift_version"] == stamp["APNSCTL_SWIFT_VERSION"])
            #expect(object["build_date"]?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil)
        }
        // Same answer in text: the first line of --version.
        let text = try CLI.run(["--version"]).stdout.trimmingCharacters(in: .newlines)
        #expect(text.hasPrefix(object["version"] ?? "?"))
    }
}
