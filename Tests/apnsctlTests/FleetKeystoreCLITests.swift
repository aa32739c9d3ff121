import Foundation
import Synchronization
import Testing
import TestSupport

/// The keystore kept in a real 3-member etcd cluster (`--keystore etcd://…`), driven through apnsctl processes
/// playing separate hosts: every key verb works unchanged, etcd never holds a private key in clear, two hosts
/// rotating at once never both win, a process killed mid-rotation leaves a whole keystore, a sender's etcd role
/// cannot read key material, and `keystore copy` moves a keystore in and out, idempotently.
@Suite(.serialized) struct FleetKeystoreCLITests: FleetCLI {
    static let team = "DEF123GHIJ"

    @Test func everyKeyVerbWorksOnEtcdAndNoPrivateKeyIsStoredInClear() throws {
        try withFleet { cluster, url, environment in
            let fixture = KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")
            for command in [["key", "import", fixture, "--team", Self.team, "--env", "both"],
                            ["key", "generate", "--team", Self.team, "--key-id", "NEW0000001", "--env", "both"],
                            ["key", "rotate", "--team", Self.team, "--to", "NEW0000001"],
                            ["token", "--team", Self.team],
                            ["key", "revoke", "ABC123DEFG"], ["key", "purge", "ABC123DEFG"]] {
                let result = try run(command, url, environment)
                #expect(result.status == 0, "\(command): \(result.stderr)")
            }
            #expect(try states(url, environment) == ["NEW0000001": "active"])
            let doctor = try run(["doctor", "--format", "json"], url, environment)
            let checks = (try JSONSerialization.jsonObject(with: doctor.stdoutData) as? [String: Any])?["checks"]
                as? [[String: Any]] ?? []
            #expect(checks.first { $0["name"] as? String == "keystore integrity" }?["status"] as? String == "pass")
            #expect(!checks.contains { $0["name"] as? String == "keystore permissions" }, "no directory to check")
            let audit = try run(["keystore", "audit", "--format", "json"], url, environment)
            let actions = (try JSONSerialization.jsonObject(with: audit.stdoutData) as? [[String: Any]] ?? [])
                .compactMap { $0["action"] as? String }
            #expect(actions == ["keystore.init", "key.import", "key.generate", "key.rotate", "key.revoke", "key.purge"])
            // Everything etcd holds: no PEM, no line of the imported key's base64, no DER of its private key.
            let dump = try cluster.etcdctlChecked(["get", "--prefix", "/apnsctl", "-w", "json"])
            let values = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
            let stored = (values["kvs"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? String }
                .compactMap { Data(base64Encoded: $0) }
            #expect(stored.count >= 8)
            let pem = try String(contentsOfFile: fixture, encoding: .utf8)
            let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
            let der = try #require(Data(base64Encoded: body))
            for value in stored {
                #expect(value.range(of: Data("PRIVATE KEY".utf8)) == nil)
                #expect(value.range(of: der.suffix(40)) == nil, "a stored value holds the key's DER")
                #expect(value.range(of: Data(body.prefix(40).utf8)) == nil, "a stored value holds the key's base64")
            }
            // Without the key-encryption key, records and the shared token are readable, and secrets are not.
            let noKEK = ["APNSCTL_KEK_FILE": ""]
            #expect(try CLI.run(["key", "list", "--keystore", url], environment: noKEK).status == 0)
            #expect(try CLI.run(["token", "--team", Self.team, "--keystore", url], environment: noKEK).status == 0,
                    "the cached token is served without the key")
            let bare = try CLI.run(["key", "generate", "--team", Self.team, "--key-id", "GEN0000009", "--keystore", url],
                                   environment: noKEK)
            #expect(bare.status == 2 && bare.stderr.contains("needs the keystore's key-encryption key"), "\(bare.stderr)")
            // A wrong key-encryption key is named as such.
            let wrong = cluster.directory.appendingPathComponent("wrong").path
            try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: wrong))
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: wrong)
            let refused = try CLI.run(["key", "list", "--keystore", url], environment: ["APNSCTL_KEK_FILE": wrong])
            #expect(refused.status == 5 && refused.stderr.contains("wrong key-encryption key"), "\(refused.stderr)")
        }
    }

    @Test func twoHostsRotatingAtOnceNeverBothWin() throws {
        try withFleet { _, url, environment in
            for key in ["OLD0000001", "NEW0000001"] {
                #expect(try run(["key", "generate", "--team", Self.team, "--key-id", key], url, environment).status == 0)
            }
            for round in 0..<3 {
                let target = round % 2 == 0 ? "NEW0000001" : "OLD0000001"
                // Two hosts at once: two processes started together.
                let outcomes = Mutex<[CLI.Result]>([])
                DispatchQueue.concurrentPerform(iterations: 2) { _ in
                    if let result = try? self.run(["key", "rotate", "--team", Self.team, "--to", target], url, environment) {
                        outcomes.withLock { $0.append(result) }
                    }
                }
                let results = outcomes.withLock { $0 }
                #expect(results.map(\.status).sorted() == [0, 5], "round \(round): \(results.map(\.stderr))")
                let loser = results.first { $0.status == 5 }
                // Refused by the rotation lock while the winner holds it, or by the rule once it has finished.
                #expect(loser?.stderr.contains("another rotation is in progress") == true
                        || loser?.stderr.contains("already the active key") == true, "\(loser?.stderr ?? "")")
                let states = try states(url, environment)
                #expect(states.values.filter { $0 == "active" }.count == 1, "round \(round): \(states)")
            }
        }
    }

    @Test(arguments: ["before-manifest", "after-manifest"])
    func aRotationKilledMidwayCommitsAllOrNothing(point: String) throws {
        try withFleet { _, url, environment in
            for key in ["OLD0000001", "NEW0000001"] {
                #expect(try run(["key", "generate", "--team", Self.team, "--key-id", key], url, environment).status == 0)
            }
            var crash = environment
            crash["APNSCTL_DEBUG_CRASH_AT"] = "key.rotate:\(point)"
            let killed = try run(["key", "rotate", "--team", Self.team, "--to", "NEW0000001"], url, crash)
            #expect(killed.status == 9, "not reached: \(killed.stderr)")
            let committed = point == "after-manifest"
            #expect(try states(url, environment) == (committed ? ["OLD0000001": "retired", "NEW0000001": "active"]
                                                               : ["OLD0000001": "active", "NEW0000001": "staged"]))
            let audit = try run(["keystore", "audit", "--format", "json"], url, environment)
            let rotations = (try JSONSerialization.jsonObject(with: audit.stdoutData) as? [[String: Any]] ?? [])
                .filter { $0["action"] as? String == "key.rotate" }
            #expect(rotations.count == (committed ? 1 : 0), "the audit entry travels with the change")
        }
    }

    @Test func aSendersRoleReadsTheTokensButNoKey() throws {
        try withFleet(auth: true) { cluster, url, environment in
            #expect(try run(["key", "generate", "--team", Self.team, "--key-id", "GEN0000001"], url, environment).status == 0)
            #expect(try run(["token", "--team", Self.team], url, environment).status == 0)
            try cluster.etcdctlChecked(["role", "add", "sender"])
            try cluster.etcdctlChecked(["role", "grant-permission", "sender", "--prefix=true", "read", "/apnsctl/tokens/"])
            try cluster.etcdctlChecked(["user", "add", "sender:sender-secret"])
            try cluster.etcdctlChecked(["user", "grant-role", "sender", "sender"])
            let tokens = try cluster.etcdctl(["get", "--prefix", "/apnsctl/tokens/", "--user", "sender:sender-secret"], asRoot: false)
            #expect(tokens.status == 0 && tokens.stdout.contains("GEN0000001"), "\(tokens.stderr)")
            let key = try cluster.etcdctl(["get", "/apnsctl/objects/keys/GEN0000001.p8", "--user", "sender:sender-secret"],
                                          asRoot: false)
            #expect(key.status != 0 && key.stderr.contains("permission denied"), "\(key.stdout)")
            let sender = ["APNSCTL_ETCD_USER": "sender", "APNSCTL_ETCD_PASSWORD": "sender-secret", "APNSCTL_KEK_FILE": ""]
            // The token agent needs nothing more: as the sender it writes the token file.
            let out = cluster.directory.appendingPathComponent("sender-tokens").path
            let agent = try run(["token", "agent", "--out", out, "--once"], url, sender)
            #expect(agent.status == 0, "\(agent.stderr)")
            let served = try String(contentsOfFile: out + "/\(Self.team)-development.token", encoding: .utf8)
            #expect(served.hasPrefix("eyJ") && served.split(separator: ".").count == 3, "\(served)")
            let denied = try run(["key", "list"], url, sender)
            #expect(denied.status == 5 && denied.stderr.contains("permission denied"), "\(denied.stderr)")
            let wrong = try run(["key", "list"], url, ["APNSCTL_ETCD_USER": "sender", "APNSCTL_ETCD_PASSWORD": "nope"])
            #expect(wrong.status != 0 && wrong.stderr.contains("authentication failed"), "\(wrong.stderr)")
            #expect(wrong.stderr.contains("apnsctl: hint: "))
        }
    }

    @Test func copyMovesAKeystoreIntoEtcdAndBackIdempotently() throws {
        try withFleet { cluster, url, environment in
            let directory = cluster.directory.appendingPathComponent("local").path
            #expect(try CLI.run(["keystore", "init", directory]).status == 0)
            for command in [["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", Self.team],
                            ["key", "generate", "--team", Self.team, "--key-id", "PRD0000001", "--env", "production"]] {
                #expect(try CLI.run(command + ["--keystore", directory]).status == 0)
            }
            let into = try CLI.run(["keystore", "copy", "--from", directory, "--to", url, "--format", "json"],
                                   environment: environment)
            #expect(into.status == 0, "\(into.stderr)")
            let copied = try JSONSerialization.jsonObject(with: into.stdoutData) as? [String: Any]
            #expect(copied?["keys"] as? [String] == ["ABC123DEFG", "PRD0000001"])
            let again = try CLI.run(["keystore", "copy", "--from", directory, "--to", url, "--format", "json"],
                                    environment: environment)
            let second = try JSONSerialization.jsonObject(with: again.stdoutData) as? [String: Any]
            #expect((second?["keys"] as? [String])?.isEmpty == true && second?["already_present_count"] as? Int == 2)
            let back = cluster.directory.appendingPathComponent("back").path
            #expect(try CLI.run(["keystore", "init", back]).status == 0)
            #expect(try CLI.run(["keystore", "copy", "--from", url, "--to", back], environment: environment).status == 0)
            let original = try String(contentsOfFile: directory + "/keys/ABC123DEFG.p8", encoding: .utf8)
            #expect(try String(contentsOfFile: back + "/keys/ABC123DEFG.p8", encoding: .utf8) == original)
            #expect(try states(url, environment) == ["ABC123DEFG": "active", "PRD0000001": "staged"])
        }
    }
}
