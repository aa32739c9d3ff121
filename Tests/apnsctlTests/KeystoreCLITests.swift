import APNsCore
import Foundation
import TestSupport
import Testing

/// Helpers for the keystore, key and token CLI tests: a fresh keystore per test, chosen through
/// $APNSCTL_KEYSTORE exactly as a user's shell would.
enum KeystoreCLI {
    static let keyFixtures = CLI.fixtures.appendingPathComponent("keys")

    static func fixture(_ name: String) -> String { keyFixtures.appendingPathComponent(name).path }

    /// A new keystore in a new temporary directory.
    static func fresh() throws -> String {
        let path = CLI.temporaryDirectory("ks").appendingPathComponent("keystore").path
        let result = try CLI.run(["keystore", "init", path])
        guard result.status == 0 else { throw CLIFailure(result: result) }
        return path
    }

    /// Runs apnsctl against `keystore`.
    static func run(_ arguments: [String], _ keystore: String, environment: [String: String] = [:],
                    stdin: Data? = nil) throws -> CLI.Result {
        var env = environment
        env["APNSCTL_KEYSTORE"] = keystore
        return try CLI.run(arguments, environment: env, stdin: stdin)
    }

    /// Runs and requires exit 0.
    @discardableResult
    static func ok(_ arguments: [String], _ keystore: String, environment: [String: String] = [:]) throws -> CLI.Result {
        let result = try run(arguments, keystore, environment: environment)
        guard result.status == 0 else { throw CLIFailure(result: result) }
        return result
    }

    /// Parses stdout as JSON.
    static func json(_ result: CLI.Result) throws -> Any {
        try JSONSerialization.jsonObject(with: result.stdoutData)
    }

    /// `key list --format json` as [key_id: state].
    static func states(_ keystore: String) throws -> [String: String] {
        let keys = try json(try ok(["key", "list", "--format", "json"], keystore)) as? [[String: Any]] ?? []
        var states = [String: String]()
        for key in keys { states[key["key_id"] as? String ?? "?"] = key["state"] as? String }
        return states
    }

    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
    }

    /// True when stderr is one error line naming every fragment, followed by a hint.
    static func failed(_ result: CLI.Result, _ status: Int32, _ fragments: String...) -> Bool {
        let lines = result.stderr.split(separator: "\n")
        return result.status == status && lines.first?.hasPrefix("apnsctl: error: ") == true
            && fragments.allSatisfy { result.stderr.contains($0) } && !result.stderr.contains("Fatal error")
    }
}

struct CLIFailure: Error, CustomStringConvertible {
    var result: CLI.Result
    var description: String { "exit \(result.status): \(result.stderr)" }
}

@Suite struct KeystoreCLITests {
    @Test func initCreatesAPrivateKeystoreAndRefusesASecondInit() throws {
        let ks = try KeystoreCLI.fresh()
        #expect(KeystoreCLI.mode(ks) == 0o700)
        #expect(KeystoreCLI.mode(ks + "/keystore.json") == 0o600)
        let again = try CLI.run(["keystore", "init", ks, "--format", "json"])
        #expect(KeystoreCLI.failed(again, 5, "already holds a keystore"))
        let json = try CLI.run(["keystore", "init", ks + "2", "--format", "json"])
        #expect(json.status == 0)
        #expect((try KeystoreCLI.json(json) as? [String: Any])?["keystore"] as? String == ks + "2")
    }

    @Test func initWithoutAPathUsesTheEnvironmentAndTheRepositoryKeystoreIsFoundFromItsParent() throws {
        let root = CLI.temporaryDirectory("repo")
        let ks = root.appendingPathComponent("keystore").path
        // The repository's keystore/ (README and .gitignore only) becomes the default once initialised.
        try FileManager.default.createDirectory(atPath: ks, withIntermediateDirectories: true)
        try Data("# readme\n".utf8).write(to: URL(fileURLWithPath: ks + "/README.md"))
        let xdg = root.appendingPathComponent("xdg").path
        let before = try CLI.run(["key", "list"], in: root, environment: ["XDG_DATA_HOME": xdg])
        #expect(KeystoreCLI.failed(before, 5, "\(xdg)/apnsctl", "no keystore here"))
        #expect(before.stderr.contains("apnsctl: hint: create one with `apnsctl keystore init"))
        #expect(try CLI.run(["keystore", "init", "keystore"], in: root).status == 0)
        let generated = try CLI.run(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000001"], in: root,
                                    environment: ["XDG_DATA_HOME": xdg])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(FileManager.default.fileExists(atPath: ks + "/keys/GEN0000001.p8"))
        // The environment variable beats ./keystore.
        let other = root.appendingPathComponent("other").path
        #expect(try CLI.run(["keystore", "init"], in: root, environment: ["APNSCTL_KEYSTORE": other]).status == 0)
        #expect(FileManager.default.fileExists(atPath: other + "/keystore.json"))
    }

