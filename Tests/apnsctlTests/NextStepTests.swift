import Foundation
import TestSupport
import Testing

/// issue 40 §3: every next step a scenario prints runs as printed, from a shell whose HOME is an empty directory,
/// with no $APNSCTL_KEYSTORE and no ./keystore (so no default keystore to fall back on), and acts on the keystore
/// (and server) the printing invocation used. Before the steps were built from the invocation's own options they
/// dropped `--keystore`, `--kek-file` and the probe's `--topic`/`--host`, and failed (exit 5, or 2) as printed.
@Suite struct NextStepTests: FleetCLI {
    static let keys = KeystoreCLI.keyFixtures

    /// A scratch working directory (holding no `keystore`) and an empty HOME.
    struct Shell {
        let directory = CLI.temporaryDirectory("next-step")
        var home: URL { directory.appendingPathComponent("home") }
        var environment: [String: String?] {
            ["HOME": home.path, "APNSCTL_KEYSTORE": nil, "XDG_DATA_HOME": nil, "APNSCTL_KEK_FILE": nil,
             "PATH": CLI.binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "NO_COLOR": "1"]
        }

        init() throws {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("home"),
                                                    withIntermediateDirectories: true)
        }

        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

        /// `apnsctl arguments` run in the directory, as the user would.
        func apnsctl(_ arguments: [String], extra: [String: String] = [:]) throws -> CLI.Result {
            var environment = self.environment
            for (key, value) in extra { environment[key] = value }
            let result = try ExternalProcess.run(CLI.binary.path, arguments, in: directory, environment: environment)
            return CLI.Result(status: result.status, stdout: result.stdout, stderr: result.stderr,
                              stdoutData: result.stdoutData)
        }

        /// `line` run by /bin/sh exactly as printed (placeholders replaced from `fill`).
        func runAsPrinted(_ line: String, fill: [String: String] = [:]) throws -> CLI.Result {
            var command = line
            for (placeholder, value) in fill { command = command.replacing(placeholder, with: value) }
            let result = try ExternalProcess.run("/bin/sh", ["-c", command], in: directory, environment: environment)
            return CLI.Result(status: result.status, stdout: result.stdout, stderr: result.stderr,
                              stdoutData: result.stdoutData)
        }

