import Foundation
import Testing
import TestSupport

/// `apnsctl exporter` scraped by a real Prometheus (Debian's package) while it probes two `apnsctl mock serve`
/// processes; every value is read back through Prometheus's HTTP API, polling until it holds.
@Suite(.enabled(if: PrometheusServer.binary != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"),
                "needs prometheus and openssl"), .serialized)
struct ExporterPrometheusTests {
    /// One certificate for both mocks (openssl, for 127.0.0.1): a mock restarted with it is trusted again.
    private func serverCertificate(in directory: URL) throws -> (cert: String, key: String) {
        let made = try LoopbackCertificate.make(in: directory)
        return (made.certificate, made.key)
    }

    private func mock(port: Int, env: String, keystore: String, tls: (cert: String, key: String)) throws -> RunningProcess {
        let mock = try RunningProcess(CLI.binary, ["mock", "serve", "--port", String(port), "--env", env,
                                                   "--keystore", keystore, "--tls-cert", tls.cert, "--tls-key", tls.key,
                                                   "--format", "json"])
        try #require(mock.waitFor { out, _ in out.contains("\"port\"") }, "mock did not start: \(mock.stderr)")
        return mock
    }

    /// The `connection` numbers of the requests in a mock's JSON log.
    private func connections(inLog text: String) -> [Int] {
        text.split(separator: "\n").compactMap { line in
            guard let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  json["method"] as? String == "POST" else { return nil }
            return json["connection"] as? Int
        }
    }

    private func total(_ samples: [PrometheusServer.Sample]) -> Double { samples.reduce(0) { $0 + $1.value } }

