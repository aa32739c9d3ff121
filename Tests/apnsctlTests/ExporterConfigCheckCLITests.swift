import Foundation
import Testing
import TestSupport

/// `apnsctl exporter` refuses, before it listens, a configuration naming a file it cannot read or a canary the push
/// rules refuse: `apnsctl: error: FILE:LINE: KEY: …`, exit 3 (before, a missing `cacert:` surfaced only as
/// `reason="tls"` on every round, and a VoIP topic with a background canary as APNs's 400 on every round).
@Suite struct ExporterConfigCheckCLITests {
    static func run(_ yaml: (String) -> String, _ name: String) throws -> (config: String, directory: String, run: CLI.Result) {
        let directory = CLI.temporaryDirectory(name)
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        let config = directory.appendingPathComponent("exporter.yml")
        try Data(yaml(directory.path).utf8).write(to: config)
        let run = try CLI.run(["exporter", "--config", config.path, "--listen", "127.0.0.1:0", "--keystore", keystore],
                              timeout: 30)
        return (config.path, directory.path, run)
    }

    @Test func aMissingCACertificateIsNamedWithItsLine() throws {
        let (config, directory, run) = try Self.run({ dir in
            "targets:\n  - name: a\n    host: 127.0.0.1:8443\n    environment: development\n    cacert: \(dir)/absent.pem\n"
                + "    team: DEF123GHIJ\n    topic: com.example.app\n"
        }, "exporter-check-cacert")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(run.status == 3, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("apnsctl: error: \(config):5: targets[0].cacert: \(directory)/absent.pem") == true,
                "\(run.stderr)")
        #expect(lines.last?.hasPrefix("apnsctl: hint: fix the key or the file it names") == true, "\(run.stderr)")
        #expect(!run.stdout.contains("listening"))
    }

    @Test func aVoIPTopicWithABackgroundCanaryIsRefused() throws {
        let (config, directory, run) = try Self.run({ _ in
            "targets:\n  - name: a\n    host: 127.0.0.1:8443\n    environment: development\n"
                + "    team: DEF123GHIJ\n    topic: com.example.app.voip\n"
        }, "exporter-check-voip")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("apnsctl: error: \(config):6: targets[0].topic: APNs would refuse this canary (BadTopic): "),
                "\(run.stderr)")
        #expect(!run.stdout.contains("listening"))
    }
}
