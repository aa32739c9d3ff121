import Foundation
import TestSupport
import Testing

/// A probe verdict's remedy is a value in the library (``VerdictRemedy``); the command line words it
/// (`Errors+Verdict.swift`), naming its options and commands. These are the words a user sees, pinned at the binary:
/// the probe's text and JSON, a channel verb's error, a rotation canary's refusal.
@Suite(.serialized) struct VerdictWordsCLITests {
    @Test func aDummyTokenAcceptedSaysHowToDeliverToADevice() throws {
        let setup = try ProbeMockCommandTests.Setup()
        defer { setup.mock.kill() }
        let text = try setup.probe([])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasSuffix("\n  hint: pass --device-token HEX to deliver to a real device\n"), "\(text.stdout)")
        let json = try setup.probe(["--format", "json"])
        let report = try #require(JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let verdict = try #require(report["verdict"] as? [String: Any])
        #expect(verdict["hint"] as? String == "pass --device-token HEX to deliver to a real device")
    }

    @Test func aServerWhoseCAIsNotGivenIsTrustedWithCacert() throws {
        let setup = try ProbeMockCommandTests.Setup()
        defer { setup.mock.kill() }
        let result = try CLI.run(["probe", "--keystore", setup.keystore, "--team", ProbeMockCommandTests.team,
                                  "--host", "127.0.0.1", "--port", String(setup.port),
                                  "--topic", ProbeMockCommandTests.bundle])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("\n  hint: trust the server's CA with --cacert FILE\n"), "\(result.stdout)")
    }

    @Test func aStalledServerNamesTheTimeoutAndItsValue() throws {
        let (fd, port) = try TestPorts.bound(listening: 4)
        defer { close(fd) }
        let result = try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(port), "--timeout", "1",
                                  "--format", "json"])
        #expect(result.status == 4, "\(result.stderr)")
        let report = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let verdict = try #require(report["verdict"] as? [String: Any])
        #expect(verdict["hint"] as? String == "the server stalled; raise --timeout (now 1s) or check the network path",
                "\(verdict)")
    }

    @Test func aChannelCallToThePushPortNamesTheChannelsPort() throws {
        let setup = try ChannelCommandTests.Setup()
        let result = try CLI.run(["channel", "list", "--keystore", setup.keystore, "--team", ChannelCommandTests.team,
                                  "--host", "127.0.0.1", "--port", String(setup.port), "--cacert", setup.caFile,
                                  "--topic", ChannelCommandTests.bundle])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("\napnsctl: hint: this server does not serve the channel management API here: "
                                        + "check --host and --port (APNs: api-manage-broadcast on 2195/2196; the mock: "
                                        + "its --channels-port)\n"), "\(result.stderr)")
    }

    @Test func aRefusedRotationCanarySaysWhatToCheck() throws {
        let rotation = KeyRotateProbeTests()
        let (directory, keystore, server, port, ca) = try rotation.setUp()
        defer { server.kill(); try? FileManager.default.removeItem(at: directory) }
        // A key made after the mock started is not one it trusts: 403 InvalidProviderToken.
        #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", rotation.team,
                             "--key-id", "LATEKEY001"]).status == 0)
        let result = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", rotation.team, "--to", "LATEKEY001",
                                  "--probe", "--host", "127.0.0.1", "--port", port, "--cacert", ca,
                                  "--topic", "com.example.rotate"])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("\napnsctl: hint: check --team and --key against the developer account; a "
                                        + "revoked key needs rotation (`apnsctl key rotate`); nothing changed: "
                                        + "\(rotation.team)'s active keys are unchanged\n"), "\(result.stderr)")
    }
}