    @Test func aWorldReadableKeystoreIsRefusedUntilFixPermissions() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000001"], ks)
        chmod(ks + "/keys/GEN0000001.p8", 0o644)
        for command in [["key", "list"], ["token"], ["keystore", "status"], ["key", "inspect", "GEN0000001"]] {
            let refused = try KeystoreCLI.run(command, ks)
            #expect(KeystoreCLI.failed(refused, 5, "unsafe permissions", "GEN0000001.p8", "0644"), "\(command)")
            #expect(refused.stderr.contains("apnsctl: hint: run `apnsctl keystore fix-permissions"))
            #expect(refused.stdout.isEmpty)
        }
        let fixed = try KeystoreCLI.ok(["keystore", "fix-permissions", "--format", "json"], ks)
        let paths = ((try KeystoreCLI.json(fixed) as? [String: Any])?["fixed"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(paths == [ks + "/keys/GEN0000001.p8"])
        #expect(KeystoreCLI.mode(ks + "/keys/GEN0000001.p8") == 0o600)
        #expect(try KeystoreCLI.run(["key", "list"], ks).status == 0)
    }

    @Test func statusListsKeysWithStateAgeAndLastUse() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ"], ks)
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000001"], ks)
        try KeystoreCLI.ok(["token"], ks)
        let status = try KeystoreCLI.ok(["keystore", "status", "--format", "json"], ks)
        let report = try #require(try KeystoreCLI.json(status) as? [String: Any])
        #expect(report["passed"] as? Bool == true)
        #expect(report["min_days"] as? Int == 30)
        let keys = try #require(report["keys"] as? [[String: Any]])
        #expect(keys.map { $0["key_id"] as? String } == ["ABC123DEFG", "GEN0000001"])
        #expect(keys.map { $0["state"] as? String } == ["active", "staged"])
        #expect(keys[0]["last_used"] is String)
        #expect(keys[1]["last_used"] is NSNull)
        #expect(keys[0]["age_days"] as? Int == 0)
        #expect(keys[1]["registered_with_apple"] as? Bool == false)
        let text = try KeystoreCLI.ok(["keystore", "status"], ks)
        #expect(text.stdout.contains("GEN0000001  DEF123GHIJ  staged"))
        #expect(text.stdout.contains("not registered with Apple"))
    }

    @Test func auditShowsEveryTransitionAndFiltersBySince() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "OLD0000001"], ks)
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "NEW0000001"], ks)
        try KeystoreCLI.ok(["key", "rotate", "--team", "DEF123GHIJ", "--to", "NEW0000001"], ks)
        _ = try KeystoreCLI.run(["key", "purge", "NEW0000001"], ks)
        let audit = try KeystoreCLI.ok(["keystore", "audit", "--format", "json"], ks)
        let entries = try #require(try KeystoreCLI.json(audit) as? [[String: Any]])
        #expect(entries.map { $0["action"] as? String }
                == ["keystore.init", "key.generate", "key.generate", "key.rotate", "key.purge"])
        #expect(entries.map { $0["outcome"] as? String } == ["ok", "ok", "ok", "ok", "refused"])
        for entry in entries {
            for field in ["time", "action", "outcome", "actor"] { #expect(entry[field] != nil, "\(field)") }
        }
        let future = try KeystoreCLI.ok(["keystore", "audit", "--since", "2999-01-01T00:00:00Z", "--format", "json"], ks)
        #expect((try KeystoreCLI.json(future) as? [Any])?.isEmpty == true)
        let recent = try KeystoreCLI.ok(["keystore", "audit", "--since", "1h"], ks)
        #expect(recent.stdout.split(separator: "\n").count == 5)
        // A calendar day, as `cert verify --at 2026-11-24` takes it: one date parser for every option.
        let today = String(ISO8601Text.string(from: Date()).prefix(10))
        let sinceToday = try KeystoreCLI.ok(["keystore", "audit", "--since", today], ks)
        #expect(sinceToday.stdout.split(separator: "\n").count == 5)
        let futureDay = try KeystoreCLI.ok(["keystore", "audit", "--since", "2999-01-01", "--format", "json"], ks)
        #expect((try KeystoreCLI.json(futureDay) as? [Any])?.isEmpty == true)
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["keystore", "audit", "--since", "yesterday"], ks), 2, "--since"))
    }

    @Test func aLockedKeystoreFailsWithExitFiveAfterTheTimeout() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000001"], ks)
        let fd = open(ks + "/.lock", O_RDWR)
        #expect(flock(fd, LOCK_EX) == 0)
        defer { close(fd) }
        for command in [["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000002"], ["token"],
                        ["key", "revoke", "GEN0000001", "--force"]] {
            let locked = try KeystoreCLI.run(command + ["--lock-timeout", "0.3"], ks)
            #expect(KeystoreCLI.failed(locked, 5, "locked by another process"), "\(command)")
            #expect(locked.stderr.contains("--lock-timeout"))
            #expect(locked.stdout.isEmpty)
        }
        flock(fd, LOCK_UN)
        #expect(try KeystoreCLI.states(ks) == ["GEN0000001": "active"])
    }
}

