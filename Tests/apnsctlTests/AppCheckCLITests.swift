import Foundation
import Testing

/// `apnsctl app check` as a user runs it: the matrix in text and JSON, exit 1 for a row that fails, and `--probe`
/// against two `mock serve`s (one per environment, each with a device of its own).
@Suite struct AppCheckCLITests {
    static let team = "APPTEAM001"
    static let bundle = "com.example.app"
    static let sandboxDevice = String(repeating: "d1", count: 32)
    static let productionDevice = String(repeating: "e2", count: 32)

    @Test func theUniversalCertificateIsReadyInBothEnvironments() throws {
        let result = try CLI.run(["app", "check", "com.example.universal", "--cert", CertCLI.path("universal.pem"),
                                  "--keystore", CLI.temporaryDirectory("app-none").appendingPathComponent("ks").path])
        // An explicit --keystore that does not exist is an error; without one, certificates alone are judged.
        #expect(result.status != 0)
        let alone = try CLI.run(["app", "check", "com.example.universal", "--cert", CertCLI.path("universal.pem"),
                                 "--ca", CertCLI.path("ca.pem")],
                                environment: ["XDG_DATA_HOME": CLI.temporaryDirectory("app-xdg").path])
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stdout.hasPrefix("app com.example.universal, team TEAM123456: ready"), "\(alone.stdout)")
        let lines = alone.stdout.split(separator: "\n")
        for type in ["alert", "voip", "complication"] {
            #expect(lines.contains { $0.hasPrefix("production ") && $0.contains(" \(type) ") && $0.hasSuffix("ready") },
                    "\(alone.stdout)")
        }
    }

    @Test func aDevelopmentOnlyProfileFailsProductionWithExit1() throws {
        let keystore = try KeystoreCLI.fresh()
        // The profile's team (TEAM123456) is the app's: its keys are the ones that may sign.
        try KeystoreCLI.ok(["key", "generate", "--team", "TEAM123456", "--key-id", "APPKEY0001", "--env", "both"], keystore)
        let result = try KeystoreCLI.run(["app", "check", "com.example.dev", "--profile",
                                          ProfileCLI.path("development.mobileprovision")] + ProfileCLI.ca, keystore)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("not ready"))
        #expect(result.stdout.contains("production alert: the profile is development-only: no aps-environment production"),
                "\(result.stdout)")
        let json = try #require(try KeystoreCLI.json(try KeystoreCLI.run(
            ["app", "check", "com.example.dev", "--profile", ProfileCLI.path("development.mobileprovision"),
             "--format", "json"] + ProfileCLI.ca, keystore)) as? [String: Any])
        #expect(json["passed"] as? Bool == false)
        #expect(json["exit_code"] as? Int == 1)
        let rows = json["rows"] as? [[String: Any]] ?? []
        #expect(rows.map { $0["verdict"] as? String } == ["ready", "not_ready"])
        #expect((rows.first?["key"] as? [String: Any])?["key_id"] as? String == "APPKEY0001")
    }

    @Test func badInputIsOneErrorAndAHint() throws {
        let token = try CLI.run(["app", "check", Self.bundle, "--device-token", "xyz"],
                                environment: ["XDG_DATA_HOME": CLI.temporaryDirectory("app-xdg").path])
        #expect(KeystoreCLI.failed(token, 3, "not hex"), "\(token.stderr)")
        #expect(token.stderr.contains("apnsctl: hint: "))
        let bundle = try CLI.run(["app", "check", "com..x"])
        #expect(KeystoreCLI.failed(bundle, 3, "bundle id \"com..x\""), "\(bundle.stderr)")
        let probeOnly = try CLI.run(["app", "check", Self.bundle, "--target", "development=127.0.0.1:1"])
        #expect(probeOnly.status == 2, "\(probeOnly.stderr)")
    }

    /// A sandbox-only and a production-only key; a mock per environment with one device each. Every row is
    /// confirmed through its key, and each device token is placed in its environment.
    @Test func probeConfirmsEveryRowAndPlacesEachDeviceToken() throws {
        let directory = CLI.temporaryDirectory("app-probe")
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        for (key, env) in [("SBXKEY0001", "development"), ("PRDKEY0001", "production")] {
            try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", key, "--env", env], keystore)
        }
        let (certificate, key) = try LoopbackCertificate.make(in: directory)
        let tls = ["--tls-cert", certificate, "--tls-key", key, "--keystore", keystore, "--port", "0"]
        let development = try MockServeProcess(["mock", "serve", "--env", "development",
                                                "--device", "\(Self.sandboxDevice)=\(Self.bundle)"] + tls)
        defer { development.kill() }
        let production = try MockServeProcess(["mock", "serve", "--env", "production",
                                               "--device", "\(Self.productionDevice)=\(Self.bundle)"] + tls)
        defer { production.kill() }
        let arguments = ["app", "check", Self.bundle, "--team", Self.team, "--probe", "--push-type", "voip",
                         "--device-token", Self.sandboxDevice, "--device-token", Self.productionDevice,
                         "--target", "development=127.0.0.1:\(try development.port())",
                         "--target", "production=127.0.0.1:\(try production.port())", "--cacert", certificate,
                         "--keystore", keystore]
        let result = try CLI.run(arguments + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        var check = JSONSchemaCheck()
        check.add("app-check", "app check --probe", result)
        let problems = try check.problems()
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(json["probed"] as? Bool == true)
        let rows = json["rows"] as? [[String: Any]] ?? []
        #expect(rows.count == 4)
        for row in rows {
            let environment = row["environment"] as? String
            #expect((row["probe"] as? [String: Any])?["confirmed"] as? Bool == true, "\(row)")
            #expect((row["key"] as? [String: Any])?["key_id"] as? String
                    == (environment == "development" ? "SBXKEY0001" : "PRDKEY0001"))
            let tokens = (row["device_tokens"] as? [[String: Any]] ?? []).map { $0["verdict"] as? String }
            // The device-token judge's verdicts, the same in every row (device check's words).
            #expect(tokens == ["development", "production"], "\(row)")
        }
        let text = try CLI.run(arguments)
        #expect(text.status == 0)
        #expect(text.stdout.contains("ready (confirmed with canaries)"), "\(text.stdout)")
        #expect(text.stdout.contains("1 development, 1 production"), "\(text.stdout)")
        // Without the production key, production's rows fail and are not probed.
        try KeystoreCLI.ok(["key", "revoke", "PRDKEY0001", "--force"], keystore)
        let broken = try CLI.run(arguments)
        #expect(broken.status == 1, "\(broken.stderr)")
        #expect(broken.stdout.contains("production voip: no key covers production for .voip"), "\(broken.stdout)")
    }
}

