import Foundation
import Testing

/// `apnsctl channel create|list|inspect|delete` against `apnsctl mock serve --channels-port` (both the built binary),
/// with a keystore key, end to end.
@Suite(.serialized) struct ChannelCommandTests {
    static let team = "TEAM123456", keyID = "KEY1234567", bundle = "com.example.app"

    /// A keystore with one active key, and the mock trusting it with the management API on its own port.
    final class Setup: @unchecked Sendable {
        let directory: URL
        let keystore: String
        let caFile: String
        let mock: MockServeProcess
        let port: Int
        let channelsPort: Int

        init(extra: [String] = []) throws {
            directory = CLI.temporaryDirectory("channel-cli")
            keystore = directory.appendingPathComponent("keystore").path
            caFile = directory.appendingPathComponent("ca.pem").path
            #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
            #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", ChannelCommandTests.team,
                                 "--key-id", ChannelCommandTests.keyID]).status == 0)
            channelsPort = try SilentListener.freePort()
            mock = try MockServeProcess(["mock", "serve", "--port", "0", "--channels-port", String(channelsPort),
                                         "--keystore", keystore, "--ca-out", caFile] + extra)
            port = try mock.port()
        }

        deinit {
            mock.kill()
            try? FileManager.default.removeItem(at: directory)
        }

        /// `apnsctl channel <verb> … --topic <bundle>` with the keystore's token, against the mock's channels port.
        func channel(_ verb: String, _ extra: [String], topic: String = ChannelCommandTests.bundle) throws -> CLI.Result {
            try CLI.run(["channel", verb] + extra + ["--keystore", keystore, "--team", ChannelCommandTests.team,
                                                     "--host", "127.0.0.1", "--port", String(channelsPort),
                                                     "--cacert", caFile, "--topic", topic])
        }
    }

    @Test func createListInspectDeleteAgainstTheMock() throws {
        let setup = try Setup()
        let created = try setup.channel("create", ["--storage", "none", "--format", "json"])
        #expect(created.status == 0, "\(created.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: created.stdoutData) as? [String: Any])
        let id = try #require(object["channel_id"] as? String)
        #expect(Data(base64Encoded: id) != nil)
        #expect(object["status"] as? Int == 201)
        #expect(object["topic"] as? String == Self.bundle)
        #expect(object["operation"] as? String == "create")
        #expect(object["request_id"] as? String == object["request_id_returned"] as? String)
        #expect((object["verdict"] as? [String: Any])?["outcome"] as? String == "healthy")

        let text = try setup.channel("create", [])
        #expect(text.status == 0, "\(text.stderr)")
        let second = text.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Data(base64Encoded: second) != nil, "create prints the id alone: \(text.stdout)")

        let list = try setup.channel("list", [])
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").map(String.init) == [id, second])
        let listJSON = try setup.channel("list", ["--format", "json"])
        let listed = try #require(JSONSerialization.jsonObject(with: listJSON.stdoutData) as? [String: Any])
        #expect(listed["channels"] as? [String] == [id, second])

        let inspect = try setup.channel("inspect", [id])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("storage: none"), "\(inspect.stdout)")
        let inspectJSON = try setup.channel("inspect", [second, "--format", "json"])
        let read = try #require(JSONSerialization.jsonObject(with: inspectJSON.stdoutData) as? [String: Any])
        #expect(read["storage"] as? String == "most-recent")
        #expect(read["message_storage_policy"] as? Int == 1)

        let deleted = try setup.channel("delete", [id])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stdout.contains("deleted \(id)"))
        let after = try setup.channel("list", [])
        #expect(after.stdout.split(separator: "\n").map(String.init) == [second])

        let gone = try setup.channel("inspect", [id])
        #expect(gone.status == 1)
        #expect(gone.stderr.contains("apnsctl: error: 400 ChannelNotRegistered"), "\(gone.stderr)")
        #expect(gone.stderr.contains("apnsctl: hint: "))
        #expect(gone.stdout.isEmpty)

        let log = setup.mock.terminate().stdout
        #expect(log.contains("channel=\(id)"), "the mock logged the calls")
    }

    @Test func refusalsAndFailuresHaveTheProbesExitCodes() throws {
        let setup = try Setup(extra: ["--channel-limit", "1", "--broadcast-disabled", "com.example.off"])
        #expect(try setup.channel("create", []).status == 0)
        let full = try setup.channel("create", ["--format", "json"])
        #expect(full.status == 1)
        #expect(full.stderr.contains("CannotCreateChannelConfig"))
        #expect(full.stderr.contains("apnsctl channel delete"), "the hint says what to do: \(full.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: full.stdoutData) as? [String: Any])
        #expect(object["reason"] as? String == "CannotCreateChannelConfig")
        #expect(object["exit_code"] as? Int == 1)

        let off = try setup.channel("list", [], topic: "com.example.off")
        #expect(off.status == 1)
        #expect(off.stderr.contains("FeatureNotEnabled"))

        let bad = try setup.channel("inspect", ["not base64!"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("BadChannelId"))

        let suffixed = try setup.channel("list", [], topic: "com.example.app.push-type.liveactivity")
        #expect(suffixed.status == 2)
        #expect(suffixed.stderr.contains("bundle id com.example.app"), "\(suffixed.stderr)")

        let noToken = try CLI.run(["channel", "list", "--topic", Self.bundle, "--host", "127.0.0.1",
                                   "--port", String(setup.channelsPort), "--cacert", setup.caFile])
        #expect(noToken.status == 1)
        #expect(noToken.stderr.contains("MissingProviderToken"))

        setup.mock.kill()
        let down = try setup.channel("list", [])
        #expect(down.status == 4, "\(down.stderr)")
    }

    @Test func probeChannelsChecksTheManagementHostReadOnly() throws {
        let setup = try Setup()
        let probe = { (port: Int, extra: [String]) in
            try CLI.run(["probe", "--channels", "--keystore", setup.keystore, "--team", Self.team, "--host", "127.0.0.1",
                         "--port", String(port), "--cacert", setup.caFile, "--topic", Self.bundle] + extra)
        }
        #expect(try setup.channel("create", []).status == 0)
        let text = try probe(setup.channelsPort, [])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("channel management host accepted"), "\(text.stdout)")
        #expect(text.stdout.contains("read-only channel list request"), "\(text.stdout)")
        #expect(text.stdout.contains("(echoed)"), "the apns-request-id came back: \(text.stdout)")
        let metrics = try probe(setup.channelsPort, ["--format", "prometheus"])
        #expect(metrics.status == 0)
        let labels = "host=\"127.0.0.1\",port=\"\(setup.channelsPort)\",environment=\"custom\""
        #expect(metrics.stdout.contains("apnsctl_probe_success{\(labels)} 1"), "\(metrics.stdout)")
        #expect(metrics.stdout.contains("apnsctl_probe_status_code{\(labels)} 200"))
        #expect(metrics.stdout.contains("apnsctl_probe_phase_seconds{\(labels),phase=\"tls\"}"))
        #expect(metrics.stdout.contains("apnsctl_probe_channels{\(labels)} 1"), "\(metrics.stdout)")
        let json = try probe(setup.channelsPort, ["--format", "json"])
        let report = try #require(JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(report["status"] as? Int == 200)
        #expect(report["http_version"] as? String == "2")
        #expect(report["device_token"] as? String == "")
        #expect(report["channels"] as? Int == 1)
        #expect(report["apns_id"] as? String == report["apns_id_returned"] as? String)
        // The push port has no management API: the probe says so instead of passing.
        let wrong = try probe(setup.port, [])
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("405 MethodNotAllowed"), "\(wrong.stdout)")
        #expect(wrong.stdout.contains("--channels-port"), "the hint names the management port: \(wrong.stdout)")
        let log = setup.mock.terminate().stdout
        #expect(log.contains("GET /1/apps/\(Self.bundle)/all-channels"))
        #expect(log.components(separatedBy: "POST /1/apps").count == 2, "only the test's own create: the probe is read-only")
    }

    @Test func theManagementHostsAreNotTheRetiredGateway() throws {
        // Resolved without sending: a wrong port for Apple's management host is a usage error naming the right one.
        let wrong = try CLI.run(["channel", "list", "--topic", Self.bundle, "--env", "production", "--port", "2195"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("api-manage-broadcast.push.apple.com listens on 2196"), "\(wrong.stderr)")
        let push = try CLI.run(["channel", "list", "--topic", Self.bundle, "--host", "api.push.apple.com"])
        #expect(push.status == 2)
        #expect(push.stderr.contains("api-manage-broadcast.push.apple.com:2196"), "\(push.stderr)")
        let gateway = try CLI.run(["channel", "list", "--topic", Self.bundle, "--host", "gateway.push.apple.com"])
        #expect(gateway.status == 2)
        #expect(gateway.stderr.contains("retired"))
    }
}
