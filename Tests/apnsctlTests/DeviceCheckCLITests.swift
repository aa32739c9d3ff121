import Foundation
import Testing

/// `apnsctl device check` against two `apnsctl mock serve`s, one playing each environment with its own devices:
/// tokens of each kind classified right, at most one delivery per token in the mocks' logs, a classified token
/// then delivered by curl to the mock of its environment, a key for one environment only (inconclusive), an
/// unreachable server (exit 4), a token file with malformed lines, and a dry run that sends nothing.
@Suite struct DeviceCheckCLITests {
    static let team = "DEVCLI0001"
    static let topic = "com.example.app"
    static func token(_ byte: String) -> String { String(repeating: byte, count: 32) }
    static let dev = token("de"), prod = token("ab"), gone = token("cd"), other = token("ef"), bad = token("12")
    /// The apns-id curl sends, so its delivery is told apart from apnsctl's in the logs.
    static let curlID = "00000000-0000-4000-8000-0000000000c1"

    /// A keystore with a key for both environments (and a production-only one), and two mocks that trust it.
    final class Mocks {
        let directory: URL
        let keystore: String
        let certificate: String
        let development: MockServeProcess
        let production: MockServeProcess
        let developmentPort: Int, productionPort: Int

        init(_ label: String) throws {
            directory = CLI.temporaryDirectory(label)
            keystore = directory.appendingPathComponent("ks").path
            #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
            for (key, env) in [("BOTHKEY001", "both"), ("PRDONLY001", "production"), ("SBXONLY001", "development")] {
                var arguments = ["key", "generate", "--keystore", keystore, "--team", DeviceCheckCLITests.team,
                                 "--key-id", key]
                if env != "both" { arguments += ["--env", env] }
                let made = try CLI.run(arguments)
                #expect(made.status == 0, "\(made.stderr)")
            }
            let key: String
            (certificate, key) = try LoopbackCertificate.make(in: directory)
            let tls = ["--tls-cert", certificate, "--tls-key", key, "--keystore", keystore, "--port", "0"]
            let topic = DeviceCheckCLITests.topic
            development = try MockServeProcess(["mock", "serve", "--env", "development",
                                                "--device", "\(DeviceCheckCLITests.dev)=\(topic)",
                                                "--device", "\(DeviceCheckCLITests.other)=com.other.app",
                                                "--unregistered", DeviceCheckCLITests.gone] + tls)
            developmentPort = try development.port()
            development.keepReading()
            production = try MockServeProcess(["mock", "serve", "--env", "production",
                                               "--device", "\(DeviceCheckCLITests.prod)=\(topic)"] + tls)
            productionPort = try production.port()
            production.keepReading()
        }

        var targets: [String] {
            ["--target", "development=127.0.0.1:\(developmentPort)", "--target", "production=127.0.0.1:\(productionPort)",
             "--cacert", certificate, "--topic", DeviceCheckCLITests.topic]
        }

        func run(_ arguments: [String], stdin: Data? = nil) throws -> CLI.Result {
            try CLI.run(["device", "check"] + arguments + targets + ["--keystore", keystore], stdin: stdin)
        }

        /// A provider token file signed by the keystore's `keyID` for `environment`, as a token agent writes one.
        func tokenFile(keyID: String, environment: String) throws -> URL {
            let jwt = try CLI.run(["token", "--keystore", keystore, "--team", DeviceCheckCLITests.team, "--key-id", keyID,
                                   "--env", environment])
            try #require(jwt.status == 0, "\(jwt.stderr)")
            let file = directory.appendingPathComponent("\(keyID).jwt")
            try Data(jwt.stdout.utf8).write(to: file)
            return file
        }

        /// Stops both mocks: their logs (development, production).
        func logs() -> (development: String, production: String) {
            (development.terminate().stdout, production.terminate().stdout)
        }