/// `--probe` through a certificate: an APNs-style sandbox client certificate (with its key) against
/// `mock serve --client-ca`; the production row has no credential and is not probed.
@Suite struct AppCheckCertificateProbeTests {
    @Test func aSandboxCertificateIsConfirmedInDevelopmentOnly() throws {
        let directory = try ProbeCertificateCommandTests.credentials()
        let serverCA = directory.appendingPathComponent("server-ca.pem").path
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--client-ca",
                                         directory.appendingPathComponent("ca.pem").path, "--ca-out", serverCA])
        defer { mock.kill() }
        let result = try CLI.run(["app", "check", "com.example.app", "--cert",
                                  directory.appendingPathComponent("client-with-key.pem").path, "--probe",
                                  "--ca", directory.appendingPathComponent("ca.pem").path,
                                  "--target", "development=127.0.0.1:\(try mock.port())", "--cacert", serverCA,
                                  "--min-days", "0", "--format", "json"],   // the test certificate lasts 2 days
                                 environment: ["XDG_DATA_HOME": CLI.temporaryDirectory("app-cert-xdg").path])
        #expect(result.status == 1, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let rows = json["rows"] as? [[String: Any]] ?? []
        let development = try #require(rows.first { $0["environment"] as? String == "development" })
        #expect(development["verdict"] as? String == "ready", "\(development)")
        #expect((development["probe"] as? [String: Any])?["reason"] as? String == "BadDeviceToken")
        #expect((development["certificate"] as? [String: Any])?["purpose"] as? String == "app_push")
        let production = try #require(rows.first { $0["environment"] as? String == "production" })
        #expect(production["probe"] is NSNull)
        #expect((production["reason"] as? String)?.hasPrefix("no credential") == true, "\(production)")
    }
}

/// `app check` asks the verbs' own judges (issue 40 items 2, 3, 7): a part `cert verify`, `profile verify` or
/// `device check` refuses is never `ready`, a team mismatch is named, an unreachable server is exit 4.
@Suite struct AppCheckJudgesCLITests {
    static let xdg = ["XDG_DATA_HOME": CLI.temporaryDirectory("app-judges-xdg").path]

