import Foundation
import Testing
import TestSupport

/// Every command's `--format json` output, in success and (where the command reports a failed check in JSON)
/// failure cases, validated against its published schema (docs/json/COMMAND.schema.json) by Python's
/// `jsonschema`; and every command with `--format` has a schema, and every schema a command.
@Suite(.serialized) struct JSONSchemaTests {
    static let team = "DEF123GHIJ"

    /// Runs and requires `status`, so a case meant to succeed (or fail) is the case it claims to be.
    static func run(_ arguments: [String], _ keystore: String? = nil, status: Int32 = 0) throws -> CLI.Result {
        let result = try keystore.map { try KeystoreCLI.run(arguments, $0) } ?? CLI.run(arguments)
        #expect(result.status == status, "apnsctl \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    static func expectValid(_ check: JSONSchemaCheck) throws {
        let problems = try check.problems()
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func keysTokensAndTheKeystore() throws {
        var check = JSONSchemaCheck()
        let directory = CLI.temporaryDirectory("json-keys")
        let ks = directory.appendingPathComponent("keystore").path
        check.add("keystore-init", "keystore init", try Self.run(["keystore", "init", ks, "--format", "json"]))
        check.add("key-import", "key import", try Self.run(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"),
                                                            "--team", Self.team, "--format", "json"], ks))
        check.add("key-generate", "key generate (topic-specific, related key)", try Self.run([
            "key", "generate", "--team", Self.team, "--key-id", "GEN0000001", "--env", "production",
            "--topics", "com.example.app,com.example.app.voip", "--related-key", "REL0000001", "--format", "json"], ks))
        check.add("key-generate", "key generate (legacy)", try Self.run(["key", "generate", "--team", Self.team,
                                                                         "--key-id", "GEN0000002", "--format", "json"], ks))
        check.add("key-import", "key import, already present", try Self.run([
            "key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", Self.team, "--format", "json"], ks))
        check.add("key-import", "key import, already present, scope recorded", try Self.run([
            "key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", Self.team, "--env", "both",
            "--team-scoped", "--format", "json"], ks))
        check.add("key-list", "key list", try Self.run(["key", "list", "--format", "json"], ks))
        check.add("key-inspect", "key inspect", try Self.run(["key", "inspect", "ABC123DEFG", "--format", "json"], ks))
        check.add("key-inspect", "key inspect (topic-specific)", try Self.run(["key", "inspect", "GEN0000001",
                                                                               "--format", "json"], ks))
        check.add("key-export-public", "key export-public", try Self.run(["key", "export-public", "ABC123DEFG",
                                                                          "--format", "json"], ks))
        let pub = directory.appendingPathComponent("pub.pem").path
        check.add("key-export-public", "key export-public --out", try Self.run([
            "key", "export-public", "ABC123DEFG", "--out", pub, "--format", "json"], ks))

        let issued = try Self.run(["token", "issue", "--team", Self.team, "--format", "json"], ks)
        check.add("token-issue", "token issue (signed)", issued)
        check.add("token-issue", "token (reused)", try Self.run(["token", "--team", Self.team, "--format", "json"], ks))
        let token = try #require((try KeystoreCLI.json(issued) as? [String: Any])?["token"] as? String)
        check.add("token-inspect", "token inspect (accepted)", try Self.run(["token", "inspect", token, "--format",
                                                                             "json"], ks))
        // One signature character changed: the signature no longer verifies (exit 1, the verdict in JSON).
        var characters = Array(token)
        let index = characters.count - 12
        characters[index] = characters[index] == "A" ? "B" : "A"
        check.add("token-inspect", "token inspect (invalid signature)", try Self.run([
            "token", "inspect", String(characters), "--format", "json"], ks, status: 1))
        // A kid the keystore does not know: unknown_key (exit 1); --decode-only: no verdict (exit 0).
        let header = Data(#"{"alg":"ES256","kid":"NOTKNOWN01"}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        let unknown = header + token.drop { $0 != "." }
        check.add("token-inspect", "token inspect (unknown key)", try Self.run([
            "token", "inspect", unknown, "--format", "json"], ks, status: 1))
        check.add("token-inspect", "token inspect --decode-only", try Self.run([
            "token", "inspect", unknown, "--decode-only", "--format", "json"], ks))

        check.add("key-rotate", "key rotate", try Self.run(["key", "rotate", "--team", Self.team, "--to", "GEN0000002",
                                                            "--format", "json"], ks))
        check.add("key-scope", "key scope", try Self.run([
            "key", "scope", "GEN0000001", "--env", "production", "--topics", "com.example.app", "--related-key",
            "REL0000001", "--format", "json"], ks))
        check.add("key-scope", "key scope (a legacy key declared)", try Self.run([
            "key", "scope", "GEN0000002", "--env", "both", "--format", "json"], ks))
        for (id, environment) in [("SBX0000009", "development"), ("PRD0000009", "production")] {
            try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", id, "--env", environment], ks)
        }
        let twoKeys = try Self.run(["key", "rotate", "--team", Self.team, "--to", "SBX0000009", "--to", "PRD0000009",
                                    "--format", "json"], ks)
        let rotation = try #require(try KeystoreCLI.json(twoKeys) as? [String: Any])
        #expect(rotation["active_key_id"] is NSNull && rotation["active_key_ids"] as? [String] == ["SBX0000009", "PRD0000009"])
        check.add("key-rotate", "key rotate (two keys)", twoKeys)
        check.add("key-revoke", "key revoke", try Self.run(["key", "revoke", "ABC123DEFG", "--format", "json"], ks))
        check.add("key-purge", "key purge", try Self.run(["key", "purge", "ABC123DEFG", "--format", "json"], ks))
        // The key judge's verdict on a token of the revoked and purged key, with and without its file (exit 1).
        let revokedInspect = try Self.run(["token", "inspect", token, "--format", "json"], ks, status: 1)
        #expect(revokedInspect.stdout.contains("revoked"), "\(revokedInspect.stdout)")
        check.add("token-inspect", "token inspect (a purged key's token)", revokedInspect)
        check.add("token-inspect", "token inspect --key (a purged key's file)", try Self.run([
            "token", "inspect", token, "--key", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--format", "json"], ks,
            status: 1))
        check.add("keystore-status", "keystore status", try Self.run(["keystore", "status", "--format", "json"], ks))
        let audit = try Self.run(["keystore", "audit", "--format", "json"], ks)
        let rotations = (try KeystoreCLI.json(audit) as? [[String: Any]] ?? []).filter { $0["action"] as? String == "key.rotate" }
        #expect(rotations.last?["key_ids"] as? [String] == ["SBX0000009", "PRD0000009"] && rotations.last?["key_id"] is NSNull)
        check.add("keystore-audit", "keystore audit", audit)
        let copy = directory.appendingPathComponent("copy").path
        #expect(try CLI.run(["keystore", "init", copy]).status == 0)
        check.add("keystore-copy", "keystore copy", try Self.run(["keystore", "copy", "--from", ks, "--to", copy,
                                                                  "--format", "json"], ks))
        #expect(chmod(ks, 0o755) == 0)
        let fixed = try Self.run(["keystore", "fix-permissions", "--format", "json"], ks)
        #expect(((try KeystoreCLI.json(fixed) as? [String: Any])?["fixed"] as? [Any])?.isEmpty == false)
        check.add("keystore-fix-permissions", "keystore fix-permissions", fixed)
        try Self.expectValid(check)
    }

    @Test func certificatesAndRequests() throws {
        var check = JSONSchemaCheck()
        let directory = CLI.temporaryDirectory("json-certs")
        let ks = try KeystoreCLI.fresh()
        let (csr, _) = try RequestCLI.request(ks, in: directory, extra: ["--bundle-id", "com.example.app",
                                                                         "--env", "development"])
        check.add("cert-inspect", "cert inspect (PEM, malformed topics, CSR)", try Self.run([
            "cert", "inspect", CertCLI.path("dev-bundle.pem"), CertCLI.path("malformed-topics.pem"), csr,
            "--format", "json"], ks))
        check.add("cert-inspect", "cert inspect (legacy .p12)", try Self.run([
            "cert", "inspect", CertCLI.path("dev-legacy.p12"), "--password-file", CertCLI.passwordFile("dev-legacy.p12"),
            "--format", "json"]))
        let p12 = directory.appendingPathComponent("out.p12").path
        check.add("cert-convert", "cert convert", try Self.run([
            "cert", "convert", CertCLI.path("dev-bundle.pem"), "--to", "p12", "--out", p12,
            "--out-password-file", CertCLI.passwordFile("dev-legacy.p12"), "--format", "json"]))
        check.add("cert-verify", "cert verify (passes)", try Self.run([
            "cert", "verify", CertCLI.path("dev-bundle.pem"), "--topic", "com.example.dev", "--env", "development",
            "--ca", CertCLI.path("ca.pem"), "--format", "json"]))
        check.add("cert-verify", "cert verify (wrong topic)", try Self.run([
            "cert", "verify", CertCLI.path("dev-bundle.pem"), "--topic", "com.example.other", "--format", "json"],
            status: 1))
        check.add("cert-import", "cert import", try Self.run(["cert", "import", CertCLI.path("dev-bundle.pem"),
                                                              "--ca", CertCLI.path("ca.pem"), "--format", "json"], ks))

        check.add("cert-request", "cert request --out", try Self.run([
            "cert", "request", "--out", directory.appendingPathComponent("bare.csr").path, "--format", "json"], ks))
        check.add("cert-request", "cert request --list", try Self.run(["cert", "request", "--list", "--format", "json"], ks))
        let (_, discard) = try RequestCLI.request(ks, in: directory)
        check.add("cert-request", "cert request --discard", try Self.run([
            "cert", "request", "--discard", discard, "--format", "json"], ks))
        let cer = try RequestCLI.sign(csr, in: directory)
        let joined = try Self.run(["cert", "join", cer, "--ca", RequestCLI.ca, "--format", "json"], ks)
        check.add("cert-join", "cert join", joined)
        let chain = (try KeystoreCLI.json(joined) as? [String: Any])?["chain"] as? [String]
        #expect(chain?.last?.contains("CN=") == true, "chain: the subjects up to the anchor, \(String(describing: chain))")
        let exported = directory.appendingPathComponent("joined.pem").path
        let (csr2, _) = try RequestCLI.request(ks, in: directory)
        check.add("cert-join", "cert join --out --to pem", try Self.run([
            "cert", "join", try RequestCLI.sign(csr2, in: directory, bundleID: "com.example.second"), "--ca",
            RequestCLI.ca, "--out", exported, "--to", "pem", "--format", "json"], ks))

        check.add("keystore-status", "keystore status (certificates, requests)", try Self.run([
            "keystore", "status", "--format", "json", "--ca", RequestCLI.ca], ks))
        check.add("keystore-status", "keystore status (a certificate its judge refuses)", try Self.run([
            "keystore", "status", "--format", "json"], ks, status: 1))
        check.add("keystore-status", "keystore status (a certificate within --min-days)", try Self.run([
            "keystore", "status", "--min-days", "100000", "--format", "json"], ks, status: 1))
        check.add("keystore-audit", "keystore audit (certificates, requests)", try Self.run([
            "keystore", "audit", "--format", "json"], ks))
        try Self.expectValid(check)
    }

    @Test func profilesAndExpiry() throws {
        var check = JSONSchemaCheck()
        let profile = ProfileCLI.path("development.mobileprovision")
        check.add("profile-inspect", "profile inspect", try Self.run([
            "profile", "inspect", profile, ProfileCLI.path("no-push.mobileprovision"), "--format", "json"]
            + ProfileCLI.ca))
        check.add("profile-verify", "profile verify (passes)", try Self.run([
            "profile", "verify", profile, "--env", "development", "--bundle-id", "com.example.dev",
            "--cert", CertCLI.path("dev.pem"), "--format", "json"] + ProfileCLI.ca))
        check.add("profile-verify", "profile verify (production-only certificate)", try Self.run([
            "profile", "verify", profile, "--cert", CertCLI.path("prod.pem"), "--format", "json"] + ProfileCLI.ca,
            status: 1))
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "EXPIRY0001"], ks)
        try KeystoreCLI.ok(["cert", "request", "--out", CLI.temporaryDirectory("json-expiry")
            .appendingPathComponent("r.csr").path, "--bundle-id", "com.example.app"], ks)
        let files = [CertCLI.path("dev.pem"), CertCLI.path("prod.pem"), profile]
        check.add("expiry", "expiry", try Self.run(["expiry"] + files + ["--keystore", ks, "--format", "json"]))
        check.add("expiry", "expiry --min-days (too soon)", try Self.run(
            ["expiry"] + files + ["--keystore", ks, "--min-days", "100000", "--format", "json"], status: 1))
        try Self.expectValid(check)
    }