        deinit {
            development.kill()
            production.kill()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// The results of `--format json` with tokens as arguments.
    static func objects(_ result: CLI.Result) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any],
                                    "\(result.stdout)")
        return try #require(document["results"] as? [[String: Any]], "\(result.stdout)")
    }

    static func lines(_ result: CLI.Result) throws -> [[String: Any]] {
        try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
        }
    }

    @Test func tokensOfEachKindAreClassifiedAndCurlDeliversToTheirEnvironment() throws {
        let mocks = try Mocks("device-kinds")
        let result = try mocks.run([Self.dev, Self.prod, Self.gone, Self.other, Self.bad, "--team", Self.team,
                                    "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("A valid token receives at most one silent background notification"))
        let objects = try Self.objects(result)
        #expect(objects.map { $0["verdict"] as? String } == ["development", "production", "unregistered", "other_app",
                                                             "invalid"])
        #expect(objects.map { $0["environments_tried"] as? [String] } == [
            ["production", "development"], ["production"], ["production", "development"],
            ["production", "development"], ["production", "development"]])
        #expect(objects.allSatisfy { $0["key_id"] as? String == "BOTHKEY001" })
        #expect(objects[2]["unregistered_at"] is String)
        // The text table says the same, after the notice.
        let text = try mocks.run([Self.dev, Self.prod, "--team", Self.team])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("A valid token receives at most one silent background notification"))
        #expect(text.stdout.contains("dededede…dede  development"), "\(text.stdout)")
        // An independent client delivers each classified token to the mock of its environment.
        let jwt = try CLI.run(["token", "--keystore", mocks.keystore, "--team", Self.team]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        for (token, port) in [(Self.dev, mocks.developmentPort), (Self.prod, mocks.productionPort)] {
            let sent = try MockTool.curl(["-X", "POST", "-H", "authorization: bearer \(jwt)",
                                          "-H", "apns-topic: \(Self.topic)", "-H", "apns-push-type: background",
                                          "-H", "apns-priority: 5", "-H", "apns-id: \(Self.curlID)",
                                          "--data", #"{"aps":{"content-available":1}}"#,
                                          "https://127.0.0.1:\(port)/3/device/\(token)"], ca: mocks.certificate)
            #expect(sent.status == 200 && sent.version == "2", "\(token): \(sent.status) \(sent.body)")
        }
        // apnsctl's canaries: each token at most once per run in each mock, delivered (200) at most once per run.
        let logs = mocks.logs()
        for token in [Self.dev, Self.prod, Self.gone, Self.other, Self.bad] {
            let ours = (logs.development + logs.production).split(separator: "\n")
                .filter { $0.contains("/3/device/\(token)") && !$0.contains(Self.curlID) }
            #expect(ours.filter { $0.contains("-> 200") }.count <= 2, "\(token): two runs, at most one delivery each")
            #expect(ours.allSatisfy { $0.contains("push-type=background") })
        }
        #expect(!logs.development.contains("/3/device/\(Self.prod)"), "a production token never reached the sandbox")
    }

    /// A key for production only, as a ready token: the sandbox refuses the credential, which is not the token's
    /// fault; the sandbox is then skipped with one warning and the tokens are classified in production (exit 1 for
    /// the token production refuses, not_in_production).
    @Test func aKeyForOneEnvironmentSkipsTheOtherWithOneWarning() throws {
        let mocks = try Mocks("device-one-env")
        let file = try mocks.tokenFile(keyID: "PRDONLY001", environment: "production")
        let result = try mocks.run([Self.dev, Self.prod, Self.other, "--token-file", file.path, "--format", "json",
                                    "--concurrency", "1"])
        #expect(result.status == 1, "\(result.stderr)")
        let objects = try Self.objects(result)
        #expect(objects.map { $0["verdict"] as? String } == ["not_in_production", "production", "not_in_production"])
        let canaries = try #require(objects[0]["canaries"] as? [[String: Any]])
        #expect(canaries.map { $0["reason"] as? String } == ["BadDeviceToken", "BadEnvironmentKeyInToken"])
        let warnings = result.stderr.components(separatedBy: "apnsctl: warning: ").count - 1
        #expect(warnings == 1, "\(result.stderr)")
        #expect(result.stderr.contains("development is not asked in this run"), "\(result.stderr)")
        #expect(result.stderr.contains("Pass --env production to say so up front"), "\(result.stderr)")
        // Restricted to the environment that refuses the key: nothing is left to ask, and the hint says no --env.
        let alone = try mocks.run([Self.dev, Self.prod, "--token-file", file.path, "--env", "development"])
        #expect(alone.status == 1, "\(alone.stderr)")
        #expect(alone.stderr.contains("no environment is left to ask"), "\(alone.stderr)")
        #expect(!alone.stderr.contains("--env production"), "\(alone.stderr)")
        #expect(alone.stdout.components(separatedBy: "inconclusive").count - 1 == 2, "\(alone.stdout)")
    }

    /// The other way round: a sandbox-only key's token. Production refuses the credential, production is skipped
    /// with one warning, and the tokens are classified in the sandbox: the development token is development, the
    /// production one not_in_development (never an all-inconclusive run).
    @Test func aSandboxOnlyKeySkipsProductionWithOneWarning() throws {
        let mocks = try Mocks("device-sandbox-only")
        let file = try mocks.tokenFile(keyID: "SBXONLY001", environment: "development")
        let result = try mocks.run([Self.dev, Self.prod, "--token-file", file.path, "--format", "json",
                                    "--concurrency", "1"])
        #expect(result.status == 1, "\(result.stderr)")
        let objects = try Self.objects(result)
        #expect(objects.map { $0["verdict"] as? String } == ["development", "not_in_development"], "\(result.stdout)")
        let warnings = result.stderr.components(separatedBy: "apnsctl: warning: ").count - 1
        #expect(warnings == 1, "\(result.stderr)")
        #expect(result.stderr.contains("production is not asked in this run"), "\(result.stderr)")
        #expect(result.stderr.contains("Pass --env development to say so up front"), "\(result.stderr)")
    }

    @Test func anUnreachableServerExitsFour() throws {
        let mocks = try Mocks("device-unreachable")
        let closed = try SilentListener.freePort()
        let result = try CLI.run(["device", "check", Self.dev, "--team", Self.team, "--keystore", mocks.keystore,
                                  "--topic", Self.topic, "--cacert", mocks.certificate,
                                  "--target", "production=127.0.0.1:\(closed)",
                                  "--target", "development=127.0.0.1:\(mocks.developmentPort)"])
        #expect(result.status == 4, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("inconclusive"), "\(result.stdout)")
        #expect(result.stdout.contains("no answer from the production server"), "\(result.stdout)")
    }

    @Test func aTokenFileWithMalformedLinesGivesJSONLinesAndASummary() throws {
        let mocks = try Mocks("device-file")
        let file = mocks.directory.appendingPathComponent("tokens.txt")
        let text = "# exported from the database\n\(Self.dev)\n\nnot-a-token\n\(Self.prod)\n\(Self.gone)\nabc\n"
        try Data(text.utf8).write(to: file)
        for (source, stdin, name) in [(file.path, nil as Data?, file.path), ("-", Data(text.utf8), "stdin")] {
            let result = try mocks.run(["--tokens", source, "--team", Self.team], stdin: stdin)
            #expect(result.status == 1, "\(result.stderr)")
            let lines = try Self.lines(result)
            #expect(Set(lines.compactMap { $0["device_token"] as? String }) == [Self.dev, Self.prod, Self.gone])
            #expect(Set(lines.compactMap { $0["line"] as? Int }) == [2, 5, 6])
            #expect(result.stderr.contains("apnsctl: warning: \(name):4: 'not-a-token': not hexadecimal; line skipped"),
                    "\(result.stderr)")
            #expect(result.stderr.contains("\(name):7: 'abc'"), "\(result.stderr)")
            #expect(result.stderr.contains("summary: 3 token(s) in "), "\(result.stderr)")
            #expect(result.stderr.contains("development 1, production 1, unregistered 1, other_app 0, invalid 0, "
                                           + "not_in_development 0, not_in_production 0, inconclusive 0; "
                                           + "2 malformed line(s) skipped"), "\(result.stderr)")
            #expect(!result.stderr.contains("classified"), "no progress when stderr is not a terminal")
        }
    }

    @Test func aDryRunSendsNothingAndBadTokensAreBadInput() throws {
        let mocks = try Mocks("device-dry")
        let dry = try mocks.run([Self.dev, "--team", Self.team, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("dry run: nothing sent"), "\(dry.stdout)")
        #expect(dry.stdout.contains("apns-push-type: background\n  apns-priority: 5\n  apns-expiration: 0\n"
                                    + #"  {"aps":{"content-available":1}}"#), "\(dry.stdout)")
        #expect(dry.stdout.contains("production: POST https://127.0.0.1:\(mocks.productionPort)/3/device/TOKEN (first"))
        let bad = try mocks.run(["zz-not-hex", "--team", Self.team])
        #expect(bad.status == 3, "\(bad.stderr)")
        #expect(bad.stderr.contains("apnsctl: error: device token 'zz-not-hex': not hexadecimal"), "\(bad.stderr)")
        #expect(bad.stderr.contains("apnsctl: hint: "))
        let none = try CLI.run(["device", "check", Self.dev, "--topic", Self.topic])
        #expect(none.status == 2, "\(none.stderr)")
        #expect(none.stderr.contains("apnsctl: error: device check needs a credential"), "\(none.stderr)")
        let logs = mocks.logs()
        #expect(!(logs.development + logs.production).contains("/3/device/"), "a dry run sent something")
    }
}
