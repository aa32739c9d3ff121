import Foundation
import Testing
import TestSupport

/// A revocation is permanent (issue 29 §1): after `key revoke` and `key purge` the manifest keeps a tombstone (key
/// id, SHA-256 of the public key, when, by whom), and importing that key id, or that key material under another
/// id, is refused with exit 5 and the date of the revocation — on a directory keystore and on etcd.
@Suite struct KeyRevocationCLITests {
    static let team = "DEF123GHIJ"
    static let fixture = KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")
    static let fingerprint = "6034c8b8c7be5e8b4ef8eef172e0e2a1564e104b460842d8a79b530bf8fc12c4"

    /// Today's date as the refusal prints it (UTC).
    static var today: String { String(ISO8601DateFormatter().string(from: Date()).prefix(10)) }

    @Test func aRevokedAndPurgedKeyIsRefusedUnderItsIDAndUnderAnother() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", Self.fixture, "--team", Self.team, "--env", "both"], ks)
        try KeystoreCLI.ok(["key", "revoke", "ABC123DEFG", "--force"], ks)
        try KeystoreCLI.ok(["key", "purge", "ABC123DEFG"], ks)
        let again = try KeystoreCLI.run(["key", "import", Self.fixture, "--team", Self.team, "--env", "both"], ks)
        #expect(KeystoreCLI.failed(again, 5, "key ABC123DEFG was revoked on \(Self.today)"), "\(again.stderr)")
        #expect(again.stderr.contains("apnsctl: hint: "))
        #expect(again.stdout.isEmpty)
        let pem = try Data(contentsOf: URL(fileURLWithPath: Self.fixture))
        let renamed = try KeystoreCLI.run(["key", "import", "-", "--key-id", "OTHER00001", "--team", Self.team], ks,
                                          stdin: pem)
        #expect(KeystoreCLI.failed(renamed, 5, "revoked key ABC123DEFG", "revoked on \(Self.today)"), "\(renamed.stderr)")
        #expect(try KeystoreCLI.states(ks).isEmpty, "nothing was imported")
        #expect(!FileManager.default.fileExists(atPath: ks + "/keys/ABC123DEFG.p8"))
        #expect(!FileManager.default.fileExists(atPath: ks + "/keys/OTHER00001.p8"))
        #expect(try KeystoreCLI.run(["token", "--team", Self.team], ks).status == 5)
        // The tombstone is in keystore status, text and JSON.
        let status = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["keystore", "status", "--format", "json"], ks))
                                      as? [String: Any])
        let tombstone = try #require((status["revoked_keys"] as? [[String: Any]])?.first)
        #expect(tombstone["key_id"] as? String == "ABC123DEFG" && tombstone["team_id"] as? String == Self.team)
        #expect(tombstone["public_key_sha256"] as? String == Self.fingerprint)
        #expect((tombstone["revoked_at"] as? String)?.hasPrefix(Self.today) == true)
        #expect((tombstone["revoked_by"] as? String)?.contains("@") == true)
        #expect(try KeystoreCLI.ok(["keystore", "status"], ks).stdout.contains("revoked: ABC123DEFG"))
        #expect(try KeystoreCLI.ok(["key", "list"], ks).stdout
            .contains("revoked and purged, never imported again: ABC123DEFG (\(Self.today))"))
        let refusals = (try KeystoreCLI.json(try KeystoreCLI.ok(["keystore", "audit", "--format", "json"], ks))
                        as? [[String: Any]] ?? []).filter { $0["action"] as? String == "key.import" }
        #expect(refusals.map { $0["outcome"] as? String } == ["ok", "refused", "refused"])
    }

    @Test func aRevokedKeyNotYetPurgedIsRefusedTooAndGenerateCannotReuseARevokedID() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", Self.team, "--key-id", "GEN0000001"], ks)
        try KeystoreCLI.ok(["key", "revoke", "GEN0000001", "--force"], ks)
        try KeystoreCLI.ok(["key", "purge", "GEN0000001"], ks)
        let generated = try KeystoreCLI.run(["key", "generate", "--team", Self.team, "--key-id", "GEN0000001"], ks)
        #expect(KeystoreCLI.failed(generated, 5, "key GEN0000001 was revoked on"), "\(generated.stderr)")
        try KeystoreCLI.ok(["key", "import", Self.fixture, "--team", Self.team], ks)
        try KeystoreCLI.ok(["key", "revoke", "ABC123DEFG", "--force"], ks)
        let before = try KeystoreCLI.run(["key", "import", Self.fixture, "--team", Self.team], ks)
        #expect(KeystoreCLI.failed(before, 5, "key ABC123DEFG was revoked on"), "\(before.stderr)")
        #expect(try KeystoreCLI.states(ks) == ["ABC123DEFG": "revoked"])
    }
}

