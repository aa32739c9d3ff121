import Foundation
import Testing
import TestSupport

/// `apnsctl exporter` reads its YAML through apnsctl-exporter-config (beside the binary, or
/// APNSCTL_EXPORTER_CONFIG_TOOL): the tool's JSON error becomes the same `FILE:LINE: KEY:` error line and exit 3,
/// and a missing tool is an error naming where it looked. (What the tool answers, in process:
/// APNsExporterTests' ExporterConfigToolTests.)
@Suite struct ExporterConfigToolTests {
    static let tooOften = "targets:\n  - name: a\n    interval: 10s\n    environment: production\n    team: DEF123GHIJ\n    topic: t\n"

    @Test func aBadConfigurationNamesFileLineAndKeyThroughTheTool() throws {
        let directory = CLI.temporaryDirectory("exporter-config-tool")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("exporter.yml")
        try Data(Self.tooOften.utf8).write(to: config)

        // apnsctl exporter, with the tool found beside it: the same words as `apnsctl: error: FILE:LINE: KEY: …`,
        // a hint, exit 3, nothing served.
        let run = try CLI.run(["exporter", "--config", config.path, "--listen", "127.0.0.1:0"])
        #expect(run.status == 3, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("apnsctl: error: \(config.path):3: targets[0].interval: ") == true, "\(run.stderr)")
        #expect(lines.count == 2 && lines[1].hasPrefix("apnsctl: hint: fix the key"), "\(run.stderr)")
        #expect(!run.stdout.contains("listening"))
    }

    @Test func aMissingToolIsAClearError() throws {
        let directory = CLI.temporaryDirectory("exporter-config-missing")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("exporter.yml")
        try Data("credentials: []\n".utf8).write(to: config)
        let absent = directory.appendingPathComponent("no-such-tool").path
        let run = try CLI.run(["exporter", "--config", config.path, "--listen", "127.0.0.1:0"],
                              environment: ["APNSCTL_EXPORTER_CONFIG_TOOL": absent])
        #expect(run.status == 3, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("apnsctl: error: ") == true && lines.first?.contains(absent) == true, "\(run.stderr)")
        #expect(lines.last?.contains("/usr/lib/apnsctl/apnsctl-exporter-config") == true, "\(run.stderr)")
        #expect(!run.stdout.contains("listening"))
    }
}
