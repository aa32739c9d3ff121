import APNsExporterConfiguration
import Foundation
import Testing
import TestSupport

/// The exporter reads its YAML through apnsctl-exporter-config, in process: the built tool found by
/// APNSCTL_EXPORTER_CONFIG_TOOL, its configuration or its ``ConfigurationError`` (file, line, key), and the typed
/// errors for a tool that is missing or says nothing usable.
@Suite struct ExporterConfigToolTests {
    /// The tool built beside this test bundle.
    static let builtTool = TestPaths.builtProgram(ExporterConfigTool.name)

    static func located(_ path: String) throws -> ExporterConfigTool {
        try ExporterConfigTool.locate(environment: [ExporterConfigTool.overrideVariable: path])
    }

    @Test func theToolReadsAGoodFileAndNamesFileLineAndKeyOfABadOne() throws {
        let directory = TestPaths.temporaryDirectory("exporter-config-tool-in-process")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("exporter.yml")
        let tool = try Self.located(Self.builtTool)
        #expect(tool.path == Self.builtTool)

        try Data("credentials: [/etc/apns/push.p12]\nexpiry_interval: 2h\n".utf8).write(to: config)
        let good = try tool.load(config.path)
        #expect(good.credentials == ["/etc/apns/push.p12"])
        #expect(good.expiryInterval == 7200)

        try Data("targets:\n  - name: a\n    interval: 10s\n    environment: production\n    team: DEF123GHIJ\n    topic: t\n"
            .utf8).write(to: config)
        let error = try #require(throws: ConfigurationError.self) { try tool.load(config.path) }
        #expect(error.file == config.path)
        #expect(error.line == 3)
        #expect(error.key == "targets[0].interval")
        #expect(error.problem.contains("1m at least"), "\(error)")
    }

    @Test func aMissingToolNamesWhereItLooked() throws {
        let directory = TestPaths.temporaryDirectory("exporter-config-absent")
        defer { try? FileManager.default.removeItem(at: directory) }
        let absent = directory.appendingPathComponent("no-such-tool").path
        #expect(throws: ExporterConfigToolError.missing([absent])) { try Self.located(absent) }
    }

    @Test func aToolThatEndsWithoutAConfigurationIsAFailureNamingTheFile() throws {
        // A tool of the test's own: a script that prints nothing and ends with status 1.
        let directory = TestPaths.temporaryDirectory("exporter-config-silent")
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("silent-tool").path
        try Data("#!/bin/sh\nexit 1\n".utf8).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let tool = ExporterConfigTool(path: script)
        #expect(throws: ExporterConfigToolError.failed(
            file: "exporter.yml", reason: "\(script) ended with status 1 and no configuration")) {
            try tool.load("exporter.yml")
        }
        let absent = ExporterConfigTool(path: "/nonexistent/apnsctl-exporter-config")
        let error = try #require(throws: ExporterConfigToolError.self) { try absent.load("exporter.yml") }
        guard case .failed(let file, let reason) = error else { Issue.record("\(error)"); return }
        #expect(file == "exporter.yml")
        #expect(reason.contains("/nonexistent/apnsctl-exporter-config"), "\(reason)")
    }
}
