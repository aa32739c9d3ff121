import Foundation
import TestSupport
import Testing

/// `apnsctl asc key import|list`, and `key revoke|purge` on App Store Connect keys, through the built binary.
@Suite struct AscKeyCLITests {
    static let issuer = "57246542-96fe-1a63-e053-0824d011072a"

    /// A new EC P-256 key from openssl, as App Store Connect's download names it (`AuthKey_KEYID.p8`).
    static func newKey(_ keyID: String, curve: String = "P-256") throws -> String {
        let path = CLI.temporaryDirectory("asc-key").appendingPathComponent("AuthKey_\(keyID).p8").path
        let made = try CLI.tool("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt",
                                                     "ec_paramgen_curve:\(curve)", "-out", path])
        #expect(made.status == 0, "\(made.output)")
        return path
    }

    /// Expects exactly one `apnsctl: error:` line (containing `error`) and one `apnsctl: hint:` line.
    static func expectWorded(_ result: CLI.Result, status: Int32, error: String, hint: String) {
        #expect(result.status == status, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("apnsctl: error: ") == true && lines.first?.contains(error) == true,
                "\(result.stderr)")
        #expect(lines.last?.hasPrefix("apnsctl: hint: ") == true && lines.last?.contains(hint) == true, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aTeamKeyAndAnIndividualKeyAreImportedAndListedWithTheirKind() throws {
        let ks = try KeystoreCLI.fresh()
        let team = try Self.newKey("ASCTEAM001"), individual = try Self.newKey("ASCINDI001")
        let imported = try KeystoreCLI.ok(["asc", "key", "import", team, "--issuer", Self.issuer.uppercased(),
                                           "--format", "json"], ks)
        let object = try #require(try KeystoreCLI.json(imported) as? [String: Any])
        #expect(object["kind"] as? String == "app_store_connect_team")
        #expect(object["issuer_id"] as? String == Self.issuer)
        #expect(object["already_present"] as? Bool == false)
        try KeystoreCLI.ok(["asc", "key", "import", individual, "--individual"], ks)
        let again = try KeystoreCLI.ok(["asc", "key", "import", team, "--issuer", Self.issuer], ks)
        #expect(again.stdout.contains("already in the keystore"))

        let list = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["asc", "key", "list", "--format", "json"], ks))
                                as? [[String: Any]])
        #expect(list.map { $0["key_id"] as? String } == ["ASCTEAM001", "ASCINDI001"])
        #expect(list.map { $0["kind"] as? String } == ["app_store_connect_team", "app_store_connect_individual"])
        #expect(list[1]["issuer_id"] is NSNull)
        // key list: its JSON array is the APNs keys; its text names the App Store Connect keys by kind.
        #expect(try KeystoreCLI.json(try KeystoreCLI.ok(["key", "list", "--format", "json"], ks)) as? [Any] != nil)
        #expect((try KeystoreCLI.json(try KeystoreCLI.ok(["key", "list", "--format", "json"], ks)) as? [Any])?.isEmpty == true)
        let text = try KeystoreCLI.ok(["key", "list"], ks).stdout
        #expect(text.contains("ASCTEAM001 (App Store Connect team, issuer \(Self.issuer), active)"))
        #expect(text.contains("ASCINDI001 (App Store Connect individual, active)"))
    }

    @Test func badIssuersAndBadFilesGetOneErrorAndOneHint() throws {
        let ks = try KeystoreCLI.fresh()
        let key = try Self.newKey("ASCBAD0001")
        Self.expectWorded(try KeystoreCLI.run(["asc", "key", "import", key], ks), status: 2,
                          error: "ASCBAD0001: a team key needs its issuer id", hint: "--individual")
        Self.expectWorded(try KeystoreCLI.run(["asc", "key", "import", key, "--issuer", "TEAM123456"], ks), status: 2,
                          error: "TEAM123456: not an App Store Connect issuer id", hint: "--issuer 57246542-")
        Self.expectWorded(try KeystoreCLI.run(["asc", "key", "import", key, "--issuer", Self.issuer, "--individual"], ks),
                          status: 2, error: "an individual key has no issuer id", hint: "not both")
        let p384 = try Self.newKey("ASCP384001", curve: "P-384")
        Self.expectWorded(try KeystoreCLI.run(["asc", "key", "import", p384, "--issuer", Self.issuer], ks), status: 3,
                          error: "\(p384): a PKCS#8", hint: "EC P-256 .p8")
        let rsa = CLI.temporaryDirectory("asc-rsa").appendingPathComponent("AuthKey_ASCRSA0001.p8").path
        try FileManager.default.copyItem(atPath: KeystoreCLI.fixture("rsa-2048.p8"), toPath: rsa)
        Self.expectWorded(try KeystoreCLI.run(["asc", "key", "import", rsa, "--issuer", Self.issuer], ks), status: 3,
                          error: rsa, hint: "App Store Connect")
        #expect(try KeystoreCLI.ok(["asc", "key", "list", "--format", "json"], ks).stdout.contains("[") )
        #expect((try KeystoreCLI.json(try KeystoreCLI.ok(["asc", "key", "list", "--format", "json"], ks)) as? [Any])?
            .isEmpty == true)
    }

    @Test func revokeAndPurgeKeepATombstoneAndTheKeyNeverComesBack() throws {
        let ks = try KeystoreCLI.fresh()
        let key = try Self.newKey("ASCREV0001")
        try KeystoreCLI.ok(["asc", "key", "import", key, "--issuer", Self.issuer], ks)
        let revoked = try KeystoreCLI.ok(["key", "revoke", "ASCREV0001", "--format", "json"], ks)
        #expect((try KeystoreCLI.json(revoked) as? [String: Any])?["state"] as? String == "revoked")
        Self.expectWorded(try KeystoreCLI.run(["asc", "token"], ks), status: 5,
                          error: "App Store Connect key ASCREV0001 was revoked on", hint: "asc key import")
        try KeystoreCLI.ok(["key", "purge", "ASCREV0001"], ks)
        #expect(!FileManager.default.fileExists(atPath: ks + "/keys/ASCREV0001.p8"))
        Self.expectWorded(try KeystoreCLI.run(["asc", "token", "--asc-key", "ASCREV0001"], ks), status: 5,
                          error: "was revoked on", hint: "Apple never reinstates")
        let back = try KeystoreCLI.run(["asc", "key", "import", key, "--issuer", Self.issuer], ks)
        #expect(back.status == 5 && back.stderr.contains("was revoked on"), "\(back.stderr)")
        // The same material under an APNs key id is refused too: one tombstone for both kinds.
        let renamed = CLI.temporaryDirectory("asc-again").appendingPathComponent("AuthKey_APNSAGAIN1.p8").path
        try FileManager.default.copyItem(atPath: key, toPath: renamed)
        let apns = try KeystoreCLI.run(["key", "import", renamed, "--team", "DEF123GHIJ"], ks)
        #expect(apns.status == 5 && apns.stderr.contains("revoked key ASCREV0001"), "\(apns.stderr)")
    }
}