    static func json(_ result: CLI.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result.stdout)")
    }

    /// Item 2: a key of team ZZZ1234567 for profiles of team TEAM123456.
    @Test func anotherTeamsKeyForTheProfilesIsNamedAndNotReady() throws {
        let keystore = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "ZZZ1234567", "--key-id", "ZZZKEY0001", "--env", "both"], keystore)
        let arguments = ["app", "check", "com.example.dev", "--team", "ZZZ1234567", "--env", "development",
                         "--profile", ProfileCLI.path("development.mobileprovision")] + ProfileCLI.ca
        let result = try KeystoreCLI.run(arguments, keystore)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("the profiles are team TEAM123456's; key ZZZKEY0001 is team ZZZ1234567's"),
                "\(result.stdout)")
        let json = try Self.json(try KeystoreCLI.run(arguments + ["--format", "json"], keystore))
        let row = try #require((json["rows"] as? [[String: Any]])?.first)
        #expect((row["profile"] as? [String: Any])?["team_id"] as? String == "TEAM123456", "\(row)")
        #expect((row["key"] as? [String: Any])?["team_id"] as? String == "ZZZ1234567")
        #expect(row["verdict"] as? String == "not_ready")
    }

    /// Item 3: a certificate with another key, one that does not chain to Apple or a `--ca`, a tampered and an
    /// unsigned profile: `cert verify` and `profile verify` refuse each, and so does `app check`.
    @Test func partsTheirVerbsRefuseAreNotReady() throws {
        let mismatched = try CLI.run(["app", "check", "com.example.dev", "--cert", CertCLI.path("wrong-key-pair.pem"),
                                      "--ca", CertCLI.path("ca.pem"), "--env", "development"], environment: Self.xdg)
        #expect(mismatched.status == 1, "\(mismatched.stdout)")
        #expect(mismatched.stdout.contains("fails its private_key check"), "\(mismatched.stdout)")
        let unchained = try CLI.run(["app", "check", "com.example.universal", "--cert", CertCLI.path("universal.pem")],
                                    environment: Self.xdg)
        #expect(unchained.status == 1, "\(unchained.stdout)")
        #expect(unchained.stdout.contains("fails its chain check"), "\(unchained.stdout)")
        let keystore = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "TEAM123456", "--key-id", "APPKEY0001", "--env", "both"], keystore)
        for profile in ["tampered.mobileprovision", "unsigned.mobileprovision"] {
            let result = try KeystoreCLI.run(["app", "check", "com.example.dev", "--env", "development", "--profile",
                                              ProfileCLI.path(profile)] + ProfileCLI.ca, keystore)
            #expect(result.status == 1, "\(profile): \(result.stdout)")
            #expect(result.stdout.contains("fails its signature check"), "\(profile): \(result.stdout)")
        }
    }

    /// The certificates `cert import` keeps are weighed by the same judge: not ready until their CA is trusted.
    @Test func keystoreCertificatesAreJudged() throws {
        let keystore = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["cert", "import", CertCLI.path("dev-bundle.pem"), "--ca", CertCLI.path("ca.pem")], keystore)
        let untrusted = try KeystoreCLI.run(["app", "check", "com.example.dev", "--env", "development"], keystore)
        #expect(untrusted.status == 1, "\(untrusted.stdout)")
        #expect(untrusted.stdout.contains("the keystore certificate "), "\(untrusted.stdout)")
        #expect(untrusted.stdout.contains("fails its chain check"), "\(untrusted.stdout)")
        let trusted = try KeystoreCLI.run(["app", "check", "com.example.dev", "--env", "development", "--ca",
                                           CertCLI.path("ca.pem"), "--min-days", "0"], keystore)
        #expect(trusted.status == 0, "\(trusted.stdout)")
        #expect(trusted.stdout.contains("keystore certificate "), "\(trusted.stdout)")
    }

    /// "-2161 days left" was the words for an expired profile.
    @Test func anExpiredProfileSaysHowLongAgo() throws {
        let keystore = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "TEAM123456", "--key-id", "APPKEY0001", "--env", "both"], keystore)
        let result = try KeystoreCLI.run(["app", "check", "com.example.dev", "--env", "development", "--profile",
                                          ProfileCLI.path("expired.mobileprovision")] + ProfileCLI.ca, keystore)
        #expect(result.status == 1)
        // The profile expired on 2021-01-01T00:00:00Z: whole days since then, in words (a run across midnight
        // UTC may see one day fewer).
        let expiredAt = try #require(ISO8601DateFormatter().date(from: "2021-01-01T00:00:00Z"))
        let ago = Int(Date().timeIntervalSince(expiredAt) / 86_400)
        #expect(result.stdout.contains("expired \(ago) days ago") || result.stdout.contains("expired \(ago - 1) days ago"),
                "\(result.stdout)")
        #expect(!result.stdout.contains("days left"), "\(result.stdout)")
    }

    /// Item 7: device tokens are classified as `device check` classifies them, and an unreachable server is exit 4.
    @Test func probeSaysTheDeviceTokenJudgesVerdicts() throws {
        let mocks = try DeviceCheckCLITests.Mocks("app-tokens")
        let targets = Array(mocks.targets.dropLast(2))   // no --topic: app check's topic is its bundle id
        let arguments = ["app", "check", DeviceCheckCLITests.topic, "--team", DeviceCheckCLITests.team, "--probe",
                         "--keystore", mocks.keystore] + targets
            + [DeviceCheckCLITests.bad, DeviceCheckCLITests.gone, DeviceCheckCLITests.other].flatMap { ["--device-token", $0] }
        let result = try CLI.run(arguments + ["--format", "json"])
        #expect(result.status == 1, "\(result.stderr)\n\(result.stdout)")
        var check = JSONSchemaCheck()
        check.add("app-check", "app check --probe with refused tokens", result)
        let problems = try check.problems()
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let rows = try Self.json(result)["rows"] as? [[String: Any]] ?? []
        #expect(!rows.isEmpty)
        for row in rows {
            let verdicts = (row["device_tokens"] as? [[String: Any]] ?? []).map { $0["verdict"] as? String }
            #expect(verdicts == ["invalid", "unregistered", "other_app"], "\(row)")
            #expect(row["verdict"] as? String != "ready", "\(row)")
        }
        let text = try CLI.run(arguments)
        #expect(text.status == 1)
        #expect(!text.stdout.contains("ready (confirmed with canaries)"), "\(text.stdout)")
        #expect(!text.stdout.contains("other environment") && !text.stdout.contains("in the other"), "\(text.stdout)")
        #expect(text.stdout.contains("1 unregistered, 1 other_app, 1 invalid"), "\(text.stdout)")
    }

    @Test func anUnreachableServerIsExit4() throws {
        let keystore = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "TEAM123456", "--key-id", "APPKEY0001", "--env", "both"], keystore)
        let certificate = try LoopbackCertificate.make(in: CLI.temporaryDirectory("app-unreachable")).0
        let result = try KeystoreCLI.run(["app", "check", "com.example.app", "--probe", "--target",
                                          "development=127.0.0.1:1", "--cacert", certificate, "--format", "json"],
                                         keystore)
        #expect(result.status == 4, "\(result.stderr)\n\(result.stdout)")
        let json = try Self.json(result)
        #expect(json["exit_code"] as? Int == 4)
        #expect(json["unreachable"] as? [String] == ["development"])
    }
}

