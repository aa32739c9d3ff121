import APNsExporterConfiguration
import APNsModel
import APNsOperations
import Foundation
import Testing
import TestSupport

/// The exporter started in process on 127.0.0.1 port 0: its configuration read by the built
/// apnsctl-exporter-config, a canary signed from the keystore given and answered by a mock on loopback, credential
/// expiry, `/metrics` scraped with curl, a reload of a changed file, and the typed errors of a malformed listen
/// address and of a port already taken.
@Suite struct ExporterRunTests {
    static let team = "DEF123GHIJ"
    static let tool = ExporterConfigTool(path: TestPaths.builtProgram(ExporterConfigTool.name))

    static func input(_ config: URL, keystore: String? = nil, port: Int = 0) -> ExporterRun.Input {
        ExporterRun.Input(listen: ListenAddress(host: "127.0.0.1", port: port), configFile: config.path,
                          keystore: keystore, build: [("version", "test")], tool: tool)
    }

    /// `/metrics` as curl fetches it ("" while it does not answer).
    static func scrape(_ running: RunningExporter) -> String {
        (try? ExternalProcess.run("/usr/bin/curl", ["-sf", running.address.url("/metrics")], timeout: 10))?.stdout ?? ""
    }

    /// Scrapes until `condition` holds (20 s at most); the last text scraped.
    static func scrape(_ running: RunningExporter, until condition: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(20)
        var text = scrape(running)
        while !condition(text), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            text = scrape(running)
        }
        return text
    }

    /// Whether `text` says target `name`'s last canary was accepted (`apnsctl_probe_success{target="name",…} 1`).
    static func up(_ name: String, in text: String) -> Bool {
        text.split(separator: "\n").contains {
            $0.hasPrefix("apnsctl_probe_success{target=\"\(name)\"") && ($0.hasSuffix(" 1") || $0.hasSuffix(" 1.0"))
        }
    }

    static func target(_ name: String, mock: CanarySetting.Mock) -> String {
        """
          - name: \(name)
            host: 127.0.0.1:\(mock.port)
            environment: development
            cacert: \(mock.caFile)
            team: \(team)
            topic: com.example.app
            interval: 1s
            timeout: 2s

        """
    }

    @Test func servesCanariesAndExpiryAndReloadsAChangedFile() async throws {
        let setting = try CanarySetting("exporter-run")
        _ = try setting.store.generateKey(team: Self.team, keyID: "EXPKEY0001")
        let mock = try await setting.mock(.development, trusting: ["EXPKEY0001"])
        let config = setting.directory.appendingPathComponent("exporter.yml")
        // The fixtures' certificates, and a profile of the test CA (the profile judge refuses it: not Apple's).
        let certificates = TestPaths.fixtures.appendingPathComponent("certs").path + ", "
            + TestPaths.fixtures.appendingPathComponent("provisioning/development.mobileprovision").path
        try Data("credentials: [\(certificates)]\ntargets:\n\(Self.target("a", mock: mock))".utf8).write(to: config)

        let running = try await ExporterRun.start(Self.input(config, keystore: setting.store.path))
        do {
            try Self.serveAndReload(running, config: config, certificates: certificates, mock: mock)
        } catch {
            await running.stop()
            await mock.server.stop()
            throw error
        }
        await running.stop()
        #expect(Self.scrape(running) == "", "still serving after stop()")
        await mock.server.stop()
    }

    /// The checks of ``servesCanariesAndExpiryAndReloadsAChangedFile()`` while the exporter runs.
    static func serveAndReload(_ running: RunningExporter, config: URL, certificates: String,
                               mock: CanarySetting.Mock) throws {
        #expect(running.address.host == "127.0.0.1")
        #expect(running.address.port != 0)
        #expect(running.targets == 1)
        let first = Self.scrape(running) { Self.up("a", in: $0) && $0.contains("apnsctl_credential_expiry_timestamp_seconds{") }
        #expect(first.contains(#"apnsctl_exporter_build_info{version="test"} 1"#), "\(first)")
        #expect(Self.up("a", in: first), "\(first)")
        #expect(first.contains("apnsctl_credential_expiry_timestamp_seconds{"), "\(first)")
        // The profile judge's verdict is a series, not only a log line (issue 40 §1): the profile is signed by the
        // test CA, and the exporter trusts Apple's root alone; the first failed check is named.
        let refused = first.split(separator: "\n").filter { $0.hasPrefix("apnsctl_credential_refused{") }
        #expect(refused.count == 1, "\(first)")
        #expect(refused.contains { $0.hasPrefix(#"apnsctl_credential_refused{kind="profile""#)
            && $0.contains("/development.mobileprovision\"") && $0.contains(#"check="signature"} 1"#) }, "\(first)")

        // The file changes: target a becomes b; a reload applies it.
        try Data("credentials: [\(certificates)]\ntargets:\n\(Self.target("b", mock: mock))".utf8).write(to: config)
        try running.reload()
        #expect(running.exporter.configuration?.targets.map(\.name) == ["b"])
        let second = Self.scrape(running) { Self.up("b", in: $0) }
        #expect(Self.up("b", in: second), "\(second)")
        #expect(second.contains("apnsctl_exporter_config_reload_success 1"))

        // A file that does not load is thrown, names its line and key, and the configuration in force stays, with
        // the time it was loaded: the reload timestamp does not move (once the clock has passed that second, so a
        // timestamp that moved would show).
        let loadedAt = Self.reloadTimestamp(second)
        #expect(loadedAt != nil, "\(second)")
        while let loadedAt, Date().timeIntervalSince1970 < loadedAt + 1.5 { usleep(50_000) }
        try Data("targets:\n  - name: c\n    interval: 10s\n    environment: production\n    team: \(Self.team)\n    topic: t\n"
            .utf8).write(to: config)
        let error = try #require(throws: ConfigurationError.self) { try running.reload() }
        #expect(error.line == 3 && error.key == "targets[0].interval", "\(error)")
        #expect(running.exporter.configuration?.targets.map(\.name) == ["b"])
        let failed = Self.scrape(running) { $0.contains("apnsctl_exporter_config_reload_success 0") }
        #expect(failed.contains("apnsctl_exporter_config_reload_success 0"))
        #expect(Self.reloadTimestamp(failed) == loadedAt, "\(failed)")
    }

    /// The value of `apnsctl_exporter_config_reload_timestamp_seconds` in a scrape.
    static func reloadTimestamp(_ text: String) -> Double? {
        let prefix = "apnsctl_exporter_config_reload_timestamp_seconds "
        return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Double($0.dropFirst(prefix.count)) }
    }

    /// `promtool check metrics` on a scrape of `running` (once the expiry series are in): its complaints, "" when none.
    static func promtoolComplaints(_ text: String) throws -> String {
        let result = try ExternalProcess.run("/usr/bin/promtool", ["check", "metrics"], stdin: Data(text.utf8), timeout: 30)
        return result.status == 0 ? "" : "exit \(result.status): \(result.stdout)\(result.stderr)"
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/promtool"), "needs promtool"))
    func metricsPassPromtoolCheckMetrics() async throws {
        let setting = try CanarySetting("exporter-promtool")
        _ = try setting.store.generateKey(team: Self.team, keyID: "EXPKEY0002")
        let mock = try await setting.mock(.development, trusting: ["EXPKEY0002"])
        let config = setting.directory.appendingPathComponent("exporter.yml")
        // Certificates (time left) and .p8 keys (age) are scanned; the keystore's key too.
        let certificates = TestPaths.fixtures.appendingPathComponent("certs").path
        try Data("keystore: \(setting.store.path)\ncredentials: [\(certificates)]\ntargets:\n\(Self.target("a", mock: mock))"
            .utf8).write(to: config)
        let running = try await ExporterRun.start(Self.input(config))
        let text = Self.scrape(running) {
            Self.up("a", in: $0) && $0.contains("apnsctl_credential_time_left_seconds{")
                && $0.contains("apnsctl_signing_key_age_seconds{") && $0.contains("apnsctl_probe_ping_rtt_seconds{")
        }
        await running.stop()
        await mock.server.stop()
        #expect(Self.up("a", in: text) && text.contains("apnsctl_signing_key_age_seconds{"), "\(text)")
        #expect(try Self.promtoolComplaints(text) == "", "\(text)")
        // What promtool said of the old names: the check can fail.
        #expect(try Self.promtoolComplaints("# HELP apnsctl_credential_days_left Days.\n# TYPE apnsctl_credential_days_left gauge\napnsctl_credential_days_left 3\n") != "")
    }

    @Test func aChangedCAFileIsReadAgainOnReload() async throws {
        let setting = try CanarySetting("exporter-ca-reload")
        _ = try setting.store.generateKey(team: Self.team, keyID: "EXPKEY0003")
        let mock = try await setting.mock(.development, trusting: ["EXPKEY0003"])
        // The CA file first holds another CA than the mock's: the handshake fails.
        let trust = setting.directory.appendingPathComponent("trust.pem")
        try FileManager.default.copyItem(at: TestPaths.fixtures.appendingPathComponent("certs/ca.pem"), to: trust)
        let mockCA = CanarySetting.Mock(server: mock.server, port: mock.port, caFile: trust.path)
        let config = setting.directory.appendingPathComponent("exporter.yml")
        try Data("targets:\n\(Self.target("a", mock: mockCA))".utf8).write(to: config)
        let running = try await ExporterRun.start(Self.input(config, keystore: setting.store.path))
        let refused = Self.scrape(running) { $0.contains(#"outcome="unreachable",reason="tls""#) }
        #expect(refused.contains(#"outcome="unreachable",reason="tls""#), "\(refused)")
        // The file now holds the mock's CA; the path is the same. SIGHUP's reload trusts it.
        try Data(contentsOf: URL(fileURLWithPath: mock.caFile)).write(to: trust)
        try running.reload()
        let up = Self.scrape(running) { Self.up("a", in: $0) }
        await running.stop()
        await mock.server.stop()
        #expect(Self.up("a", in: up), "\(up)")
    }

    /// A key APNs does not know (the mock trusts another): 403 InvalidProviderToken is outcome "rejected" (APNs
    /// refused), never "unreachable" nor "credential" (issue 40 §4), with the status the alert rules read.
    @Test func aCredentialAPNsRefusesIsRejected() async throws {
        let setting = try CanarySetting("exporter-rejected")
        _ = try setting.store.generateKey(team: Self.team, keyID: "EXPKEY0004")
        _ = try setting.store.generateKey(team: "OTHERTEAM1", keyID: "OTHERKEY01")
        let mock = try await setting.mock(.development, trusting: ["OTHERKEY01"])
        let config = setting.directory.appendingPathComponent("exporter.yml")
        try Data("targets:\n\(Self.target("a", mock: mock))".utf8).write(to: config)
        let running = try await ExporterRun.start(Self.input(config, keystore: setting.store.path))
        let text = Self.scrape(running) { $0.contains(#"outcome="rejected""#) }
        await running.stop()
        await mock.server.stop()
        let info = text.split(separator: "\n").filter { $0.hasPrefix("apnsctl_probe_answer_info{") }
        #expect(info.contains { $0.contains(#"outcome="rejected",reason="InvalidProviderToken""#) }, "\(text)")
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("apnsctl_probe_status_code{target=\"a\"")
            && ($0.hasSuffix(" 403") || $0.hasSuffix(" 403.0")) }, "\(text)")
        #expect(!Self.up("a", in: text))
    }

    @Test func aConfigurationNamingAMissingFileIsRefusedBeforeListening() async throws {
        let setting = try CanarySetting("exporter-missing-ca")
        let mock = try await setting.mock(.development, trusting: [])
        let absent = CanarySetting.Mock(server: mock.server, port: mock.port,
                                        caFile: setting.directory.appendingPathComponent("absent.pem").path)
        let config = setting.directory.appendingPathComponent("exporter.yml")
        try Data("targets:\n\(Self.target("a", mock: absent))".utf8).write(to: config)
        let error = try await #require(throws: ConfigurationError.self) {
            _ = try await ExporterRun.start(Self.input(config, keystore: setting.store.path))
        }
        await mock.server.stop()
        #expect(error.key == "targets[0].cacert" && error.line == 5, "\(error)")
    }

    @Test func aMalformedListenAddressIsTyped() throws {
        for text in ["127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "localhost:http", ""] {
            #expect(throws: ListenAddressError.malformed(text)) { try ListenAddress(parsing: text) }
        }
        #expect(try ListenAddress(parsing: "127.0.0.1:9464") == ListenAddress(host: "127.0.0.1", port: 9464))
        #expect(try ListenAddress(parsing: "[::1]:0") == ListenAddress(host: "::1", port: 0))
        #expect(try ListenAddress(parsing: ":9464") == ListenAddress(host: "0.0.0.0", port: 9464))
        #expect(ListenAddress(host: "::1", port: 9464).url("/metrics") == "http://[::1]:9464/metrics")
    }

    @Test func aPortAlreadyTakenIsCannotListen() async throws {
        let directory = TestPaths.temporaryDirectory("exporter-run-taken")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("exporter.yml")
        try Data("credentials: []\n".utf8).write(to: config)
        let (fd, port) = try TestPorts.bound(listening: 1)
        defer { close(fd) }
        do {
            let running = try await ExporterRun.start(Self.input(config, port: port))
            await running.stop()
            Issue.record("the exporter listened on a port already taken")
        } catch let error as ListenAddressError {
            // The cause is typed (the CLI words it as `mock serve` does), not NIO's `bind(descriptor:…)` text.
            #expect(error == .cannotListen(address: "127.0.0.1:\(port)", port: port, failure: .addressInUse), "\(error)")
        }
    }

    @Test func aConfigurationThatCannotBeReadIsThrownBeforeListening() async throws {
        let directory = TestPaths.temporaryDirectory("exporter-run-absent")
        defer { try? FileManager.default.removeItem(at: directory) }
        let absent = directory.appendingPathComponent("absent.yml")
        let (fd, port) = try TestPorts.bound(listening: 1)
        defer { close(fd) }
        // The port is taken too: the configuration's error comes first.
        let error = try await #require(throws: ConfigurationError.self) {
            _ = try await ExporterRun.start(Self.input(absent, port: port))
        }
        #expect(error.file == absent.path && error.line == nil, "\(error)")
    }
}