        /// `key list --format json` of `keystore` as [key_id: object].
        func keys(_ keystore: [String]) throws -> [String: [String: Any]] {
            let list = try apnsctl(["key", "list", "--format", "json"] + keystore)
            #expect(list.status == 0, "\(list.stderr)")
            let keys = (try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]]) ?? []
            return keys.reduce(into: [:]) { $0[$1["key_id"] as? String ?? "?"] = $1 }
        }
    }

    /// The `apnsctl …` steps in `text`: each in backquotes, or after "…: " to the end of its line.
    static func steps(_ text: String) -> [String] {
        var steps = [String]()
        for line in text.split(separator: "\n").map(String.init) {
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() where index % 2 == 1 && part.hasPrefix("apnsctl ") {
                steps.append(String(part))
            }
            if parts.count == 1, let range = line.range(of: "apnsctl "), line[..<range.lowerBound].hasSuffix(": ")
                || line[..<range.lowerBound].allSatisfy(\.isWhitespace) {
                steps.append(String(line[range.lowerBound...]))
            }
        }
        return steps
    }

    /// The one step in `text` that starts with `prefix`.
    static func step(_ text: String, _ prefix: String) throws -> String {
        try #require(steps(text).first { $0.hasPrefix(prefix) }, "no `\(prefix)` in: \(text)")
    }

    /// key import → rotate, revoke → purge, purge of a live key → revoke, on the keystore named with `keystore`.
    func importRotateRevokePurge(_ shell: Shell, _ keystore: [String]) throws {
        let first = try shell.apnsctl(["key", "import", Self.keys.appendingPathComponent("AuthKey_ABC123DEFG.p8").path,
                                       "--team", "DEF123GHIJ"] + keystore)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try shell.apnsctl(["key", "import", Self.keys.appendingPathComponent("AuthKey_NEW456HIJK.p8").path,
                                        "--team", "DEF123GHIJ"] + keystore)
        let rotate = try Self.step(second.stdout, "apnsctl key rotate")
        let rotated = try shell.runAsPrinted(rotate)
        #expect(rotated.status == 0, "\(rotate): \(rotated.stderr)")
        #expect(try shell.keys(keystore)["NEW456HIJK"]?["state"] as? String == "active")

        let revoked = try shell.apnsctl(["key", "revoke", "ABC123DEFG"] + keystore)
        #expect(revoked.status == 0, "\(revoked.stderr)")
        let purge = try Self.step(revoked.stdout, "apnsctl key purge")
        let purged = try shell.runAsPrinted(purge)
        #expect(purged.status == 0, "\(purge): \(purged.stderr)")
        #expect(try shell.keys(keystore)["ABC123DEFG"] == nil)

        #expect(try shell.apnsctl(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "STAGED0001"] + keystore)
            .status == 0)
        let refused = try shell.apnsctl(["key", "purge", "STAGED0001"] + keystore)
        #expect(refused.status == 5, "\(refused.stderr)")
        let revoke = try Self.step(refused.stderr, "apnsctl key revoke")
        let done = try shell.runAsPrinted(revoke)
        #expect(done.status == 0, "\(revoke): \(done.stderr)")
        #expect(try shell.keys(keystore)["STAGED0001"]?["state"] as? String == "revoked")
    }

    @Test func keyStepsRunAsPrintedOnADirectoryKeystore() throws {
        let shell = try Shell()
        let keystore = shell.path("ks with space")
        #expect(try shell.apnsctl(["keystore", "init", keystore]).status == 0)
        try importRotateRevokePurge(shell, ["--keystore", keystore])
    }

    @Test(.enabled(if: EtcdCluster.isInstalled, "needs etcd"))
    func keyStepsRunAsPrintedOnAnEtcdKeystoreWithItsKEKFile() throws {
        try withFleet { _, url, environment in
            let shell = try Shell()
            let kek = try #require(environment["APNSCTL_KEK_FILE"])
            try importRotateRevokePurge(shell, ["--keystore", url, "--kek-file", kek])
        }
    }

    /// The etcd options carry too: a cluster with TLS and user authentication, named only with flags (no
    /// $APNSCTL_ETCD_*), so a step that dropped --etcd-cacert, --etcd-user or --etcd-password-file would fail.
    @Test(.enabled(if: EtcdCluster.isInstalled, "needs etcd"))
    func keyStepsRunAsPrintedOnAnEtcdKeystoreWithTLSAndAUser() throws {
        let cluster = try EtcdCluster.start(tls: true, auth: true)
        defer { cluster.stop() }
        let shell = try Shell()
        let kek = shell.path("kek")
        _ = FileManager.default.createFile(atPath: kek, contents: Data((0..<32).map { _ in UInt8.random(in: 0...255) }),
                                           attributes: [.posixPermissions: 0o600])
        let password = shell.path("etcd-password")
        _ = FileManager.default.createFile(atPath: password, contents: Data((cluster.rootPassword ?? "").utf8),
                                           attributes: [.posixPermissions: 0o600])
        let url = "etcd://" + cluster.members.map(\.endpoint).joined(separator: ",") + "/apnsctl"
        let fleet = ["--keystore", url, "--kek-file", kek, "--etcd-cacert", try #require(cluster.caFile),
                     "--etcd-user", "root", "--etcd-password-file", password]
        let created = try shell.apnsctl(["keystore", "init"] + fleet.dropFirst(2) + [url])
        #expect(created.status == 0, "\(created.stderr)")
        // Without the TLS and user options the cluster is not reached: the steps must carry them.
        #expect(try shell.apnsctl(["key", "list", "--keystore", url, "--kek-file", kek]).status != 0)
        try importRotateRevokePurge(shell, fleet)
    }

    /// key list → import: a legacy key's step records its scope in the same keystore; a revoked key gets none.
    @Test func keyListsImportStepRunsAsPrintedAndNeverForARevokedKey() throws {
        let shell = try Shell()
        let keystore = shell.path("ks")
        #expect(try shell.apnsctl(["keystore", "init", keystore]).status == 0)
        try FileManager.default.copyItem(at: Self.keys.appendingPathComponent("AuthKey_ABC123DEFG.p8"),
                                         to: shell.directory.appendingPathComponent("AuthKey_ABC123DEFG.p8"))
        #expect(try shell.apnsctl(["key", "import", "AuthKey_ABC123DEFG.p8", "--team", "DEF123GHIJ",
                                   "--keystore", keystore]).status == 0)
        let list = try shell.apnsctl(["key", "list", "--keystore", keystore])
        let step = try Self.step(list.stdout, "apnsctl key import")
        let recorded = try shell.runAsPrinted(step, fill: [" ENV": " production"])
        #expect(recorded.status == 0, "\(step): \(recorded.stderr)")
        let key = try shell.keys(["--keystore", keystore])["ABC123DEFG"]
        #expect(key?["environments"] as? [String] == ["production"], "\(String(describing: key))")
        #expect(key?["scope_source"] as? String == "declared")

        let legacy = shell.path("ks2")
        #expect(try shell.apnsctl(["keystore", "init", legacy]).status == 0)
        #expect(try shell.apnsctl(["key", "import", "AuthKey_ABC123DEFG.p8", "--team", "DEF123GHIJ",
                                   "--keystore", legacy]).status == 0)
        #expect(try shell.apnsctl(["key", "revoke", "ABC123DEFG", "--force", "--keystore", legacy]).status == 0)
        let revoked = try shell.apnsctl(["key", "list", "--keystore", legacy])
        #expect(revoked.status == 0)
        #expect(!revoked.stdout.contains("key import"), "\(revoked.stdout)")
    }

    /// probe → key discover: the step carries the probe's server, CA, environment, topic and keystore, and records
    /// the scope the same server answered for in the same keystore.
    @Test func probesKeyDiscoverStepRunsAsPrintedAgainstTheSameServer() throws {
        let shell = try Shell()
        let mockKeystore = shell.path("mock-ks"), keystore = shell.path("ks")
        let p8 = Self.keys.appendingPathComponent("AuthKey_ABC123DEFG.p8").path
        for (path, scope) in [(mockKeystore, ["--env", "production"]), (keystore, [])] {
            #expect(try shell.apnsctl(["keystore", "init", path]).status == 0)
            #expect(try shell.apnsctl(["key", "import", p8, "--team", "DEF123GHIJ", "--keystore", path] + scope)
                .status == 0)
        }
        let ca = shell.path("mock-ca.pem")
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--env", "development", "--keystore",
                                         mockKeystore, "--ca-out", ca])
        defer { mock.kill() }
        let port = String(try mock.port())
        // The server named with --host/--port/--env, then with --target: each printed step asks the same server.
        for (index, server) in [["--host", "127.0.0.1", "--port", port, "--env", "development"],
                                ["--target", "development=127.0.0.1:\(port)"]].enumerated() {
            let store = index == 0 ? keystore : shell.path("ks-target")
            if index > 0 {
                #expect(try shell.apnsctl(["keystore", "init", store]).status == 0)
                #expect(try shell.apnsctl(["key", "import", p8, "--team", "DEF123GHIJ", "--keystore", store]).status == 0)
            }
            let probe = try shell.apnsctl(["probe"] + server + ["--cacert", ca, "--topic", "com.example.app",
                                                                "--team", "DEF123GHIJ", "--keystore", store])
            #expect(probe.status == 1, "\(server): \(probe.stdout)")
            let discover = try Self.step(probe.stdout, "apnsctl key discover")
            #expect(discover.contains(server[0]), "\(discover)")
            let discovered = try shell.runAsPrinted(discover)
            #expect(discovered.status == 0, "\(discover): \(discovered.stdout) \(discovered.stderr)")
            #expect(discovered.stdout.contains("development: refused"), "\(discovered.stdout)")
            let key = try shell.keys(["--keystore", store])["ABC123DEFG"]
            #expect(key?["environments"] as? [String] == ["production"], "\(String(describing: key))")
            #expect(key?["scope_source"] as? String == "discovered")
        }
    }

    /// Values that a shell would split are quoted.
    @Test func aValueWithASpaceIsQuoted() throws {
        let shell = try Shell()
        let keystore = shell.path("ks with space")
        #expect(try shell.apnsctl(["keystore", "init", keystore]).status == 0)
        #expect(try shell.apnsctl(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "KEY0000001",
                                   "--keystore", keystore]).status == 0)
        let revoked = try shell.apnsctl(["key", "revoke", "KEY0000001", "--force", "--keystore", keystore])
        #expect(revoked.stdout.contains("apnsctl key purge KEY0000001 --keystore '\(keystore)'"), "\(revoked.stdout)")
    }
}