/// A certificate `cert import` keeps serves its rows as a `--cert` would: judged by `cert verify`'s judge (its
/// CA given with `--ca`) and probed through the keystore's files.
@Suite struct AppCheckKeystoreCertificateProbeTests {
    @Test func aStoredSandboxCertificateIsConfirmedInDevelopment() throws {
        let directory = try ProbeCertificateCommandTests.credentials()
        let keystore = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["cert", "import", directory.appendingPathComponent("client-with-key.pem").path, "--ca",
                            directory.appendingPathComponent("ca.pem").path], keystore)
        let serverCA = directory.appendingPathComponent("server-ca.pem").path
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--client-ca",
                                         directory.appendingPathComponent("ca.pem").path, "--ca-out", serverCA])
        defer { mock.kill() }
        let result = try KeystoreCLI.run(["app", "check", "com.example.app", "--probe", "--ca",
                                          directory.appendingPathComponent("ca.pem").path,
                                          "--target", "development=127.0.0.1:\(try mock.port())", "--cacert", serverCA,
                                          "--min-days", "0", "--format", "json"], keystore)
        #expect(result.status == 1, "\(result.stderr)")   // production: no credential
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let rows = json["rows"] as? [[String: Any]] ?? []
        let development = try #require(rows.first { $0["environment"] as? String == "development" })
        #expect(development["verdict"] as? String == "ready", "\(development)")
        #expect((development["certificate"] as? [String: Any])?["source"] as? String == "keystore", "\(development)")
        #expect((development["certificate"] as? [String: Any])?["team_id"] as? String == "TEAM123456")
        #expect((development["probe"] as? [String: Any])?["confirmed"] as? Bool == true, "\(development)")
    }
}

