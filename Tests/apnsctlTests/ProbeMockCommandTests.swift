import Foundation
import Testing

/// `apnsctl probe` with a keystore key against `apnsctl mock serve` (both the built binary), and `curl --http2`
/// with the same keystore's token against the same mock for an independent opinion.
@Suite(.serialized) struct ProbeMockCommandTests {
    static let team = "TEAM123456", keyID = "KEY1234567", bundle = "com.example.app"
    static let registered = String(repeating: "ab", count: 32)
    static let gone = String(repeating: "ef", count: 32)
    static let unknown = String(repeating: "01", count: 32)

    /// A keystore with one active key, and the mock trusting it.
    final class Setup: @unchecked Sendable {
        let directory: URL
        let keystore: String
        let caFile: String
        let mock: MockServeProcess
        let port: Int

        init() throws {
            directory = CLI.temporaryDirectory("probe-mock")
            keystore = directory.appendingPathComponent("keystore").path
            caFile = directory.appendingPathComponent("ca.pem").path
            #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
            #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", ProbeMockCommandTests.team,
                                 "--key-id", ProbeMockCommandTests.keyID]).status == 0)
            mock = try MockServeProcess(["mock", "serve", "--port", "0", "--keystore", keystore, "--ca-out", caFile,
                                    "--device", "\(ProbeMockCommandTests.registered)=\(ProbeMockCommandTests.bundle)",
                                    "--unregistered", ProbeMockCommandTests.gone])
            port = try mock.port()
        }

        func probe(_ extra: [String]) throws -> CLI.Result {
            try CLI.run(["probe", "--keystore", keystore, "--team", ProbeMockCommandTests.team, "--host", "127.0.0.1",
                         "--port", String(port), "--cacert", caFile, "--topic", ProbeMockCommandTests.bundle] + extra)
        }
    }

    @Test func keystoreKeyAgainstTheMock() throws {
        let setup = try Setup()
        let dummy = try setup.probe([])
        #expect(dummy.status == 0, "stderr: \(dummy.stderr)")
        #expect(dummy.stdout.contains("transport and credential accepted"))

        let delivered = try setup.probe(["--device-token", Self.registered, "--format", "json"])
        #expect(delivered.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: delivered.stdoutData) as? [String: Any])
        #expect(object["status"] as? Int == 200)
        #expect(object["apns_unique_id"] is String)

        let gone = try setup.probe(["--device-token", Self.gone])
        #expect(gone.status == 1)
        #expect(gone.stdout.contains("410 Unregistered"))
        #expect(gone.stdout.contains("unregistered"))

        let unknown = try setup.probe(["--device-token", Self.unknown, "--format", "prometheus"])
        #expect(unknown.status == 1)
        #expect(unknown.stdout.contains("apnsctl_probe_status_code{host=\"127.0.0.1\",port=\"\(setup.port)\",environment=\"custom\"} 400"))
        #expect(unknown.stdout.contains("reason=\"BadDeviceToken\""))
    }

    @Test func curlWithTheSameTokenGetsTheSameAnswers() throws {
        let setup = try Setup()
        let token = try CLI.run(["token", "--keystore", setup.keystore, "--team", Self.team])
        #expect(token.status == 0)
        let jwt = token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        for device in [Self.registered, Self.gone, Self.unknown] {
            let probe = try setup.probe(["--device-token", device, "--format", "json"])
            let object = try #require(JSONSerialization.jsonObject(with: probe.stdoutData) as? [String: Any])
            let curl = try ProbeLocalServer.curl([
                "--http2", "-s", "-w", " %{http_code} %{http_version}", "--cacert", setup.caFile,
                "-H", "authorization: bearer \(jwt)", "-H", "apns-topic: \(Self.bundle)",
                "-H", "apns-push-type: background", "-H", "apns-priority: 5", "-H", "apns-expiration: 0",
                "--data", #"{"aps":{"content-available":1}}"#, "https://127.0.0.1:\(setup.port)/3/device/\(device)"])
            let status = object["status"] as? Int ?? -1
            #expect(curl.hasSuffix(" \(status) 2"), "curl said \(curl), the prober \(status)")
            if let reason = object["reason"] as? String {
                #expect(curl.contains(#""reason":"\#(reason)""#), "curl said \(curl), the prober \(reason)")
            }
        }
    }

    /// What only the binary shows: exit 1 and the check's words (the judgements themselves are tested in process,
    /// APNsOperationsTests' KeystoreJudgementTests).
    @Test func doctorFailsOnLoosePermissions() throws {
        let setup = try Setup()
        #expect(chmod(setup.keystore, 0o755) == 0)
        let loose = try CLI.run(["doctor", "--keystore", setup.keystore])
        #expect(loose.status == 1)
        #expect(loose.stdout.contains("✘ keystore permissions"))
        #expect(loose.stdout.contains("apnsctl keystore fix-permissions"))
    }
}