    @Test func appCheck() throws {
        var check = JSONSchemaCheck()
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "TEAM123456", "--key-id", "APPJSON001", "--env", "development"], ks)
        check.add("app-check", "app check (ready)", try Self.run([
            "app", "check", "com.example.universal", "--cert", CertCLI.path("universal.pem"), "--ca",
            CertCLI.path("ca.pem"), "--format", "json"], ks))
        check.add("app-check", "app check (a device token offline: unverified)", try Self.run([
            "app", "check", "com.example.universal", "--cert", CertCLI.path("universal.pem"), "--ca",
            CertCLI.path("ca.pem"), "--device-token", String(repeating: "ab", count: 32), "--format", "json"], ks,
            status: 1))
        check.add("app-check", "app check (development-only key and profile)", try Self.run([
            "app", "check", "com.example.dev", "--profile", ProfileCLI.path("development.mobileprovision"),
            "--push-type", "voip", "--format", "json"], ks, status: 1))
        try Self.expectValid(check)
    }

    @Test func probeMockDoctorAndACanaryRotation() throws {
        var check = JSONSchemaCheck()
        let directory = CLI.temporaryDirectory("json-probe")
        let ks = directory.appendingPathComponent("keystore").path
        let ca = directory.appendingPathComponent("ca.pem").path
        let team = "TEAM123456", topic = "com.example.app"
        let registered = String(repeating: "ab", count: 32), gone = String(repeating: "ef", count: 32)
        _ = try Self.run(["keystore", "init", ks])
        for key in ["OLDKEY0001", "NEWKEY0001"] {
            _ = try Self.run(["key", "generate", "--keystore", ks, "--team", team, "--key-id", key])
        }
        // A topic-specific key beside the keystore's legacy ones: the listening line lists both kinds of scope.
        let scoped = directory.appendingPathComponent("scoped.pem").path
        _ = try CLI.tool("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                                              "-out", scoped])
        _ = try Self.run(["key", "generate", "--keystore", ks, "--team", team, "--key-id", "SCOPED0001", "--env",
                          "production", "--topics", topic])
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--keystore", ks, "--ca-out", ca,
                                         "--device", "\(registered)=\(topic)", "--unregistered", gone,
                                         "--trust-key", "SCOPEKEY01=\(scoped),env=development,topics=com.example.other,"
                                             + "related=OLDKEY0001", "--team", team,
                                         "--format", "json"])
        defer { mock.kill() }
        let first = try #require(mock.firstLine())
        let listening = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let port = String(try #require(listening["port"] as? Int))
        #expect((listening["keys"] as? [[String: Any]])?.compactMap { $0["topics"] as? [String] }.sorted { $0[0] < $1[0] }
                == [["com.example.app"], ["com.example.other"]])
        mock.keepReading()
        let target = ["--keystore", ks, "--host", "127.0.0.1", "--port", port, "--cacert", ca, "--topic", topic]

        check.add("probe", "probe (healthy)", try Self.run(["probe", "--team", team, "--device-token", registered,
                                                            "--format", "json"] + target))
        check.add("probe", "probe --count 3 (latency)", try Self.run(["probe", "--team", team, "--count", "3",
                                                                      "--format", "json"] + target))
        let rounds = try Self.run(["probe", "--team", team, "--count", "2", "--interval", "0.1", "--format", "json"]
                                  + target)
        #expect(rounds.stdout.split(separator: "\n").count == 2, "one compact object a round: \(rounds.stdout)")
        check.add("probe", "probe --interval (JSON Lines)", rounds, lines: true)
        check.add("probe", "probe (410 Unregistered)", try Self.run([
            "probe", "--team", team, "--device-token", gone, "--format", "json"] + target, status: 1))
        let closed = String(try SilentListener.freePort())
        check.add("probe", "probe (a closed port)", try Self.run([
            "probe", "--team", team, "--keystore", ks, "--host", "127.0.0.1", "--port", closed, "--cacert", ca,
            "--topic", topic, "--format", "json"], status: 4))
        check.add("key-rotate", "key rotate --probe", try Self.run([
            "key", "rotate", "--team", team, "--to", "NEWKEY0001", "--probe", "--format", "json"] + target))
        check.add("key-rotate", "key rotate --probe (APNs not reachable)", try Self.run([
            "key", "rotate", "--team", team, "--to", "OLDKEY0001", "--probe", "--keystore", ks, "--host", "127.0.0.1",
            "--port", closed, "--cacert", ca, "--topic", topic, "--format", "json"], status: 4))
        let discoverAt = ["--keystore", ks, "--env", "development", "--host", "127.0.0.1", "--port", port, "--cacert", ca]
        check.add("key-discover", "key discover (a legacy key, one environment asked)", try Self.run([
            "key", "discover", "NEWKEY0001", "--topic", topic, "--format", "json"] + discoverAt))
        check.add("key-discover", "key discover --dry-run (a topic-specific key, its topic implied)", try Self.run([
            "key", "discover", "SCOPED0001", "--dry-run", "--format", "json"] + discoverAt))
        check.add("key-discover", "key discover (APNs not reachable)", try Self.run([
            "key", "discover", "OLDKEY0001", "--keystore", ks, "--env", "production", "--host", "127.0.0.1",
            "--port", closed, "--cacert", ca, "--topic", topic, "--format", "json"], status: 4))
        // doctor judges this machine: pass or fail, the report is JSON either way and says which.
        for (label, extra) in [("doctor", [String]()),
                               ("doctor (a CA file without USERTrust)", ["--cacert", CertCLI.path("ca.pem")])] {
            let doctor = try CLI.run(["doctor", "--keystore", ks, "--format", "json"] + extra)
            let report = try KeystoreCLI.json(doctor) as? [String: Any]
            #expect(report?["exit_code"] as? Int == Int(doctor.status), "\(label): \(doctor.stderr)")
            check.add("doctor", label, doctor)
        }
        // A plaintext HTTP/2 preface on the TLS port: the mock logs a failed TLS handshake (protocol "tls").
        _ = try CLI.tool("/usr/bin/curl", ["-s", "--max-time", "3", "--http2-prior-knowledge", "http://127.0.0.1:\(port)/"])
        let log = mock.terminate()
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout.contains(#""protocol":"tls""#), "no TLS failure line in \(log.stdout)")
        check.add("mock-serve", "mock serve log", stdout: Data(log.stdout.utf8), lines: true)
        #expect(log.stdout.contains(#""event":"stopped""#) && log.stdout.contains(#""status":410"#))
        try Self.expectValid(check)
    }

    /// `mock asc`'s first and last lines: listening (a team and an individual key, a fault pending), stopped.
    @Test func mockAscLines() throws {
        let directory = CLI.temporaryDirectory("mock-asc-json")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("AuthKey_ASCKEY0001.p8").path
        _ = try CLI.tool("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                                              "-out", key])
        let mock = try MockServeProcess([
            "mock", "asc", "--port", "0", "--ca-out", directory.appendingPathComponent("ca.pem").path,
            "--state", directory.appendingPathComponent("state.json").path,
            "--trust-asc-key", "ASCKEY0001=\(key),issuer=69a6de7e-0000-47e3-e053-5b8c7c11a4d1",
            "--trust-asc-key", "ASCKEY0002=\(key),individual", "--fault", "html=1", "--format", "json"])
        defer { mock.kill() }
        #expect(mock.firstLine()?.contains(#""event":"listening""#) == true)
        let lines = mock.terminate()
        #expect(lines.status == 0, "\(lines.stderr)")
        var check = JSONSchemaCheck()
        check.add("mock-asc", "mock asc lines", stdout: Data(lines.stdout.utf8), lines: true)
        try Self.expectValid(check)
    }

    /// The exporter's own log: listening, reloaded (SIGHUP), stopped (SIGTERM).
    @Test func exporterLog() throws {
        let directory = CLI.temporaryDirectory("exporter-json")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("exporter.yml")
        try Data("credentials: []\n".utf8).write(to: config)
        let exporter = try RunningProcess(CLI.binary, ["exporter", "--config", config.path, "--listen", "127.0.0.1:0",
                                                       "--format", "json"])
        #expect(exporter.waitFor { out, _ in out.contains(#""event":"listening""#) }, "\(exporter.stderr)")
        exporter.signal(SIGHUP)
        #expect(exporter.waitFor { out, _ in out.contains(#""event":"reloaded""#) }, "\(exporter.stderr)")
        #expect(exporter.terminate() == 0)
        var check = JSONSchemaCheck()
        check.add("exporter", "exporter log", stdout: Data(exporter.stdout.utf8), lines: true)
        try Self.expectValid(check)
    }

    /// `payload check`: accepted with warnings, refused (413, no push type), and `--requests` JSON Lines with a
    /// malformed line.
    @Test func payloadCheck() throws {
        var check = JSONSchemaCheck()
        check.add("payload-check", "payload check (accepted, warnings)", try Self.run([
            "payload", "check", #"{"aps":{"content-available":1,"relevance-score":2}}"#, "--topic", "com.example.app",
            "--push-type", "alert", "--format", "json"]))
        check.add("payload-check", "payload check (refused: 413)", try Self.run([
            "payload", "check", "{\"k\":\"" + String(repeating: "x", count: 4100) + "\"}", "--topic", "com.example.app",
            "--format", "json"], status: 1))
        check.add("payload-check", "payload check (refused: unknown push type)", try Self.run([
            "payload", "check", "{}", "--topic", "com.example.app", "--push-type", "banner", "--format", "json"], status: 1))
        let directory = CLI.temporaryDirectory("json-payload")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("requests.jsonl")
        try Data("""
            {"headers":{"apns-topic":"com.example.app","apns-push-type":"alert"},"payload":{"aps":{"alert":"a"}}}
            {"headers":{"apns-push-type":"background"},"payload":""}
            [1]

            """.utf8).write(to: file)
        check.add("payload-check", "payload check --requests (a malformed line)", try Self.run([
            "payload", "check", "--requests", file.path, "--format", "json"], status: 3), lines: true)
        try Self.expectValid(check)
    }

    /// The broadcast channel verbs against `mock serve --channels-port`, and `probe --channels`; a refusal too.
    @Test func broadcastChannelsAgainstTheMock() throws {
        var check = JSONSchemaCheck()
        let setup = try ChannelCommandTests.Setup()
        let created = try setup.channel("create", ["--format", "json"])
        #expect(created.status == 0, "\(created.stderr)")
        check.add("channel-create", "channel create", created)
        let id = try #require((try JSONSerialization.jsonObject(with: created.stdoutData) as? [String: Any])?["channel_id"]
                              as? String)
        check.add("channel-list", "channel list", try setup.channel("list", ["--format", "json"]))
        check.add("channel-inspect", "channel inspect", try setup.channel("inspect", [id, "--format", "json"]))
        check.add("channel-delete", "channel delete", try setup.channel("delete", [id, "--format", "json"]))
        let gone = try setup.channel("inspect", [id, "--format", "json"])
        #expect(gone.status == 1, "\(gone.stderr)")
        check.add("channel-inspect", "channel inspect (ChannelNotRegistered)", gone)
        let probe = try CLI.run(["probe", "--channels", "--keystore", setup.keystore, "--team", ChannelCommandTests.team,
                                 "--host", "127.0.0.1", "--port", String(setup.channelsPort), "--cacert", setup.caFile,
                                 "--topic", ChannelCommandTests.bundle, "--format", "json"])
        #expect(probe.status == 0, "\(probe.stderr)")
        check.add("probe", "probe --channels", probe)
        try Self.expectValid(check)
    }

    /// `device check`: the array for tokens given as arguments (every verdict), JSON Lines for a token file, and
    /// the dry run's object.
    @Test func deviceCheck() throws {
        var check = JSONSchemaCheck()
        let mocks = try DeviceCheckCLITests.Mocks("json-device")
        let tokens = [DeviceCheckCLITests.dev, DeviceCheckCLITests.prod, DeviceCheckCLITests.gone,
                      DeviceCheckCLITests.other, DeviceCheckCLITests.bad]
        let all = try mocks.run(tokens + ["--team", DeviceCheckCLITests.team, "--format", "json"])
        #expect(all.status == 1, "\(all.stderr)")
        check.add("device-check", "device check (every verdict)", all)
        let file = mocks.directory.appendingPathComponent("tokens.txt")
        try Data((tokens + ["# comment", "xyz"]).joined(separator: "\n").utf8).write(to: file)
        let lines = try mocks.run(["--tokens", file.path, "--team", DeviceCheckCLITests.team, "--format", "json"])
        #expect(lines.status == 1, "\(lines.stderr)")
        check.add("device-check", "device check --tokens (JSON Lines)", lines, lines: true)
        let dry = try mocks.run(tokens + ["--team", DeviceCheckCLITests.team, "--format", "json", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        check.add("device-check", "device check --dry-run", dry)
        // Issue 40 §2's words: --env alone (not_in_production), a token read twice (reported once, its lines named),
        // and a credential for one environment (the other skipped, the canaries reported).
        let alone = try mocks.run([DeviceCheckCLITests.dev, DeviceCheckCLITests.prod, "--team", DeviceCheckCLITests.team,
                                   "--env", "production", "--format", "json"])
        #expect(alone.status == 1 && alone.stdout.contains("not_in_production"), "\(alone.stdout)\(alone.stderr)")
        check.add("device-check", "device check --env production (not_in_production)", alone)
        let twice = mocks.directory.appendingPathComponent("twice.txt")
        try Data([DeviceCheckCLITests.dev, DeviceCheckCLITests.dev.uppercased()].joined(separator: "\n").utf8).write(to: twice)
        let duplicates = try mocks.run(["--tokens", twice.path, "--team", DeviceCheckCLITests.team, "--format", "json"])
        #expect(duplicates.status == 0 && duplicates.stderr.contains("line"), "\(duplicates.stderr)")
        check.add("device-check", "device check --tokens (a token read twice)", duplicates, lines: true)
        let tokenFile = try mocks.tokenFile(keyID: "PRDONLY001", environment: "production")
        let skipped = try mocks.run([DeviceCheckCLITests.dev, DeviceCheckCLITests.prod, "--token-file", tokenFile.path,
                                     "--format", "json"])
        #expect(skipped.status == 1 && skipped.stderr.contains("is not asked in this run"), "\(skipped.stderr)")
        check.add("device-check", "device check (one environment skipped)", skipped)
        try Self.expectValid(check)
    }

    /// `profile renew` and `profile fetch` against `mock asc` (``ProfileASCWorld``): a renewal (--replace), one with
    /// nothing to do, and the renewed profile fetched.
    @Test func profileRenewAndFetch() throws {
        var check = JSONSchemaCheck()
        let world = try ProfileASCWorld(push: true, profileAPS: nil)
        let verb = ["--bundle-id", ProfileASCWorld.bundleID, "--type", "IOS_APP_DEVELOPMENT", "--out",
                    world.directory.appendingPathComponent("json-profiles").path, "--format", "json"] + world.options
        check.add("profile-renew", "profile renew --replace", try Self.run(["profile", "renew", "--replace"] + verb))
        check.add("profile-renew", "profile renew (nothing to do)", try Self.run(["profile", "renew"] + verb))
        check.add("profile-fetch", "profile fetch", try Self.run(["profile", "fetch"] + verb))
        try Self.expectValid(check)
    }

    @Test func appStoreConnectKeysAndTokens() throws {
        var check = JSONSchemaCheck()
        let ks = try KeystoreCLI.fresh()
        let team = try AscKeyCLITests.newKey("ASCJSON001"), individual = try AscKeyCLITests.newKey("ASCJSON002")
        check.add("asc-key-import", "asc key import (team)", try Self.run([
            "asc", "key", "import", team, "--issuer", AscKeyCLITests.issuer, "--format", "json"], ks))
        check.add("asc-key-import", "asc key import (individual)", try Self.run([
            "asc", "key", "import", individual, "--individual", "--format", "json"], ks))
        check.add("asc-key-list", "asc key list", try Self.run(["asc", "key", "list", "--format", "json"], ks))
        check.add("asc-token", "asc token (team)", try Self.run(["asc", "token", "--asc-key", "ASCJSON001", "--format",
                                                                "json"], ks))
        check.add("asc-token", "asc token (individual)", try Self.run(["asc", "token", "--asc-key", "ASCJSON002",
                                                                      "--format", "json"], ks))
        check.add("key-revoke", "key revoke (an App Store Connect key)", try Self.run([
            "key", "revoke", "ASCJSON002", "--format", "json"], ks))
        check.add("asc-key-list", "asc key list (revoked)", try Self.run(["asc", "key", "list", "--format", "json"], ks))
        try Self.expectValid(check)
    }

    /// `app push status`, `app push enable` and `profile list` against `mock asc` (``ASCCommandLine``): the App ID
    /// found and not, push off then enabled with the profile to renew, already enabled, and the team's profiles.
    @Test func appPushAndProfileList() throws {
        var check = JSONSchemaCheck()
        let asc = try ASCCommandLine()
        let bundle = ASCCommandLine.bundleID
        check.add("app-push-status", "app push status (push off)",
                  try asc.run(["app", "push", "status", bundle, "--format", "json"]))
        check.add("app-push-status", "app push status (no App ID)",
                  try asc.run(["app", "push", "status", "com.example.missing", "--format", "json"]))
        check.add("app-push-enable", "app push enable --dry-run",
                  try asc.run(["app", "push", "enable", bundle, "--dry-run", "--format", "json"]))
        check.add("app-push-enable", "app push enable", try asc.run(["app", "push", "enable", bundle, "--format", "json"]))
        check.add("app-push-enable", "app push enable (already)",
                  try asc.run(["app", "push", "enable", bundle, "--format", "json"]))
        check.add("app-push-status", "app push status (push on)",
                  try asc.run(["app", "push", "status", bundle, "--format", "json"]))
        check.add("profile-list", "profile list", try asc.run(["profile", "list", "--format", "json"]))
        check.add("profile-list", "profile list --type (none)",
                  try asc.run(["profile", "list", "--type", "MAC_APP_STORE", "--format", "json"]))
        try Self.expectValid(check)
    }

    /// Walks `apnsctl --help` down to every command: each has `--format` (house rule), and a schema named after
    /// it (`cert inspect` → cert-inspect.schema.json); every schema file but common.schema.json names a command
    /// and is used by a case above.
    @Test func everyCommandHasASchemaAndEverySchemaACommand() throws {
        var commands = [[String]]()
        var pending = [[String]()]
        while let path = pending.popLast() {
            let help = try CLI.run(path + ["--help"])
            #expect(help.status == 0, "\(path) --help")
            let subcommands = Self.subcommands(help.stdout)
            if subcommands.isEmpty {
                #expect(help.stdout.contains("--format"), "apnsctl \(path.joined(separator: " ")) has no --format")
                commands.append(path)
            } else {
                pending += subcommands.map { path + [$0] }
            }
        }
        #expect(commands.count >= 25, "found \(commands)")
        let expected = Set(commands.map { $0.joined(separator: "-") })
        let schemas = Set(JSONSchemaCheck.schemaNames).subtracting(["common"])
        #expect(expected.subtracting(schemas).isEmpty, "commands without a schema: \(expected.subtracting(schemas).sorted())")
        #expect(schemas.subtracting(expected).isEmpty, "schemas of no command: \(schemas.subtracting(expected).sorted())")
        // Every command schema is used: a case of this suite, the demo's or the fleet agent's validates against it.
        let tests = try ["JSONSchemaTests.swift", "DemoTests.swift", "FleetAgentCLITests.swift"].map {
            try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Tests/apnsctlTests/\($0)"), encoding: .utf8)
        }.joined()
        for name in schemas.sorted() {
            #expect(tests.contains("add(\"\(name)\""), "no test validates output against \(name).schema.json")
        }
        // docs/json.md names every schema file.
        let guide = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("docs/json.md"), encoding: .utf8)
        for name in JSONSchemaCheck.schemaNames {
            #expect(guide.contains("json/\(name).schema.json"), "docs/json.md does not name \(name).schema.json")
        }
    }

    /// The names under `SUBCOMMANDS:` in ArgumentParser's help (`issue (default)` counts as `issue`); `help` is not
    /// a command of its own.
    static func subcommands(_ help: String) -> [String] {
        var names = [String]()
        var inSection = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("SUBCOMMANDS:") { inSection = true; continue }
            guard inSection else { continue }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            guard line.hasPrefix("  "), !line.hasPrefix("   "),
                  let name = line.split(separator: " ").first.map(String.init), name != "help" else { continue }
            names.append(name)
        }
        return names
    }
}