/// `doctor` warns about a team's environment that neither a key nor a certificate covers, and points at `app check`.
@Suite struct DoctorCredentialGapTests {
    @Test func aKeyForDevelopmentOnlyLeavesProductionWithoutACredential() throws {
        let keystore = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "GAPTEAM001", "--key-id", "GAPKEY0001", "--env", "development"],
                           keystore)
        let result = try KeystoreCLI.run(["doctor", "--format", "json"], keystore)
        let checks = (try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])?["checks"]
            as? [[String: Any]] ?? []
        let gap = try #require(checks.first { $0["name"] as? String == "credentials GAPTEAM001 production" },
                               "\(result.stdout)")
        #expect(gap["status"] as? String == "warn")
        #expect(gap["detail"] as? String == "no key and no certificate covers production: active key GAPKEY0001 for "
                + "the other environment only, 0 certificates for the other environment")
        #expect((gap["hint"] as? String)?.contains("apnsctl app check BUNDLE_ID --team GAPTEAM001") == true)
        #expect(!checks.contains { $0["name"] as? String == "credentials GAPTEAM001 development" })
        try KeystoreCLI.ok(["key", "generate", "--team", "GAPTEAM001", "--key-id", "GAPKEY0002", "--env", "production"],
                           keystore)
        let cleared = try KeystoreCLI.run(["doctor"], keystore)
        #expect(!cleared.stdout.contains("credentials GAPTEAM001"), "\(cleared.stdout)")
    }
}

/// A team id given where a key id belongs (pushy #914): `key import`, `token`, `probe` and `token inspect` say so.
@Suite struct IdentifierSwapCLITests {
    static let team = "SWAPTEAM01", key = "ABC123DEFG"

    static func keystore() throws -> String {
        let keystore = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", team,
                            "--env", "both"], keystore)
        return keystore
    }

    @Test func keyImportWithTheKeyIdAsTeam() throws {
        let keystore = try KeystoreCLI.fresh()
        let result = try KeystoreCLI.run(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team",
                                          Self.key], keystore)
        #expect(KeystoreCLI.failed(result, 2, "--team ABC123DEFG looks like a key id", "AuthKey_ABC123DEFG.p8"),
                "\(result.stderr)")
        #expect(result.stderr.contains("apnsctl: hint: key id and team id are swapped"))
        #expect(try KeystoreCLI.states(keystore).isEmpty)
    }

    @Test func tokenWithTheTeamIdAsKeyId() throws {
        let keystore = try Self.keystore()
        let result = try KeystoreCLI.run(["token", "--team", Self.key, "--key-id", Self.team], keystore)
        #expect(KeystoreCLI.failed(result, 2, "--key-id SWAPTEAM01 looks like a team id", "the key id is ABC123DEFG"),
                "\(result.stderr)")
        #expect(result.stderr.contains("give --team SWAPTEAM01 and --key-id ABC123DEFG"), "\(result.stderr)")
    }

    @Test func probeWithTheTeamIdAsKeyId() throws {
        let keystore = try Self.keystore()
        let result = try KeystoreCLI.run(["probe", "--env", "development", "--host", "127.0.0.1", "--port", "1",
                                          "--topic", "com.example.app", "--key-id", Self.team], keystore)
        #expect(KeystoreCLI.failed(result, 2, "--key-id SWAPTEAM01 looks like a team id", "the key id is ABC123DEFG"),
                "\(result.stderr)")
    }

    @Test func tokenInspectOfATokenWithKidAndIssSwapped() throws {
        let keystore = try Self.keystore()
        // Header {"alg":"ES256","kid":"SWAPTEAM01"}, claims {"iss":"ABC123DEFG","iat":1700000000}.
        let header = Data(#"{"alg":"ES256","kid":"SWAPTEAM01"}"#.utf8).base64URL
        let claims = Data(#"{"iss":"ABC123DEFG","iat":1700000000}"#.utf8).base64URL
        let result = try KeystoreCLI.run(["token", "inspect", "\(header).\(claims).AAAA"], keystore)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("the token's kid SWAPTEAM01 looks like a team id"), "\(result.stdout)")
        #expect(result.stdout.contains("give iss SWAPTEAM01 and kid ABC123DEFG"), "\(result.stdout)")
        let verify = try KeystoreCLI.run(["token", "inspect", "\(header).\(claims).AAAA", "--key-id", Self.team],
                                         keystore)
        #expect(KeystoreCLI.failed(verify, 2, "--key-id SWAPTEAM01 looks like a team id"), "\(verify.stderr)")
    }
}

private extension Data {
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