@Suite struct KeystoreBadInputTests {
    /// One refusal per verb not covered elsewhere: each is one error line plus a hint, the documented exit
    /// code, nothing on stdout, and the keystore unchanged.
    @Test func everyVerbRefusesBadInputClearly() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000001"], ks)
        let manifest = URL(fileURLWithPath: ks + "/keystore.json")
        let before = try Data(contentsOf: manifest)
        let cases: [([String], Int32, String)] = [
            (["keystore", "status", "--min-days", "-1"], 2, "--min-days"),
            (["keystore", "audit", "--since", "5x"], 2, "--since 5x"),
            (["keystore", "fix-permissions", "--keystore", "/nonexistent/ks"], 5, "no keystore here"),
            (["key", "list", "--team", "short"], 2, "--team short"),
            (["key", "inspect", "lowercase1"], 2, "not a valid key id"),
            (["key", "export-public", "UNKNOWN001"], 5, "UNKNOWN001: not in the keystore"),
            (["key", "purge", "GEN0000001"], 5, "only revoked keys"),
            (["key", "rotate", "--team", "NOPE123456", "--to", "GEN0000001"], 5, "belongs to team DEF123GHIJ"),
            (["token", "--key-id", "GEN0000001", "--team", "OTHER12345"], 5, "belongs to team DEF123GHIJ"),
            (["token", "inspect", "a.b.c", "--key", "/nonexistent.pem"], 3, "not base64url"),
            (["token", "inspect", "-"], 3, "not a JWT"),
            (["cert", "import", KeystoreCLI.fixture("garbage.p8")], 3, "garbage.p8"),
            (["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ",
              "--password-file", "x", "--password-env", "Y"], 2, "cannot be used together"),
            (["key", "list", "--lock-timeout", "-1"], 2, "--lock-timeout"),
        ]
        for (command, status, fragment) in cases {
            let result = try KeystoreCLI.run(command, ks, stdin: Data())
            #expect(KeystoreCLI.failed(result, status, fragment), "\(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("apnsctl: hint: "), "\(command) has no hint")
            #expect(result.stdout.isEmpty, "\(command) printed \(result.stdout)")
        }
        #expect(try Data(contentsOf: manifest) == before)
        #expect(try KeystoreCLI.states(ks) == ["GEN0000001": "active"])
    }
}

