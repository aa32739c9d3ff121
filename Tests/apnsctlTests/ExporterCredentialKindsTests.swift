import Foundation
import Testing
import TestSupport

/// The exporter's canaries with the credentials ExporterPrometheusTests does not send: a client certificate
/// (`cert:` with `password_file:`) and a token agent's file (`token_dir:`), against one `apnsctl mock serve` that
/// trusts both; the values are read from `/metrics`, polling until they hold.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs openssl"), .serialized)
struct ExporterCredentialKindsTests: FleetCLI {
    @Test func aCertificateTargetAndATokenDirectoryTargetAreUp() throws {
        let directory = try ProbeCertificateCommandTests.credentials()
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = try CLI.keystoreWithToken(in: directory)
        let keystore = directory.appendingPathComponent("ks").path
        // The token agent's file for the team and environment: the token and a newline, TEAM-ENV.token.
        let tokens = directory.appendingPathComponent("tokens")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        try Data((token + "\n").utf8).write(to: tokens.appendingPathComponent("TEAM123456-development.token"))
        let password = directory.appendingPathComponent("p12.password")
        try Data("pw\n".utf8).write(to: password)
        let serverCA = directory.appendingPathComponent("server-ca.pem").path
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--env", "development", "--keystore", keystore,
                                         "--client-ca", directory.appendingPathComponent("ca.pem").path,
                                         "--ca-out", serverCA])
        defer { _ = mock.terminate() }
        let mockPort = try mock.port()
        mock.keepReading()

        let config = directory.appendingPathComponent("exporter.yml")
        try Data("""
            token_dir: \(tokens.path)
            targets:
              - name: cert
                host: 127.0.0.1:\(mockPort)
                environment: development
                cacert: \(serverCA)
                cert: \(directory.appendingPathComponent("client.p12").path)
                password_file: \(password.path)
                interval: 1s
              - name: agent-file
                host: 127.0.0.1:\(mockPort)
                environment: development
                cacert: \(serverCA)
                team: TEAM123456
                topic: com.example.app
                interval: 1s

            """.utf8).write(to: config)
        // No keystore: the token target can only have its token from the agent's file.
        let exporter = try RunningProcess(CLI.binary, ["exporter", "--config", config.path, "--listen", "127.0.0.1:0"])
        defer { exporter.terminate() }
        let port = try exporter.exporterPort()
        func metrics() -> String { exporterMetrics(port: port) }
        let labels = { (target: String, credential: String, topic: String) in
            #"target="\#(target)",host="127.0.0.1",port="\#(mockPort)",environment="development",credential="\#(credential)",topic="\#(topic)""#
        }
        // The cert target names no topic: the request carries none and the mock takes the certificate's bundle id,
        // as APNs does; the `topic` label is that bundle id.
        let up = waitUntil(30) {
            let text = metrics()
            return text.contains("apnsctl_probe_success{\(labels("cert", "certificate", "com.example.app"))} 1.0")
                && text.contains("apnsctl_probe_success{\(labels("agent-file", "token", "com.example.app"))} 1.0")
        }
        #expect(up != nil, "not both up: \(metrics()); exporter: \(exporter.stderr)")
        let text = metrics()
        // The answer was the dummy token's BadDeviceToken: TLS, HTTP/2 and each credential were accepted.
        #expect(text.contains(#"apnsctl_probe_answers_total{\#(labels("cert", "certificate", "com.example.app")),status="400",reason="BadDeviceToken"}"#), "\(text)")
        // The agent's file's token is the one sent: its key and iat are exported, never the token.
        #expect(text.contains(#"apnsctl_token_issued_timestamp_seconds{team_id="TEAM123456",key_id="KEY1234567",environment="development"}"#), "\(text)")
        #expect(!text.contains(token))
        #expect(exporter.terminate() == 0, "exporter: \(exporter.stderr)")
    }

    /// `keystore: etcd://…` (a real 3-member cluster): the token target's token comes from the etcd keystore's
    /// shared cache, and the keystore's key is watched (its age), as with a directory keystore.
    @Test func anEtcdKeystoreSignsTheCanaryAndIsWatched() throws {
        try withFleet { _, url, environment in
            let generated = try run(["key", "generate", "--team", "TEAM123456", "--key-id", "KEY1234567"], url, environment)
            try #require(generated.status == 0, "\(generated.stderr)")
            let directory = CLI.temporaryDirectory("exporter-etcd")
            defer { try? FileManager.default.removeItem(at: directory) }
            let serverCA = directory.appendingPathComponent("server-ca.pem").path
            let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--env", "production", "--keystore", url,
                                             "--ca-out", serverCA], environment: environment)
            defer { _ = mock.terminate() }
            let mockPort = try mock.port()
            mock.keepReading()
            let config = directory.appendingPathComponent("exporter.yml")
            try Data("""
                keystore: \(url)
                targets:
                  - name: fleet
                    host: 127.0.0.1:\(mockPort)
                    environment: production
                    cacert: \(serverCA)
                    team: TEAM123456
                    topic: com.example.app
                    interval: 1s

                """.utf8).write(to: config)
            let exporter = try RunningProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                              environment.map { "\($0.key)=\($0.value)" }
                                                + [CLI.binary.path, "exporter", "--config", config.path, "--listen", "127.0.0.1:0"])
            defer { exporter.terminate() }
            let port = try exporter.exporterPort()
            func metrics() -> String { exporterMetrics(port: port) }
            let labels = #"target="fleet",host="127.0.0.1",port="\#(mockPort)",environment="production",credential="token",topic="com.example.app""#
            let up = waitUntil(30) {
                let text = metrics()
                return text.contains("apnsctl_probe_success{\(labels)} 1.0")
                    && text.contains(#"apnsctl_signing_key_age_seconds{"#) && text.contains("apnsctl_token_issued_timestamp_seconds{")
            }
            #expect(up != nil, "not up: \(metrics()); exporter: \(exporter.stderr)")
            let text = metrics()
            #expect(text.contains(#"apnsctl_token_issued_timestamp_seconds{team_id="TEAM123456",key_id="KEY1234567",environment="production"}"#), "\(text)")
            let age = text.split(separator: "\n").first { $0.hasPrefix("apnsctl_signing_key_age_seconds{") }.map(String.init) ?? ""
            #expect(age.contains(#"key_id="KEY1234567""#), "\(age)")
            #expect(exporter.terminate() == 0)
        }
    }
}
