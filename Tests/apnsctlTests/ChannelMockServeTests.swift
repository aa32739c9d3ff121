import Foundation
import Testing

/// `apnsctl mock serve --channels-port`, driven by python's httpx (h2, ALPN): every channel management call and
/// error, and broadcast pushes on the push port.
@Suite(.serialized)
struct ChannelMockServeTests {
    static let disabled = "com.example.off"

    static func serve() throws -> (InteropClientTests.Served, Int) {
        let channelsPort = try SilentListener.freePort()
        let served = try InteropClientTests.Served(extra: ["--channels-port", String(channelsPort), "--channel-limit", "2",
                                                           "--broadcast-disabled", disabled])
        return (served, channelsPort)
    }

    @Test func httpxGetsEveryChannelAnswer() throws {
        let python = try #require(InteropClientTests.python(with: "httpx, h2, jwt"),
                                  "python3 modules httpx[http2]/h2/PyJWT missing: run make test-deps")
        let (served, channelsPort) = try Self.serve()
        let results = try InteropClientTests.run(python, "httpx_channels.py", [
            String(served.port), String(channelsPort), served.ca, served.key, InteropClientTests.keyID,
            InteropClientTests.team, InteropClientTests.topic, Self.disabled])
        let expect = { (name: String, status: Int, reason: String?) in
            InteropClientTests.expect(results, name, status, reason)
        }
        expect("create", 201, nil)
        let channel = try #require(results["create"]?["channel_id"] as? String)
        #expect(Data(base64Encoded: channel) != nil)
        #expect(results["echo"]?["sent"] as? String == results["echo"]?["got"] as? String)
        #expect(results["create"]?["http_version"] as? String == "HTTP/2")
        expect("list", 200, nil)
        #expect(results["list"]?["body"] as? String == #"{"channels":["\#(channel)"]}"#)
        expect("read", 200, nil)
        #expect(results["read"]?["body"] as? String == #"{"message-storage-policy":1,"push-type":"LiveActivity"}"#)
        expect("broadcast", 200, nil)
        expect("no-token", 403, "MissingProviderToken")
        expect("missing-channel-id", 400, "MissingChannelId")
        expect("bad-channel-id", 400, "BadChannelId")
        expect("unknown-channel", 400, "ChannelNotRegistered")
        expect("body-not-json", 400, "BadRequestPayload")
        expect("no-push-type", 400, "MissingPushType")
        expect("wrong-push-type", 400, "InvalidPushType")
        expect("bad-storage", 400, "BadRequestParams")
        expect("put", 405, "MethodNotAllowed")
        expect("bad-path", 404, "BadPath")
        expect("feature-off", 400, "FeatureNotEnabled")
        expect("topic-mismatch", 403, "TopicMismatch")
        expect("broadcast-missing-channel-id", 400, "MissingChannelId")
        expect("broadcast-bad-channel-id", 400, "BadChannelId")
        expect("broadcast-unknown-channel", 400, "ChannelNotRegistered")
        expect("broadcast-alert", 400, "InvalidPushType")
        expect("broadcast-not-json", 400, "BadRequestPayload")
        expect("broadcast-feature-off", 400, "FeatureNotEnabled")
        expect("delete", 204, nil)
        expect("list-after-delete", 200, nil)
        #expect(results["list-after-delete"]?["body"] as? String == #"{"channels":[]}"#)
        expect("limit-0", 201, nil)
        expect("limit-1", 201, nil)
        expect("limit-2", 400, "CannotCreateChannelConfig")
        for (name, result) in results where name != "echo" {
            #expect(UUID(uuidString: result["request_id"] as? String ?? "") != nil, "\(name): \(result)")
        }

        let log = served.server.terminate().stdout.split(separator: "\n").map(String.init)
        let first = try #require(try JSONSerialization.jsonObject(with: Data((log.first ?? "").utf8)) as? [String: Any])
        #expect(first["channels_port"] as? Int == channelsPort)
        let entries = log.dropFirst().compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let create = try #require(entries.first { $0["method"] as? String == "POST" && $0["status"] as? Int == 201 })
        #expect(create["channel_id"] as? String == channel)
        #expect(create["topic"] as? String == InteropClientTests.topic)
        #expect(create["auth"] as? String == "token")
        #expect(entries.contains { $0["path"] as? String == "/4/broadcasts/apps/\(InteropClientTests.topic)"
            && $0["status"] as? Int == 200 && $0["channel_id"] as? String == channel })
    }

    /// The channel verbs take the probe's certificate credential: the mock's client CA signed a development
    /// certificate for com.example.app (made with the openssl lines of `mock serve --help`).
    @Test func aClientCertificateManagesItsOwnAppsChannelsOnly() throws {
        let (served, channelsPort) = try Self.serve()
        let target = ["--cert", served.clientPEM, "--host", "127.0.0.1", "--port", String(channelsPort),
                      "--cacert", served.ca]
        let created = try CLI.run(["channel", "create", "--topic", InteropClientTests.topic, "--format", "json"] + target)
        #expect(created.status == 0, "\(created.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: created.stdoutData) as? [String: Any])
        #expect(object["credential"] as? String == "certificate")
        let id = try #require(object["channel_id"] as? String)
        let listed = try CLI.run(["channel", "list", "--topic", InteropClientTests.topic] + target)
        #expect(listed.stdout.contains(id))
        // probe --channels takes the certificate's bundle id when --topic is not given.
        let probe = try CLI.run(["probe", "--channels", "--format", "json"] + target)
        #expect(probe.status == 0, "\(probe.stdout) \(probe.stderr)")
        let report = try #require(JSONSerialization.jsonObject(with: probe.stdoutData) as? [String: Any])
        #expect(report["channels"] as? Int == 1)
        let other = try CLI.run(["channel", "list", "--topic", "com.example.other"] + target)
        #expect(other.status == 1)
        #expect(other.stderr.contains("403 TopicMismatch"), "\(other.stderr)")
        #expect(other.stderr.contains("apnsctl cert inspect"), "the certificate hint: \(other.stderr)")
        let log = served.server.terminate().stdout
        #expect(log.contains(#""certificate_bundle_id":"com.example.app""#), "\(log)")
    }

    @Test func channelsPortZeroServesNoManagementAPI() throws {
        let served = try InteropClientTests.Served(extra: ["--channels-port", "0"])
        let log = served.server.terminate().stdout
        let first = try #require(try JSONSerialization.jsonObject(with: Data((log.split(separator: "\n").first ?? "").utf8))
                                 as? [String: Any])
        #expect(first["channels_port"] is NSNull, "\(first)")
    }

    @Test func theChannelsPortMustDifferFromThePushPort() throws {
        let same = try CLI.run(["mock", "serve", "--port", "8443", "--channels-port", "8443"])
        #expect(same.status == 2, "\(same.stderr)")
        #expect(same.stderr.contains("its own port"), "\(same.stderr)")
        let bad = try CLI.run(["mock", "serve", "--port", "0", "--channels-port", "70000"])
        #expect(bad.status == 2)
    }

    @Test func aTakenChannelsPortIsExit4() throws {
        let (served, channelsPort) = try Self.serve()
        defer { served.server.kill() }
        let second = try CLI.run(["mock", "serve", "--port", "0", "--channels-port", String(channelsPort)])
        #expect(second.status == 4, "\(second.stderr)")
        #expect(second.stderr.contains("--channels-port"), "\(second.stderr)")
    }
}
