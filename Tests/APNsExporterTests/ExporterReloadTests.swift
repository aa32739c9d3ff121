import APNsCore
import APNsExporter
import APNsExporterConfiguration
import APNsExporterYAML
import Foundation
import Testing
import TestSupport

/// A reload (SIGHUP) with a file that does not load keeps the configuration in force and says so in the metrics.
struct ExporterReloadTests {
    private func metricsText(_ exporter: Exporter) -> String {
        String(decoding: exporter.metrics.render(), as: UTF8.self)
    }

    @Test func aBadReloadKeepsTheConfigurationInForce() throws {
        let directory = TestPaths.temporaryDirectory("exporter-reload")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("exporter.yml")
        try Data("credentials: [\(directory.path)]\nexpiry_interval: 1h\n".utf8).write(to: file)
        let exporter = Exporter(build: [("version", "test")]) { _ in
            throw APNsError.badInput("no keystore in this test")
        }
        defer { exporter.stop() }
        try exporter.reload(file.path, using: ConfigurationParser.load)
        let good = try #require(exporter.configuration)
        #expect(good.credentials == [directory.path])
        #expect(metricsText(exporter).contains("apnsctl_exporter_config_reload_success 1"))

        // Line 3 asks Apple's host for a canary every 10 s.
        try Data("targets:\n  - name: a\n    interval: 10s\n    environment: production\n    team: DEF123GHIJ\n    topic: t\n"
                    .utf8).write(to: file)
        do {
            try exporter.reload(file.path, using: ConfigurationParser.load)
            Issue.record("a target probing Apple every 10 s was accepted")
        } catch {
            #expect("\(error)".hasPrefix("\(file.path):3: targets[0].interval: "), "\(error)")
        }
        #expect(exporter.configuration == good)
        #expect(metricsText(exporter).contains("apnsctl_exporter_config_reload_success 0"))
        #expect(metricsText(exporter).contains(#"apnsctl_exporter_build_info{version="test"} 1"#))

        try Data("credentials: []\n".utf8).write(to: file)
        try exporter.reload(file.path, using: ConfigurationParser.load)
        #expect(exporter.configuration?.credentials == [])
        #expect(metricsText(exporter).contains("apnsctl_exporter_config_reload_success 1"))
    }
}
