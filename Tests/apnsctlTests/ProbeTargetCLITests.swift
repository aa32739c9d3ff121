import Foundation
import Testing

/// Canary commands against two `apnsctl mock serve`s, one playing each environment: `--target ENV=HOST:PORT`
/// (the same option group in probe, channel, key rotate --probe and key discover), which key signed in every
/// output, and hints that point the right way when the server plays the other environment or `--cacert` holds
/// the wrong CA.
@Suite struct ProbeTargetCLITests {
    static let team = "TARGET0001"
    static let topic = "com.example.app"

    /// A keystore with a sandbox-only and a production-only key, and two mocks (development, production) that
    /// trust its keys, each with a channel management port. Both serve one certificate made by openssl for
    /// 127.0.0.1 (`--tls-cert`), so one `--cacert` file (`bothCAs`) trusts both; `developmentCA` is it too.
    final class Mocks {
        let directory: URL
        let keystore: String
        let development: MockServeProcess
        let production: MockServeProcess
        let developmentPort: Int, productionPort: Int
        let developmentChannels: Int, productionChannels: Int
        let developmentCA: String, bothCAs: String

        init(_ label: String) throws {
            directory = CLI.temporaryDirectory(label)
            keystore = directory.appendingPathComponent("ks").path
            #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
            for (key, env) in [("SBXKEY0001", "development"), ("PRDKEY0001", "production")] {
                let made = try CLI.run(["key", "generate", "--keystore", keystore, "--team", ProbeTargetCLITests.team,
                                        "--key-id", key, "--env", env])
                #expect(made.status == 0, "\(made.stderr)")
            }
            let (certificate, key) = try LoopbackCertificate.make(in: directory)
            developmentCA = certificate
            bothCAs = certificate
            developmentChannels = try SilentListener.freePort()
            var other = try SilentListener.freePort()
            while other == developmentChannels { other = try SilentListener.freePort() }
            productionChannels = other
            let tls = ["--tls-cert", certificate, "--tls-key", key, "--keystore", keystore, "--port", "0"]
            development = try MockServeProcess(["mock", "serve", "--env", "development",
                                                "--channels-port", String(developmentChannels)] + tls)
            developmentPort = try development.port()
            production = try MockServeProcess(["mock", "serve", "--env", "production",
                                               "--channels-port", String(productionChannels)] + tls)
            productionPort = try production.port()
        }

        /// `--target` for both mocks, with the CA file that trusts both.
        var targets: [String] {
            ["--target", "development=127.0.0.1:\(developmentPort)", "--target", "production=127.0.0.1:\(productionPort)",
             "--cacert", bothCAs]
        }

        func run(_ arguments: [String]) throws -> CLI.Result {
            try CLI.run(arguments + ["--keystore", keystore])
        }

        deinit {
            development.kill()
            production.kill()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    static func json(_ result: CLI.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result.stdout)")
    }

