import APNsCore
@testable import APNsExporter
import APNsExporterConfiguration
import APNsKeystore
import APNsMock
import APNsModel
import APNsTokens
import Crypto
import Foundation
import Testing
import TestSupport

/// The exporter's rounds on one kept-open connection to an in-process mock behind a TCP proxy: the PING before
/// each round, and a PING that goes unanswered (the proxy stalls the open link) counted as a reopened connection.
@Suite(.serialized) struct CanaryConnectionTests {
    static let team = "TEAM123456", keyID = "KEY1234567", bundle = "com.example.app"

    /// An in-process mock trusting one key, its CA in a file, and a token agent's file for the key's team in the
    /// same directory (the canaries' token comes from it).
    struct MockWithToken {
        let server: MockAPNsServer
        let port: Int
        let directory: URL
        let caFile: String

        init() async throws {
            let key = P256.Signing.PrivateKey()
            let policy = ValidationPolicy(environment: .development, trustedKeys: [
                TrustedKey(keyID: CanaryConnectionTests.keyID, teamID: CanaryConnectionTests.team, publicKey: key.publicKey),
            ])
            server = try MockAPNsServer(configuration: MockServerConfiguration(policy: policy, threads: 1))
            port = try await server.start()
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-canary-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            caFile = directory.appendingPathComponent("ca.pem").path
            try Data(try #require(server.certificateAuthorityPEM).utf8).write(to: URL(fileURLWithPath: caFile))
            let token = try ProviderToken.sign(keyID: CanaryConnectionTests.keyID, teamID: CanaryConnectionTests.team,
                                               issuedAt: Date(), key: key)
            try Data((token.compact + "\n").utf8)
                .write(to: directory.appendingPathComponent("\(CanaryConnectionTests.team)-development.token"))
        }

        func stop() {
            let server = server
            Task { await server.stop() }
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// The value of the metric `name` for `target` in the exporter's metrics text; nil when absent.
    static func sample(_ metrics: ExporterMetrics, _ name: String, target: String) -> Double? {
        let text = String(decoding: metrics.render(), as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + "{") && $0.contains("target=\"\(target)\"") }
        return line?.split(separator: " ").last.flatMap { Double($0) }
    }

    @Test func anUnansweredPingIsFollowedByAReopenedConnectionAndCounted() async throws {
        let mock = try await MockWithToken()
        defer { mock.stop() }
        let (server, port, directory, caFile) = (mock.server, mock.port, mock.directory, mock.caFile)
        let proxy = try LinkProxy(to: port)
        defer { proxy.stop() }

        let target = CanaryTarget(name: "stalled", server: CanaryServer(host: "127.0.0.1", port: proxy.port,
                                                                         environment: .development, caFile: caFile),
                                  credential: .token(team: Self.team, keyID: nil), topic: Self.bundle,
                                  pushType: .background, interval: 1, timeout: 1)
        let metrics = ExporterMetrics(build: [])
        // Every round PINGs the open connection, however soon it follows the last.
        let connection = CanaryConnection(key: .init(server: target.server, credential: target.credential), timeout: 1,
                                          pingAfterQuiet: 0)
        let runner = CanaryRunner(target: target, connection: connection, metrics: metrics,
                                  credentials: CredentialSource(keystore: nil, tokenDirectory: directory.path,
                                                                openKeystore: { _ in throw APNsError.badInput("none") }))
        func sample(_ name: String) -> Double? { Self.sample(metrics, name, target: "stalled") }

        runner.round()  // opens the connection: no PING yet
        #expect(sample("apnsctl_probe_success") == 1)
        #expect(sample("apnsctl_probe_ping_rtt_seconds") == nil)
        runner.round()  // PINGs the open connection, then reuses it
        let rtt = try #require(sample("apnsctl_probe_ping_rtt_seconds"))
        print("CanaryConnectionTests: PING round trip \(rtt * 1000) ms")
        #expect(rtt > 0 && rtt < 1)
        #expect(sample("apnsctl_probe_connections_opened_total") == 1)
        #expect(sample("apnsctl_probe_connections_reused_total") == 1)

        proxy.freeze()  // the open link copies nothing more; new links flow
        runner.round()  // the PING times out, the connection is closed, the canary opens a new one
        #expect(sample("apnsctl_probe_ping_failures_total") == 1)
        #expect(sample("apnsctl_probe_success") == 1)
        #expect(sample("apnsctl_probe_connections_opened_total") == 2)
        runner.round()
        #expect(sample("apnsctl_probe_connections_reused_total") == 2)
        #expect(sample("apnsctl_probe_ping_failures_total") == 1)
        #expect(Set(server.receivedRequests.map(\.log.connection)).count == 2)
    }

    /// Rounds back to back (a mock target's 100 ms interval) PING only a connection quiet for half a second: a
    /// PING a round took NIO's control-frame limit (200 in 30 s) for a flood and reopened the connection.
    @Test func roundsBackToBackStayOnOneConnectionWithoutAPingFlood() async throws {
        let mock = try await MockWithToken()
        defer { mock.stop() }
        let (server, port, directory, caFile) = (mock.server, mock.port, mock.directory, mock.caFile)
        let target = CanaryTarget(name: "busy", server: CanaryServer(host: "127.0.0.1", port: port,
                                                                      environment: .development, caFile: caFile),
                                  credential: .token(team: Self.team, keyID: nil), topic: Self.bundle,
                                  pushType: .background, interval: 0.1, timeout: 5)
        let metrics = ExporterMetrics(build: [])
        let connection = CanaryConnection(key: .init(server: target.server, credential: target.credential), timeout: 5)
        let runner = CanaryRunner(target: target, connection: connection, metrics: metrics,
                                  credentials: CredentialSource(keystore: nil, tokenDirectory: directory.path,
                                                                openKeystore: { _ in throw APNsError.badInput("none") }))
        func sample(_ name: String) -> Double? { Self.sample(metrics, name, target: "busy") }
        for _ in 0..<250 { runner.round() }
        #expect(sample("apnsctl_probe_connections_opened_total") == 1)
        #expect(sample("apnsctl_probe_connections_reused_total") == 249)
        #expect((sample("apnsctl_probe_ping_failures_total") ?? 0) == 0)
        #expect(Set(server.receivedRequests.map(\.log.connection)).count == 1)
        #expect(server.receivedRequests.count == 250)
    }
}
