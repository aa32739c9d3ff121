import Foundation
import Testing

/// `key rotate --probe`: a canary signed by the new key goes to a real `apnsctl mock serve` over HTTP/2 first;
/// the rotation happens only when the mock accepts it.
@Suite struct KeyRotateProbeTests {
    let team = "ROTATE0001"

    /// A keystore with an active key, a staged one, and a mock that trusts both.
    func setUp() throws -> (directory: URL, keystore: String, server: MockServeProcess, port: String, ca: String) {
        let directory = CLI.temporaryDirectory("rotate-probe")
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        for key in ["OLDKEY0001", "NEWKEY0001"] {
            #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", team, "--key-id", key]).status == 0)
        }
        let ca = directory.appendingPathComponent("ca.pem").path
        let server = try MockServeProcess(["mock", "serve", "--keystore", keystore, "--port", "0", "--ca-out", ca])
        let port = try server.port()
        return (directory, keystore, server, String(port), ca)
    }

    func activeKey(_ keystore: String) throws -> String? {
        let result = try CLI.run(["key", "list", "--keystore", keystore, "--format", "json"])
        let keys = try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]]
        return keys?.first { $0["state"] as? String == "active" }?["key_id"] as? String
    }

    @Test func rotatesWhenTheCanaryIsAccepted() throws {
        let (directory, keystore, server, port, ca) = try setUp()
        defer { server.kill(); try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "NEWKEY0001",
                                  "--probe", "--host", "127.0.0.1", "--port", port, "--cacert", ca,
                                  "--topic", "com.example.rotate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("canary probe signed by NEWKEY0001: accepted"))
        let json = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "OLDKEY0001",
                                "--probe", "--host", "127.0.0.1", "--port", port, "--cacert", ca,
                                "--topic", "com.example.rotate", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any]
        #expect(object?["rotated"] as? Bool == true)
        #expect((object?["probe"] as? [String: Any])?["status"] as? Int == 400)
        #expect(try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "NEWKEY0001"]).status == 0)
        #expect(try activeKey(keystore) == "NEWKEY0001")
        let audit = try CLI.run(["keystore", "audit", "--keystore", keystore])
        #expect(audit.stdout.contains("canary passed"))
        let log = server.terminate().stdout
        #expect(log.contains("auth=token:NEWKEY0001/\(team)"), "the mock saw no canary signed by the new key: \(log)")
    }

    @Test func changesNothingWhenTheCanaryIsRefused() throws {
        let (directory, keystore, server, port, ca) = try setUp()
        defer { server.kill(); try? FileManager.default.removeItem(at: directory) }
        // A key made after the mock started is not one it trusts: 403 InvalidProviderToken.
        #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", team, "--key-id", "LATEKEY001"]).status == 0)
        let manifest = URL(fileURLWithPath: keystore).appendingPathComponent("keystore.json")
        let before = try Data(contentsOf: manifest)
        let result = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "LATEKEY001",
                                  "--probe", "--host", "127.0.0.1", "--port", port, "--cacert", ca,
                                  "--topic", "com.example.rotate"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("apnsctl: error: rotation to LATEKEY001 refused: the canary probe failed"))
        #expect(result.stderr.contains("InvalidProviderToken"))
        #expect(result.stderr.contains("apnsctl: hint: "))
        #expect(result.stderr.contains("nothing changed: \(team)'s active key is unchanged"))
        #expect(try Data(contentsOf: manifest) == before)
        #expect(try activeKey(keystore) == "OLDKEY0001")
        let audit = try CLI.run(["keystore", "audit", "--keystore", keystore])
        #expect(audit.stdout.contains("refused"))
    }

    /// APNs not reachable is exit 4 (not 1, "refused"), and `--format json` still prints the canary's report.
    @Test func anUnreachableCanaryIsExit4WithItsJSONReport() throws {
        let (directory, keystore, server, port, ca) = try setUp()
        defer { try? FileManager.default.removeItem(at: directory) }
        server.kill()
        let result = try CLI.run(["key", "rotate", "--keystore", keystore, "--team", team, "--to", "NEWKEY0001",
                                  "--probe", "--host", "127.0.0.1", "--port", port, "--cacert", ca,
                                  "--topic", "com.example.rotate", "--timeout", "3", "--format", "json"])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("apnsctl: error: rotation to NEWKEY0001 refused: the canary probe failed"))
        #expect(result.stderr.contains("nothing changed"))
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any],
                                "no JSON on stdout: \(result.stdout)")
        #expect(json["rotated"] as? Bool == false)
        #expect(json["active_key_id"] is NSNull)
        let probe = try #require(json["probe"] as? [String: Any])
        #expect((probe["failure"] as? [String: Any])?["kind"] as? String == "connect")
        #expect(probe["exit_code"] as? Int == 4)
        #expect(try activeKey(keystore) == "OLDKEY0001")
    }

    @Test func probeWithoutATargetIsAUsageError() throws {
        let result = try CLI.run(["key", "rotate", "--team", team, "--to", "NEWKEY0001", "--probe"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--probe needs a target"))
    }
}
