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

    static let neverRequested = "403 MissingProviderToken: the server did not ask for a client certificate in the "
        + "TLS handshake, so the certificate given with --cert was never sent"

    /// A server that never asks for a client certificate: the summary names the option that gave it, in `probe`
    /// and in `app check --probe`'s row detail.
    @Test func aCertificateTheServerNeverAskedForIsNamedByItsOption() throws {
        let directory = try ProbeCertificateCommandTests.credentials()
        let serverCA = directory.appendingPathComponent("server-ca.pem").path
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--ca-out", serverCA])
        defer { mock.kill() }
        let certificate = directory.appendingPathComponent("client-with-key.pem").path
        let probe = try ProbeCertificateCommandTests.probe(mock, directory, ["--cert", certificate])
        #expect(probe.status == 1, "\(probe.stderr)")
        #expect(probe.stdout.hasSuffix("\n✘ \(Self.neverRequested)\n  hint: APNs asks for one on every connection: this "
                                       + "server does not take certificate authentication; check --host/--port, or "
                                       + "authenticate with a token (--team)\n"), "\(probe.stdout)")
        let app = try CLI.run(["app", "check", "com.example.app", "--cert", certificate, "--probe",
                               "--ca", directory.appendingPathComponent("ca.pem").path, "--target", "development=127.0.0.1:\(try mock.port())", "--cacert", serverCA,
                               "--min-days", "0", "--format", "json"],
                              environment: ["XDG_DATA_HOME": CLI.temporaryDirectory("verdict-app-xdg").path])
        let json = try #require(try JSONSerialization.jsonObject(with: app.stdoutData) as? [String: Any], "\(app.stderr)")
        let rows = json["rows"] as? [[String: Any]] ?? []
        let development = try #require(rows.first { $0["environment"] as? String == "development" })
        #expect((development["probe"] as? [String: Any])?["detail"] as? String == Self.neverRequested, "\(development)")
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
        #expect(result.stderr.hasSuffix("\napnsctl: hint: check --team and --key-id against the developer account; a "
                                        + "revoked key needs rotation (`apnsctl key rotate --team \(rotation.team) --to-key "
                                        + "NEWID --keystore \(keystore)`); nothing changed: "
                                        + "\(rotation.team)'s active keys are unchanged\n"), "\(result.stderr)")
    }
}