    @Test func prometheusScrapesTheCanariesThroughAnOutageAndBack() throws {
        let directory = CLI.temporaryDirectory("exporter-prometheus")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try CLI.keystoreWithToken(in: directory)
        let keystore = directory.appendingPathComponent("ks").path
        let tls = try serverCertificate(in: directory)
        let portA = try TestPorts.free(), portB = try TestPorts.free()
        let mockA = try mock(port: portA, env: "development", keystore: keystore, tls: tls)
        var mockB = try mock(port: portB, env: "production", keystore: keystore, tls: tls)
        defer { mockA.terminate(); mockB.terminate() }

        // Mock B gets two canaries with one credential: they share one connection.
        func target(_ name: String, _ port: Int, _ env: String) -> String {
            """
              - name: \(name)
                host: 127.0.0.1:\(port)
                environment: \(env)
                cacert: \(tls.cert)
                team: TEAM123456
                topic: com.example.app
                interval: 1s
                timeout: 2s

            """
        }
        let config = directory.appendingPathComponent("exporter.yml")
        try Data(("keystore: \(keystore)\ntargets:\n" + target("a", portA, "development") + target("b1", portB, "production")
                  + target("b2", portB, "production")).utf8).write(to: config)
        let exporter = try RunningProcess(CLI.binary, ["exporter", "--config", config.path, "--listen", "127.0.0.1:0"])
        defer { exporter.terminate() }
        let port = try exporter.exporterPort()

        let prometheus = try PrometheusServer(scraping: ["127.0.0.1:\(port)"],
                                              in: directory.appendingPathComponent("prometheus"))
        defer { prometheus.stop() }

        // Up for all three canaries.
        let up = prometheus.waitFor("apnsctl_probe_success") { samples in
            samples.count == 3 && samples.allSatisfy { $0.value == 1 }
        }
        #expect(up != nil, "never all up: \(prometheus.query("apnsctl_probe_success")); exporter: \(exporter.stderr)")
        #expect(prometheus.waitFor(#"apnsctl_exporter_build_info"#) { $0.count == 1 } != nil)
        #expect(prometheus.waitFor(#"apnsctl_probe_latency_seconds_count{target="a",phase="total"}"#) {
            $0.first.map { $0.value >= 1 } ?? false } != nil)
        #expect(prometheus.waitFor(#"apnsctl_token_age_seconds{team_id="TEAM123456"}"#) { !$0.isEmpty } != nil)
        // From the second round on, each canary PINGs its kept-open connection first: a round trip on loopback.
        let pings = prometheus.waitFor("apnsctl_probe_ping_rtt_seconds") { samples in
            samples.count == 3 && samples.allSatisfy { $0.value > 0 && $0.value < 1 }
        }
        #expect(pings != nil, "PING round trips: \(prometheus.query("apnsctl_probe_ping_rtt_seconds"))")
        print("ExporterPrometheusTests: PING round trips (s): \(pings?.map { "\($0.labels["target"] ?? "?")=\($0.value)" } ?? [])")
        #expect(prometheus.query(#"sum(apnsctl_probe_ping_failures_total)"#).first?.value == 0)

        // Mock B stops: its canaries go down, the reason counter names the failure; mock A stays up.
        #expect(mockB.terminate() == 0)
        let down = prometheus.waitFor(#"apnsctl_probe_success{target=~"b1|b2"}"#) { samples in
            samples.count == 2 && samples.allSatisfy { $0.value == 0 }
        }
        #expect(down != nil, "b never went down: \(prometheus.query("apnsctl_probe_success"))")
        // The round in flight when the mock went may fail as `protocol` (the kept-open connection reset); the
        // rounds after it cannot connect.
        let reasons = prometheus.waitFor(#"apnsctl_probe_answers_total{target="b1",status="0"}"#) { samples in
            samples.contains { $0.labels["reason"] == "connect" }
        }
        #expect(reasons != nil, "\(prometheus.query(#"apnsctl_probe_answers_total{target="b1"}"#))")
        #expect(prometheus.query(#"apnsctl_probe_success{target="a"}"#).first?.value == 1)
        let failing = prometheus.waitFor(
            #"(apnsctl_probe_success == 0) * ignoring(outcome, reason) group_left(outcome, reason) apnsctl_probe_answer_info"#
        ) { samples in samples.count == 2 && samples.allSatisfy { $0.labels["reason"] == "connect" } }
        #expect(failing != nil, "the alert rule's join: \(prometheus.query("apnsctl_probe_answer_info"))")

        // Back on the same port: up again, on one new connection that every later round reuses.
        let openedBefore = total(prometheus.query(#"apnsctl_probe_connections_opened_total{target=~"b1|b2"}"#))
        mockB = try mock(port: portB, env: "production", keystore: keystore, tls: tls)
        let back = prometheus.waitFor(#"apnsctl_probe_success{target=~"b1|b2"}"#) { samples in
            samples.count == 2 && samples.allSatisfy { $0.value == 1 }
        }
        #expect(back != nil, "b never came back: \(prometheus.query("apnsctl_probe_success"))")
        let reusedAtReturn = total(prometheus.query(#"apnsctl_probe_connections_reused_total{target=~"b1|b2"}"#))
        let reusedLater = prometheus.waitFor(#"sum(apnsctl_probe_connections_reused_total{target=~"b1|b2"})"#) {
            ($0.first?.value ?? 0) >= reusedAtReturn + 6
        }
        #expect(reusedLater != nil, "the connection was not reused")
        let openedAfter = total(prometheus.query(#"apnsctl_probe_connections_opened_total{target=~"b1|b2"}"#))
        #expect(openedAfter - openedBefore == 1, "connections opened after the mock returned: \(openedAfter - openedBefore)")

        #expect(mockB.terminate() == 0)
        let used = connections(inLog: mockB.stdout)
        #expect(used.count >= 6, "requests the returned mock logged: \(used.count)")
        #expect(Set(used).count == 1, "connections the returned mock saw: \(Set(used).sorted())")
        #expect(exporter.terminate() == 0)
    }

    /// SIGHUP with a file that does not load: the error names file, line and key on stderr, the exporter keeps
    /// serving the configuration in force, and says so in apnsctl_exporter_config_reload_success.
    @Test func aBadReloadIsReportedAndTheOldConfigurationKept() throws {
        let directory = CLI.temporaryDirectory("exporter-sighup")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("exporter.yml")
        try Data("credentials: [\(CLI.fixtures.appendingPathComponent("certs").path)]\n".utf8).write(to: config)
        let exporter = try RunningProcess(CLI.binary, ["exporter", "--config", config.path, "--listen", "127.0.0.1:0"])
        defer { exporter.terminate() }
        let port = try exporter.exporterPort()
        func metrics() -> String { exporterMetrics(port: port) }
        func waitForMetrics(_ condition: (String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(20)
            repeat {
                if condition(metrics()) { return true }
                Thread.sleep(forTimeInterval: 0.1)
            } while Date() < deadline
            return false
        }
        #expect(waitForMetrics { $0.contains("apnsctl_credential_expiry_timestamp_seconds{") })
        #expect(metrics().contains("apnsctl_exporter_config_reload_success 1"))

        try Data("targets:\n  - name: a\n    interval: 10s\n    environment: production\n    team: DEF123GHIJ\n    topic: t\n"
                    .utf8).write(to: config)
        exporter.signal(SIGHUP)
        #expect(exporter.waitFor { _, err in err.contains("\(config.path):3: targets[0].interval: ") },
                "stderr: \(exporter.stderr)")
        #expect(exporter.stderr.contains("apnsctl: hint: "))
        #expect(waitForMetrics { $0.contains("apnsctl_exporter_config_reload_success 0") })
        #expect(exporter.isRunning)
        #expect(metrics().contains("apnsctl_credential_expiry_timestamp_seconds{"), "the old configuration's series went")
        #expect(!metrics().contains("apnsctl_probe_success"))
        #expect(exporter.terminate() == 0)
        #expect(exporter.stdout.contains("stopped"))
    }
}