    /// `--target` picks each environment's server; every report says which key signed and its recorded scope.
    @Test func probeGoesToTheTargetOfItsEnvironmentAndNamesTheSigningKey() throws {
        let mocks = try Mocks("probe-targets")
        for (env, key) in [("development", "SBXKEY0001"), ("production", "PRDKEY0001")] {
            let result = try mocks.run(["probe", "--env", env, "--team", Self.team, "--topic", Self.topic, "--format",
                                        "json"] + mocks.targets)
            #expect(result.status == 0, "\(env): \(result.stdout) \(result.stderr)")
            let report = try Self.json(result)
            #expect(report["environment"] as? String == env)
            #expect(report["key_id"] as? String == key)
            #expect(report["team_id"] as? String == Self.team)
            #expect(report["environments"] as? [String] == [env])
            #expect(report["topics"] is NSNull)
            #expect(report["port"] as? Int == (env == "development" ? mocks.developmentPort : mocks.productionPort))
        }
        let text = try mocks.run(["probe", "--env", "production", "--team", Self.team, "--topic", Self.topic]
                                 + mocks.targets)
        #expect(text.stdout.contains("signing key    PRDKEY0001, team \(Self.team), recorded as production, team-scoped"),
                "\(text.stdout)")
        // The Prometheus label is the environment the server plays, as in JSON.
        let metrics = try mocks.run(["probe", "--env", "production", "--team", Self.team, "--topic", Self.topic,
                                     "--format", "prometheus"] + mocks.targets)
        #expect(metrics.stdout.contains(
            "apnsctl_probe_success{host=\"127.0.0.1\",port=\"\(mocks.productionPort)\",environment=\"production\"} 1"),
                "\(metrics.stdout)")
    }

    @Test func targetUsageErrors() throws {
        let mocks = try Mocks("probe-target-usage")
        let both = try mocks.run(["probe", "--team", Self.team, "--topic", Self.topic] + mocks.targets)
        #expect(both.status == 2, "\(both.stderr)")
        #expect(both.stderr.contains("say which one with --env"), "\(both.stderr)")
        let missing = try mocks.run(["probe", "--env", "production", "--team", Self.team, "--topic", Self.topic,
                                     "--target", "development=127.0.0.1:\(mocks.developmentPort)"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no --target for production"), "\(missing.stderr)")
        let withHost = try mocks.run(["probe", "--host", "127.0.0.1", "--team", Self.team, "--topic", Self.topic,
                                      "--target", "development=127.0.0.1:1"])
        #expect(withHost.status == 2, "\(withHost.stderr)")
        let garbage = try mocks.run(["probe", "--team", Self.team, "--target", "staging=127.0.0.1:1"])
        #expect(garbage.status == 2, "\(garbage.stderr)")
        #expect(garbage.stderr.contains("'staging' is not an environment: development or production"), "\(garbage.stderr)")
        let noPort = try mocks.run(["probe", "--team", Self.team, "--target", "production=127.0.0.1"])
        #expect(noPort.status == 2, "\(noPort.stderr)")
        #expect(noPort.stderr.contains("'127.0.0.1' is not HOST:PORT"), "\(noPort.stderr)")
        let twice = try mocks.run(["probe", "--team", Self.team, "--target", "development=a:1",
                                   "--target", "development=b:2"])
        #expect(twice.status == 2, "\(twice.stderr)")
    }

    /// A production-only key sent to a server that plays the sandbox while the request says production: the key's
    /// recorded scope matches the request, so the server plays the other environment; never "the key was made for
    /// the sandbox" nor "the recorded scope is wrong".
    @Test func aServerPlayingTheOtherEnvironmentIsNamedAsSuchByProbeAndChannel() throws {
        let mocks = try Mocks("probe-other-env")
        let probe = try mocks.run(["probe", "--env", "production", "--host", "127.0.0.1", "--port",
                                   String(mocks.developmentPort), "--cacert", mocks.developmentCA, "--team", Self.team,
                                   "--topic", Self.topic])
        #expect(probe.status == 1, "\(probe.stdout) \(probe.stderr)")
        #expect(probe.stdout.contains("plays the sandbox, not production"), "\(probe.stdout)")
        #expect(probe.stdout.contains("recorded as production-only"), "\(probe.stdout)")
        #expect(!probe.stdout.contains("the recorded scope is wrong"), "\(probe.stdout)")
        let channel = try mocks.run(["channel", "create", "--env", "production", "--topic", Self.topic, "--team",
                                     Self.team, "--target", "production=127.0.0.1:\(mocks.developmentChannels)",
                                     "--cacert", mocks.developmentCA])
        #expect(channel.status == 1, "\(channel.stdout) \(channel.stderr)")
        #expect(channel.stderr.contains("plays the sandbox, not production"), "\(channel.stderr)")
        #expect(!channel.stderr.contains("made for the sandbox, not production"), "\(channel.stderr)")
        #expect(channel.stderr.contains("signing key: PRDKEY0001, team \(Self.team), recorded as production"),
                "\(channel.stderr)")
    }

    /// `--cacert` holding another CA (another mock's, or one made by openssl): the error says so, not an OpenSSL
    /// code, and the hint is not about Apple's root.
    @Test func aCACertThatDidNotSignTheServersCertificateIsNamed() throws {
        let directory = CLI.temporaryDirectory("probe-wrong-ca")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", Self.team, "--key-id", "SBXKEY0001",
                             "--env", "development"]).status == 0)
        let ca = directory.appendingPathComponent("ca.pem").path
        let server = try MockServeProcess(["mock", "serve", "--keystore", keystore, "--port", "0", "--ca-out", ca])
        defer { server.kill() }
        let port = try server.port()
        // Another mock's CA (same name, another key: OpenSSL's "EVP lib"), and a CA made by openssl.
        let otherMock = directory.appendingPathComponent("other-mock-ca.pem").path
        let other = try MockServeProcess(["mock", "serve", "--port", "0", "--ca-out", otherMock])
        _ = try other.port()
        other.kill()
        let openssl = directory.appendingPathComponent("openssl-ca.pem").path
        let made = try CLI.tool("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1",
            "-subj", "/CN=Some Other CA", "-keyout", directory.appendingPathComponent("other.key").path,
            "-out", openssl])
        #expect(made.status == 0)
        for wrong in [otherMock, openssl] {
            let result = try CLI.run(["probe", "--env", "development", "--host", "127.0.0.1", "--port", String(port),
                                      "--cacert", wrong, "--team", Self.team, "--topic", Self.topic,
                                      "--keystore", keystore])
            #expect(result.status == 4, "\(result.stdout) \(result.stderr)")
            #expect(result.stdout.contains("the server's certificate is not signed by any CA in \(wrong)"),
                    "\(result.stdout)")
            #expect(!result.stdout.contains("USERTrust"), "\(result.stdout)")
        }
        let right = try CLI.run(["probe", "--env", "development", "--host", "127.0.0.1", "--port", String(port),
                                 "--cacert", ca, "--team", Self.team, "--topic", Self.topic, "--keystore", keystore])
        #expect(right.status == 0, "\(right.stdout)")
    }

    /// The channel verbs say what they did: the id inspected, the storage created with, and the signing key.
    @Test func channelResultsCarryTheirIDStorageAndSigningKey() throws {
        let mocks = try Mocks("channel-fields")
        let target = ["--env", "development", "--topic", Self.topic, "--team", Self.team] + mocks.targets
            .map { $0.replacingOccurrences(of: ":\(mocks.developmentPort)", with: ":\(mocks.developmentChannels)")
                .replacingOccurrences(of: ":\(mocks.productionPort)", with: ":\(mocks.productionChannels)") }
        for storage in ["most-recent", "none"] {
            let created = try mocks.run(["channel", "create", "--storage", storage, "--format", "json"] + target)
            #expect(created.status == 0, "\(created.stderr)")
            let object = try Self.json(created)
            #expect(object["storage"] as? String == storage, "\(object)")
            #expect(object["key_id"] as? String == "SBXKEY0001")
            #expect(object["environments"] as? [String] == ["development"])
            let id = try #require(object["channel_id"] as? String)
            let inspected = try Self.json(try mocks.run(["channel", "inspect", id, "--format", "json"] + target))
            #expect(inspected["channel_id"] as? String == id, "\(inspected)")
            #expect(inspected["storage"] as? String == storage)
            let text = try mocks.run(["channel", "inspect", id] + target)
            #expect(text.stdout.contains("channel: \(id)"))
            #expect(text.stdout.contains("signing key: SBXKEY0001, team \(Self.team), recorded as development"),
                    "\(text.stdout)")
            let deleted = try Self.json(try mocks.run(["channel", "delete", id, "--format", "json"] + target))
            #expect(deleted["channel_id"] as? String == id)
        }
        let plain = try mocks.run(["channel", "create"] + target)
        #expect(plain.stdout.split(separator: "\n").count == 1, "stdout is the id alone: \(plain.stdout)")
        #expect(plain.stderr.contains("signing key: SBXKEY0001"), "\(plain.stderr)")
    }

    /// `key discover` asks each environment's `--target` and records what they answer.
    @Test func keyDiscoverAsksEachTargetAndNamesTheKey() throws {
        let mocks = try Mocks("discover-targets")
        let result = try mocks.run(["key", "discover", "PRDKEY0001", "--topic", Self.topic, "--dry-run",
                                    "--format", "json"] + mocks.targets)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        let object = try Self.json(result)
        let answers = try #require(object["answers"] as? [[String: Any]])
        #expect(answers.map { $0["environment"] as? String } == ["development", "production"])
        #expect(answers.map { $0["outcome"] as? String } == ["refused_environment", "accepted"], "\(answers)")
        for answer in answers {
            let probe = try #require(answer["probe"] as? [String: Any])
            #expect(probe["key_id"] as? String == "PRDKEY0001")
            #expect(probe["environments"] as? [String] == ["production"])
        }
        let text = try mocks.run(["key", "discover", "PRDKEY0001", "--topic", Self.topic, "--dry-run"] + mocks.targets)
        #expect(text.stdout.contains("signing key: PRDKEY0001, team \(Self.team), recorded as production, team-scoped"),
                "\(text.stdout)")
        #expect(mocks.development.terminate().stdout.contains("PRDKEY0001"))
    }
}

/// docs/probe.md and the code agree on the `environment` label (JSON and Prometheus): the environment the server
/// plays, `custom` only when nobody named one.
@Suite struct ProbeEnvironmentLabelDocsTests {
    @Test func probeDocsSayCustomOnlyForAHostWithoutEnv() throws {
        let text = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("docs/probe.md"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(!text.contains("(`custom` for another server)"), "probe.md still says every other server is custom")
        #expect(text.contains("`custom` only for `--host` without `--env`"))
        #expect(text.contains("null only for `--host` without `--env`"))
    }
}