extension KeyRevocationCLITests {
    @Test func keystoreCopyCarriesTombstonesAndNeverBringsARevokedKeyBack() throws {
        let revoked = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", Self.fixture, "--team", Self.team], revoked)
        try KeystoreCLI.ok(["key", "revoke", "ABC123DEFG", "--force"], revoked)
        try KeystoreCLI.ok(["key", "purge", "ABC123DEFG"], revoked)
        // A keystore that still holds the key active cannot be copied into one that revoked it.
        let stale = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", Self.fixture, "--team", Self.team], stale)
        let back = try CLI.run(["keystore", "copy", "--from", stale, "--to", revoked])
        #expect(KeystoreCLI.failed(back, 5, "key ABC123DEFG was revoked on \(Self.today)"), "\(back.stderr)")
        #expect(try KeystoreCLI.states(revoked).isEmpty)
        // The tombstone travels: the copy refuses the key too.
        let copy = try KeystoreCLI.fresh()
        let copied = try CLI.run(["keystore", "copy", "--from", revoked, "--to", copy, "--format", "json"])
        #expect(copied.status == 0, "\(copied.stderr)")
        let output = try #require(try KeystoreCLI.json(copied) as? [String: Any])
        #expect(output["revoked_keys"] as? [String] == ["ABC123DEFG"] && output["already_present_count"] as? Int == 0)
        let again = try KeystoreCLI.run(["key", "import", Self.fixture, "--team", Self.team], copy)
        #expect(KeystoreCLI.failed(again, 5, "key ABC123DEFG was revoked on \(Self.today)"), "\(again.stderr)")
        let twice = try CLI.run(["keystore", "copy", "--from", revoked, "--to", copy, "--format", "json"])
        #expect((try KeystoreCLI.json(twice) as? [String: Any])?["already_present_count"] as? Int == 1)
    }
}

/// The same on a keystore kept in a real etcd cluster, and a revocation made by an older apnsctl (a version 3
/// manifest, no tombstones) gets its tombstone when the keystore is next opened.
@Suite(.serialized) struct FleetKeyRevocationCLITests: FleetCLI {
    static let team = "DEF123GHIJ"

    @Test func onEtcdARevocationOutlivesThePurgeAndAnOlderManifestStillReads() throws {
        try withFleet { cluster, url, environment in
            // An older apnsctl revoked GEN0000001: its manifest (version 3) has no tombstones.
            #expect(try run(["key", "generate", "--team", Self.team, "--key-id", "GEN0000001"], url, environment).status == 0)
            #expect(try run(["key", "revoke", "GEN0000001", "--force"], url, environment).status == 0)
            let stored = try cluster.etcdctlChecked(["get", "/apnsctl/manifest", "--print-value-only"])
            var manifest = try #require(try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any])
            manifest["version"] = 3
            manifest.removeValue(forKey: "revoked_keys")
            let older = String(decoding: try JSONSerialization.data(withJSONObject: manifest), as: UTF8.self)
            _ = try cluster.etcdctlChecked(["put", "/apnsctl/manifest", older])
            #expect(try states(url, environment) == ["GEN0000001": "revoked"], "a version 3 manifest reads")
            #expect(try run(["key", "purge", "GEN0000001"], url, environment).status == 0)
            let generated = try run(["key", "generate", "--team", Self.team, "--key-id", "GEN0000001"], url, environment)
            #expect(KeystoreCLI.failed(generated, 5, "key GEN0000001 was revoked on"), "\(generated.stderr)")
            // A revocation made now outlives the purge on etcd too.
            let fixture = KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")
            for command in [["key", "import", fixture, "--team", Self.team, "--env", "both"],
                            ["key", "revoke", "ABC123DEFG", "--force"], ["key", "purge", "ABC123DEFG"]] {
                let result = try run(command, url, environment)
                #expect(result.status == 0, "\(command): \(result.stderr)")
            }
            let again = try run(["key", "import", fixture, "--team", Self.team, "--env", "both"], url, environment)
            #expect(KeystoreCLI.failed(again, 5, "key ABC123DEFG was revoked on \(KeyRevocationCLITests.today)"),
                    "\(again.stderr)")
            #expect(try states(url, environment).isEmpty)
            let status = try run(["keystore", "status", "--format", "json"], url, environment)
            let tombstones = ((try JSONSerialization.jsonObject(with: status.stdoutData) as? [String: Any])?["revoked_keys"]
                              as? [[String: Any]]) ?? []
            #expect(tombstones.compactMap { $0["key_id"] as? String } == ["GEN0000001", "ABC123DEFG"])
            #expect(tombstones.first?["revoked_by"] is NSNull, "who revoked it before version 4 is unknown")
            #expect((tombstones.last?["revoked_by"] as? String)?.contains("@") == true)
        }
    }
}
