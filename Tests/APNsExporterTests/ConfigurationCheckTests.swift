import APNsCore
import APNsExporter
import APNsExporterConfiguration
import APNsExporterYAML
import APNsKeystore
import Foundation
import Testing
import TestSupport

/// Loading a configuration checks every file it names (keystore, token_dir, cacert, cert, password_file) and the
/// push rules for each target's topic and push_type; the error names the key and its line. A reload checks them
/// again, CA files included, and a failed one keeps the configuration in force.
@Suite struct ConfigurationCheckTests {
    final class Setting: Sendable {
        let directory: URL
        let keystore: String
        let exporter: Exporter

        init() throws {
            directory = TestPaths.temporaryDirectory("exporter-check")
            keystore = directory.appendingPathComponent("ks").path
            _ = try Keystore.create(at: keystore)
            exporter = Exporter(build: []) { path in try Keystore.open(at: path ?? "/nonexistent") }
        }

        deinit {
            exporter.stop()
            try? FileManager.default.removeItem(at: directory)
        }

        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

        /// Writes `text` as exporter.yml; its path.
        func config(_ text: String) throws -> String {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path("exporter.yml")))
            return path("exporter.yml")
        }

        /// Parses and checks `text`: the error thrown, nil when it passes.
        func error(_ text: String) throws -> ConfigurationError? {
            let configuration = try ConfigurationParser.load(try config(text))
            do {
                try exporter.check(configuration)
                return nil
            } catch {
                return error
            }
        }

        func copyFixture(_ name: String, to file: String) throws {
            try FileManager.default.copyItem(atPath: TestPaths.fixtures.appendingPathComponent("certs/\(name)").path,
                                             toPath: path(file))
        }
    }

    static func target(_ lines: String) -> String {
        "targets:\n  - name: a\n    host: 127.0.0.1:8443\n    environment: development\n" + lines
    }

    @Test func aMissingCACertificateIsNamedWithItsLine() throws {
        let setting = try Setting()
        let error = try #require(try setting.error(
            "keystore: \(setting.keystore)\n" + Self.target("    cacert: \(setting.path("absent.pem"))\n    team: TEAM123456\n    topic: com.example.app\n")))
        #expect(error.key == "targets[0].cacert" && error.line == 6, "\(error)")
        #expect(error.problem.hasPrefix(setting.path("absent.pem")), "\(error)")
        // A file that holds no certificate is refused too.
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: setting.path("junk.pem")))
        let junk = try #require(try setting.error(
            "keystore: \(setting.keystore)\n" + Self.target("    cacert: \(setting.path("junk.pem"))\n    team: TEAM123456\n    topic: com.example.app\n")))
        #expect(junk.key == "targets[0].cacert", "\(junk)")
        try setting.copyFixture("ca.pem", to: "ca.pem")
        #expect(try setting.error(
            "keystore: \(setting.keystore)\n" + Self.target("    cacert: \(setting.path("ca.pem"))\n    team: TEAM123456\n    topic: com.example.app\n")) == nil)
    }

    @Test func theKeystoreAndTokenDirectoryMustOpen() throws {
        let setting = try Setting()
        let keystore = try #require(try setting.error(
            "keystore: \(setting.path("absent-ks"))\n" + Self.target("    team: TEAM123456\n    topic: com.example.app\n")))
        #expect(keystore.key == "keystore" && keystore.line == 1, "\(keystore)")
        let tokens = try #require(try setting.error(
            "token_dir: \(setting.path("absent-tokens"))\n" + Self.target("    team: TEAM123456\n    topic: com.example.app\n")))
        #expect(tokens.key == "token_dir" && tokens.line == 1, "\(tokens)")
        #expect(tokens.problem.contains("absent-tokens"), "\(tokens)")
    }

    @Test func theCertificateAndItsPasswordFileMustRead() throws {
        let setting = try Setting()
        let cert = try #require(try setting.error(Self.target("    cert: \(setting.path("absent.p12"))\n")))
        #expect(cert.key == "targets[0].cert" && cert.line == 5, "\(cert)")
        try setting.copyFixture("dev-legacy.p12", to: "dev.p12")
        let password = try #require(try setting.error(
            Self.target("    cert: \(setting.path("dev.p12"))\n    password_file: \(setting.path("absent.password"))\n")))
        #expect(password.key == "targets[0].password_file" && password.line == 6, "\(password)")
        try setting.copyFixture("dev-legacy.p12.password", to: "dev.password")
        #expect(try setting.error(
            Self.target("    cert: \(setting.path("dev.p12"))\n    password_file: \(setting.path("dev.password"))\n")) == nil)
    }

    @Test func aCanaryThePushRulesRefuseIsRefusedAtLoad() throws {
        let setting = try Setting()
        // A VoIP topic with the default background push: APNs answers 400 BadTopic.
        let voip = try #require(try setting.error("keystore: \(setting.keystore)\n"
            + Self.target("    team: TEAM123456\n    topic: com.example.app.voip\n")))
        #expect(voip.key == "targets[0].topic" && voip.line == 7, "\(voip)")
        #expect(voip.problem.contains("BadTopic"), "\(voip)")
        // A voip push to the bare bundle id.
        let bare = try #require(try setting.error("keystore: \(setting.keystore)\n"
            + Self.target("    team: TEAM123456\n    topic: com.example.app\n    push_type: voip\n")))
        #expect(bare.key == "targets[0].topic", "\(bare)")
        #expect(try setting.error("keystore: \(setting.keystore)\n"
            + Self.target("    team: TEAM123456\n    topic: com.example.app.voip\n    push_type: voip\n")) == nil)
    }

    @Test func aReloadReadsTheCAFileAgainAndKeepsTheConfigurationOnFailure() throws {
        let setting = try Setting()
        try setting.copyFixture("ca.pem", to: "ca.pem")
        let file = try setting.config("keystore: \(setting.keystore)\n"
            + Self.target("    cacert: \(setting.path("ca.pem"))\n    team: TEAM123456\n    topic: com.example.app\n    interval: 1h\n"))
        try setting.exporter.reload(file, using: ConfigurationParser.load)
        let good = try #require(setting.exporter.configuration)
        try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: setting.path("ca.pem")))
        let error = try #require(throws: ConfigurationError.self) {
            try setting.exporter.reload(file, using: ConfigurationParser.load)
        }
        #expect(error.key == "targets[0].cacert", "\(error)")
        #expect(setting.exporter.configuration == good)
        let text = String(decoding: setting.exporter.metrics.render(), as: UTF8.self)
        #expect(text.contains("apnsctl_exporter_config_reload_success 0"), "\(text)")
    }
}
