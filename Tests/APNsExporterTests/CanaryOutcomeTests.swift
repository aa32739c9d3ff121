import APNsCore
@testable import APNsExporter
import APNsExporterConfiguration
import APNsKeystore
import Foundation
import Testing
import TestSupport

/// A round that cannot use its own credential says so: `outcome="credential"` and a reason naming what is wrong
/// (a revoked or missing key, a token agent's file missing, a keystore, certificate or CA file unreadable, an
/// expired certificate), never `unreachable`, which is kept for the network or TLS to the server.
@Suite struct CanaryOutcomeTests {
    static let team = "TEAM123456"

    /// A fresh directory with a keystore holding key KEY1234567 of ``team`` (revoked when `revoked`).
    final class Setting: Sendable {
        let directory: URL
        let keystore: String

        init(revoked: Bool = false) throws {
            directory = TestPaths.temporaryDirectory("canary-outcome")
            keystore = directory.appendingPathComponent("ks").path
            let store = try Keystore.create(at: keystore)
            _ = try store.generateKey(team: CanaryOutcomeTests.team, keyID: "KEY1234567")
            if revoked { _ = try store.revoke("KEY1234567", force: true) }
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func source(keystore: String? = nil, tokenDirectory: String? = nil) -> CredentialSource {
            CredentialSource(keystore: keystore ?? self.keystore, tokenDirectory: tokenDirectory) { path in
                try Keystore.open(at: path ?? "/nonexistent")
            }
        }

        /// A PEM file holding a fixture certificate and its key.
        func certificate(_ name: String) throws -> String {
            let certs = TestPaths.fixtures.appendingPathComponent("certs")
            let pem = try Data(contentsOf: certs.appendingPathComponent("\(name).pem"))
                + Data(contentsOf: certs.appendingPathComponent("\(name).key"))
            let file = directory.appendingPathComponent("\(name)-identity.pem")
            try pem.write(to: file)
            return file.path
        }
    }

    /// One round of a target on a port nobody listens on; the answer_info line of the metrics.
    static func answer(_ credential: CanaryCredential, source: CredentialSource, caFile: String? = nil) throws -> String {
        let target = CanaryTarget(name: "t", server: CanaryServer(host: "127.0.0.1", port: try TestPorts.free(),
                                                                   environment: .development, caFile: caFile),
                                  credential: credential, topic: "com.example.app", pushType: .background,
                                  interval: 60, timeout: 2)
        let metrics = ExporterMetrics(build: [])
        let runner = CanaryRunner(target: target,
                                  connection: CanaryConnection(key: .init(server: target.server,
                                                                          credential: target.credential), timeout: 2),
                                  metrics: metrics, credentials: source)
        runner.round()
        let text = String(decoding: metrics.render(), as: UTF8.self)
        #expect(text.contains(#"apnsctl_probe_success{target="t""#) && text.contains(#"target="t""#))
        return text.split(separator: "\n").first { $0.hasPrefix("apnsctl_probe_answer_info{") }.map(String.init) ?? text
    }

    @Test func aRevokedKeyIsACredentialProblem() throws {
        let setting = try Setting(revoked: true)
        let line = try Self.answer(.token(team: Self.team, keyID: "KEY1234567"), source: setting.source())
        #expect(line.contains(#"outcome="credential",reason="key_revoked""#), "\(line)")
        let team = try Self.answer(.token(team: Self.team, keyID: nil), source: setting.source())
        #expect(team.contains(#"outcome="credential",reason="key_revoked""#), "\(team)")
    }

    @Test func aKeyTheKeystoreDoesNotHaveIsMissing() throws {
        let setting = try Setting()
        let line = try Self.answer(.token(team: Self.team, keyID: "NOKEY12345"), source: setting.source())
        #expect(line.contains(#"outcome="credential",reason="key_missing""#), "\(line)")
    }

    @Test func aKeystoreThatCannotBeOpenedIsUnreadable() throws {
        let setting = try Setting()
        let absent = setting.directory.appendingPathComponent("absent").path
        let line = try Self.answer(.token(team: Self.team, keyID: nil), source: setting.source(keystore: absent))
        #expect(line.contains(#"outcome="credential",reason="keystore_unreadable""#), "\(line)")
    }

    @Test func aMissingTokenFileIsNamed() throws {
        let setting = try Setting()
        let line = try Self.answer(.token(team: Self.team, keyID: nil),
                                   source: setting.source(tokenDirectory: setting.directory.path))
        #expect(line.contains(#"outcome="credential",reason="token_file_missing""#), "\(line)")
        let source = setting.source(tokenDirectory: setting.directory.path)
        let target = CanaryTarget(name: "t", server: CanaryServer(host: "127.0.0.1", port: 1, environment: .development),
                                  credential: .token(team: Self.team, keyID: nil), topic: "com.example.app",
                                  pushType: nil, interval: 60)
        #expect(throws: CanaryFailure.self) { try source.resolve(target) }
        do {
            _ = try source.resolve(target)
        } catch {
            #expect(error.message.hasPrefix(setting.directory.path + "/TEAM123456-development.token: no such file"),
                    "\(error.message)")
        }
    }

    @Test func anExpiredOrUnreadableCertificateIsACredentialProblem() throws {
        let setting = try Setting()
        let expired = try Self.answer(.certificate(path: try setting.certificate("expired"), passwordFile: nil),
                                      source: setting.source())
        #expect(expired.contains(#"outcome="credential",reason="certificate_expired""#), "\(expired)")
        let absent = setting.directory.appendingPathComponent("absent.p12").path
        let unreadable = try Self.answer(.certificate(path: absent, passwordFile: nil), source: setting.source())
        #expect(unreadable.contains(#"outcome="credential",reason="certificate_unreadable""#), "\(unreadable)")
    }

    @Test func aMissingCAFileIsNamedNotTLS() throws {
        let setting = try Setting()
        let absent = setting.directory.appendingPathComponent("absent-ca.pem").path
        let line = try Self.answer(.token(team: Self.team, keyID: nil), source: setting.source(), caFile: absent)
        #expect(line.contains(#"outcome="credential",reason="cacert_unreadable""#), "\(line)")
    }

    @Test func aServerNobodyAnswersIsUnreachable() throws {
        let setting = try Setting()
        let line = try Self.answer(.token(team: Self.team, keyID: nil), source: setting.source())
        #expect(line.contains(#"outcome="unreachable",reason="connect""#), "\(line)")
    }

    @Test func aFailedReloadLeavesTheReloadTimestamp() {
        let metrics = ExporterMetrics(build: [])
        metrics.recordReload(success: true, at: Date(timeIntervalSince1970: 1_000))
        metrics.recordReload(success: false, at: Date(timeIntervalSince1970: 2_000))
        let text = String(decoding: metrics.render(), as: UTF8.self)
        #expect(text.contains("apnsctl_exporter_config_reload_success 0"), "\(text)")
        #expect(text.contains("apnsctl_exporter_config_reload_timestamp_seconds 1000"), "\(text)")
        metrics.recordReload(success: true, at: Date(timeIntervalSince1970: 3_000))
        #expect(String(decoding: metrics.render(), as: UTF8.self)
            .contains("apnsctl_exporter_config_reload_timestamp_seconds 3000"))
    }
}