@Suite struct KeystoreFileModeTests {
    /// Secrets are 0600 and directories 0700 even under umask 000.
    @Test func modesHoldWhateverTheUmask() throws {
        let ks = CLI.temporaryDirectory("umask").appendingPathComponent("keystore").path
        let script = """
        umask 000
        "$0" keystore init "$1" >/dev/null && \
        "$0" key import "$2" --team DEF123GHIJ >/dev/null && \
        "$0" key generate --team DEF123GHIJ --key-id GEN0000001 >/dev/null && \
        "$0" token >/dev/null
        """
        let shell = try CLI.run(["-c", script, CLI.binary.path, ks, KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")],
                                environment: ["APNSCTL_KEYSTORE": ks], shell: true)
        #expect(shell.status == 0, "\(shell.stderr)")
        for directory in [ks, ks + "/keys", ks + "/certs"] { #expect(KeystoreCLI.mode(directory) == 0o700, "\(directory)") }
        for file in ["keystore.json", "audit.log", "token-cache.json", ".lock", "keys/ABC123DEFG.p8", "keys/GEN0000001.p8"] {
            #expect(KeystoreCLI.mode(ks + "/" + file) == 0o600, "\(file)")
        }
    }

    /// The repository's keystore/.gitignore keeps everything but the README and itself out of git.
    @Test func theRepositoryKeystoreIgnoresEverySecret() throws {
        guard FileManager.default.fileExists(atPath: CLI.repositoryRoot.appendingPathComponent(".git").path) else {
            print("skipped: not a git checkout")
            return
        }
        func ignored(_ path: String) throws -> Bool {
            try CLI.run(["-c", "git -C \"$0\" check-ignore -q --no-index \"$1\"", CLI.repositoryRoot.path, path],
                        shell: true).status == 0
        }
        for secret in ["keystore/keystore.json", "keystore/keys/ABC123DEFG.p8", "keystore/certs/abc.key.pem",
                       "keystore/token-cache.json", "keystore/audit.log", "keystore/.lock",
                       "keystore/keys/.ABC123DEFG.p8.tmp-x1y2z3"] {
            #expect(try ignored(secret), "\(secret) is not ignored")
        }
        #expect(try !ignored("keystore/README.md"))
        #expect(try !ignored("keystore/.gitignore"))
    }
}

extension CLI {
    /// Runs `/bin/sh` with `arguments` instead of apnsctl (for umask and git), same capture as `run`.
    static func run(_ arguments: [String], environment: [String: String] = [:], shell: Bool) throws -> Result {
        let result = try ExternalProcess.run("/bin/sh", arguments, environment: environment)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr,
                      stdoutData: result.stdoutData)
    }
}

/// Issue 19: a keystore the user cannot read (cron running as another user) was "no keystore here", `init`
/// then suggested a `--force` it does not have, and `doctor` said ⚠ with exit 0. Run as `nobody` (setpriv)
/// against root's 0700 keystore.
@Suite struct KeystorePermissionDeniedTests {
    static let setpriv = ExternalProcess.find("setpriv")

    static func asNobody(_ arguments: [String]) throws -> CLI.Result {
        let result = try ExternalProcess.run(setpriv ?? "/usr/bin/setpriv",
                                             ["--reuid=nobody", "--regid=nogroup", "--clear-groups", CLI.binary.path]
                                             + arguments,
                                             environment: ["NO_COLOR": "1", "APNSCTL_KEYSTORE": nil, "HOME": "/tmp"])
        return CLI.Result(status: result.status, stdout: result.stdout, stderr: result.stderr, stdoutData: result.stdoutData)
    }

    /// Only root can become `nobody`; the classification itself is tested without privileges in
    /// KeystoreLocationTests.aKeystoreThisUserCannotEnterIsDeniedNotAbsent.
    @Test(.enabled(if: getuid() == 0, "only root can run apnsctl as nobody"))
    func anotherUsersKeystoreIsPermissionDeniedExit5AndFailsDoctor() throws {
        try #require(Self.setpriv != nil, "setpriv (util-linux) is needed: make test-deps installs it")
        let ks = try KeystoreCLI.fresh()
        let parent = (ks as NSString).deletingLastPathComponent
        #expect(chmod(parent, 0o755) == 0)
        let expected = "apnsctl: error: \(ks): permission denied (owned by root, 0700)\n"
        for arguments in [["keystore", "status", "--keystore", ks], ["key", "list", "--keystore", ks],
                          ["keystore", "init", ks]] {
            let result = try Self.asNobody(arguments)
            #expect(result.status == 5, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix(expected), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("no keystore here") && !result.stderr.contains("--force"))
            #expect(result.stderr.contains("apnsctl: hint: run apnsctl as root"))
        }
        let doctor = try Self.asNobody(["doctor", "--keystore", ks, "--format", "json"])
        #expect(doctor.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: doctor.stdoutData) as? [String: Any])
        let check = try #require((json["checks"] as? [[String: Any]])?.first { $0["name"] as? String == "keystore" })
        #expect(check["status"] as? String == "fail")
        #expect((check["detail"] as? String)?.contains("permission denied (owned by root, 0700)") == true)
    }
}
