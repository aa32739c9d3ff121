import Foundation
import Testing

@Suite struct KeyCLITests {
    @Test func importTakesTheKeyIDFromApplesFileNameAndTheFirstKeyIsActive() throws {
        let ks = try KeystoreCLI.fresh()
        let result = try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"),
                                         "--team", "DEF123GHIJ", "--format", "json"], ks)
        let key = try #require(try KeystoreCLI.json(result) as? [String: Any])
        #expect(key["key_id"] as? String == "ABC123DEFG")
        #expect(key["team_id"] as? String == "DEF123GHIJ")
        #expect(key["state"] as? String == "active")
        #expect(key["already_present"] as? Bool == false)
        #expect(key["registered_with_apple"] as? Bool == true)
        let stored = ks + "/keys/ABC123DEFG.p8"
        #expect(KeystoreCLI.mode(stored) == 0o600)
        // The stored key is the same key: openssl derives the same public key from it.
        let original = try String(contentsOfFile: KeystoreCLI.fixture("AuthKey_ABC123DEFG.pub.pem"), encoding: .utf8)
        let exported = try KeystoreCLI.ok(["key", "export-public", "ABC123DEFG"], ks)
        #expect(exported.stdout == original)
        // The second key (from stdin, id given) is staged.
        let second = try KeystoreCLI.run(["key", "import", "-", "--team", "DEF123GHIJ", "--key-id", "NEW456HIJK"], ks,
                                         stdin: try Data(contentsOf: URL(fileURLWithPath: KeystoreCLI.fixture("AuthKey_NEW456HIJK.p8"))))
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("staged"))
        #expect(second.stdout.contains("apnsctl key rotate --team DEF123GHIJ --to-key NEW456HIJK"))
        #expect(try KeystoreCLI.states(ks) == ["ABC123DEFG": "active", "NEW456HIJK": "staged"])
    }

    @Test func inspectShowsTheFingerprintOpensslComputes() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ"], ks)
        let expected = try String(contentsOfFile: KeystoreCLI.fixture("AuthKey_ABC123DEFG.sha256.txt"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let json = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["key", "inspect", "ABC123DEFG", "--format", "json"], ks)) as? [String: Any])
        #expect(json["public_key_sha256"] as? String == expected)
        #expect(json["created_at"] is String)
        #expect(json["last_used"] is NSNull)
        let text = try KeystoreCLI.ok(["key", "inspect", "ABC123DEFG"], ks)
        #expect(text.stdout.contains("sha256:       \(expected)"))
        #expect(text.stdout.contains("last used:    never"))
        let out = CLI.temporaryDirectory("pub").appendingPathComponent("pub.pem").path
        try KeystoreCLI.ok(["key", "export-public", "ABC123DEFG", "--out", out], ks)
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["key", "export-public", "ABC123DEFG", "--out", out], ks),
                                   6, "already exists"))
    }

    @Test(arguments: [
        ("rsa-2048.p8", "a PKCS#8 RSA 2048 private key, not an EC P-256 key"),
        ("ec-p384.p8", "a PKCS#8 EC P-384 private key, not an EC P-256 key"),
        ("public-key.pem", "a public key"),
        ("certificate.pem", "a certificate"),
        ("garbage.p8", "not a .p8 signing key"),
    ])
    func importRefusesWhatIsNotAP256PKCS8Key(name: String, says: String) throws {
        let ks = try KeystoreCLI.fresh()
        let result = try KeystoreCLI.run(["key", "import", KeystoreCLI.fixture(name), "--team", "DEF123GHIJ",
                                          "--key-id", "ABC123DEFG"], ks)
        #expect(KeystoreCLI.failed(result, 3, name, says), "\(result.stderr)")
        #expect(result.stderr.contains("apnsctl: hint: "))
        #expect(try KeystoreCLI.states(ks).isEmpty)
        #expect((try FileManager.default.contentsOfDirectory(atPath: ks + "/keys")).isEmpty)
    }

    /// Issue 19: an empty file or a PNG said "truncated or malformed DER (truncatedASN1Field)".
    @Test func importSaysWhatAFileIsWhenItIsNoKey() throws {
        let ks = try KeystoreCLI.fresh()
        let directory = CLI.temporaryDirectory("notkey")
        let empty = directory.appendingPathComponent("AuthKey_ABC123DEFG.p8")
        try Data().write(to: empty)
        let png = directory.appendingPathComponent("AuthKey_NEW456HIJK.p8")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]).write(to: png)
        let first = try KeystoreCLI.run(["key", "import", empty.path, "--team", "DEF123GHIJ"], ks)
        #expect(first.status == 3)
        #expect(first.stderr.hasPrefix("apnsctl: error: \(empty.path): empty file, not a .p8 signing key\napnsctl: hint: "))
        let second = try KeystoreCLI.run(["key", "import", png.path, "--team", "DEF123GHIJ"], ks)
        #expect(second.status == 3)
        #expect(second.stderr.hasPrefix("apnsctl: error: \(png.path): a PNG image, not a .p8 signing key\napnsctl: hint: "))
        for result in [first, second] { #expect(!result.stderr.contains("DER") && !result.stderr.contains("ASN1")) }
        #expect(try KeystoreCLI.states(ks).isEmpty)
    }

    /// Issue 19: `AuthKey_ABCDE12345 (1).p8`, a browser's second download, lost its key id.
    @Test func importReadsTheKeyIDFromABrowsersSecondDownload() throws {
        let ks = try KeystoreCLI.fresh()
        let copy = CLI.temporaryDirectory("dl").appendingPathComponent("AuthKey_ABC123DEFG (1).p8")
        try FileManager.default.copyItem(atPath: KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), toPath: copy.path)
        let result = try KeystoreCLI.ok(["key", "import", copy.path, "--team", "DEF123GHIJ"], ks)
        #expect(result.stdout.contains("imported key ABC123DEFG for team DEF123GHIJ"))
        #expect(try KeystoreCLI.states(ks) == ["ABC123DEFG": "active"])
    }

    @Test func importRefusesBadIdsAndMissingFiles() throws {
        let ks = try KeystoreCLI.fresh()
        let p8 = KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["key", "import", p8, "--team", "def123ghij"], ks), 2, "--team def123ghij"))
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["key", "import", p8, "--team", "DEF123GHI"], ks), 2, "team id"))
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["key", "import", p8, "--team", "DEF123GHIJ", "--key-id", "OTHER12345"], ks),
                                   2, "contradicts the file name"))
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["key", "import", KeystoreCLI.fixture("rsa-2048.p8"), "--team", "DEF123GHIJ"], ks),
                                   2, "key id is not in the file name"))
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["key", "import", "/nonexistent/AuthKey_ABC123DEFG.p8", "--team", "DEF123GHIJ"], ks),
                                   3, "no such file"))
        try KeystoreCLI.ok(["key", "import", p8, "--team", "DEF123GHIJ"], ks)
        let other = try KeystoreCLI.run(["key", "import", KeystoreCLI.fixture("AuthKey_NEW456HIJK.p8"), "--team", "DEF123GHIJ",
                                         "--key-id", "ABC123DEFG"], ks)
        #expect(KeystoreCLI.failed(other, 2, "contradicts") || KeystoreCLI.failed(other, 5, "different key material"))
        let stdinOther = try KeystoreCLI.run(["key", "import", "-", "--team", "DEF123GHIJ", "--key-id", "ABC123DEFG"], ks,
                                             stdin: try Data(contentsOf: URL(fileURLWithPath: KeystoreCLI.fixture("AuthKey_NEW456HIJK.p8"))))
        #expect(KeystoreCLI.failed(stdinOther, 5, "ABC123DEFG", "different key material"))
        let same = try KeystoreCLI.ok(["key", "import", p8, "--team", "DEF123GHIJ"], ks)
        #expect(same.stdout.contains("already in the keystore"))
        #expect(try KeystoreCLI.states(ks) == ["ABC123DEFG": "active"])
    }

    /// --encrypt stores encrypted PKCS#8 that openssl opens with the passphrase; tokens then need it only
    /// when a new one is signed.
    @Test func encryptedKeysAreReadableByOpensslAndSignWithThePassphrase() throws {
        let ks = try KeystoreCLI.fresh()
        let pass = KeystoreCLI.fixture("encrypted-passphrase.txt")
        // The encrypted fixture opens with the same passphrase source that encrypts the stored copy.
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("encrypted.p8"), "--team", "DEF123GHIJ",
                            "--key-id", "NEW456HIJK", "--encrypt", "--password-file", pass], ks)
        let stored = ks + "/keys/NEW456HIJK.p8"
        #expect(KeystoreCLI.mode(stored) == 0o600)
        #expect(try String(contentsOfFile: stored, encoding: .utf8).hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        let opened = try TokenCLITests.openssl(["pkey", "-in", stored, "-passin", "pass:fixture-pass", "-pubout"])
        let expected = try TokenCLITests.openssl(["pkey", "-in", KeystoreCLI.fixture("AuthKey_NEW456HIJK.p8"), "-pubout"])
        #expect(opened.status == 0)
        #expect(opened.stdout == expected.stdout)
        #expect(try TokenCLITests.openssl(["pkey", "-in", stored, "-passin", "pass:wrong"]).status != 0)
        let status = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["key", "inspect", "NEW456HIJK", "--format", "json"], ks)) as? [String: Any])
        #expect(status["encrypted"] as? Bool == true)
        // Signing needs the passphrase: none (and no terminal) fails, the file works, and the cached token
        // is then handed out without it.
        let without = try KeystoreCLI.run(["token"], ks)
        #expect(KeystoreCLI.failed(without, 2, "no terminal"))
        let token = try KeystoreCLI.ok(["token", "--password-env", "KS_PASS"], ks, environment: ["KS_PASS": "fixture-pass"])
        #expect(try KeystoreCLI.ok(["token"], ks).stdout == token.stdout)
        let wrong = try KeystoreCLI.run(["key", "import", KeystoreCLI.fixture("encrypted.p8"), "--team", "DEF123GHIJ",
                                         "--key-id", "NEW456HIJK", "--password-env", "KS_PASS"], ks, environment: ["KS_PASS": "nope"])
        #expect(KeystoreCLI.failed(wrong, 3, "wrong passphrase"))
    }

    /// Issue 19: an encrypted .p8 imported without --encrypt was stored decrypted without a word.
    @Test func anEncryptedKeyStoredDecryptedIsSaidSo() throws {
        let ks = try KeystoreCLI.fresh()
        let input = KeystoreCLI.fixture("encrypted.p8")
        let result = try KeystoreCLI.ok(["key", "import", input, "--team", "DEF123GHIJ", "--key-id", "NEW456HIJK",
                                         "--env", "both", "--password-file", KeystoreCLI.fixture("encrypted-passphrase.txt")], ks)
        #expect(result.stderr == "apnsctl: warning: \(input): the key was encrypted; it is stored decrypted (plain PKCS#8, "
                + "0600) because --encrypt was not given; import it again with --encrypt to keep a passphrase on it\n")
        #expect(try String(contentsOfFile: ks + "/keys/NEW456HIJK.p8", encoding: .utf8).hasPrefix("-----BEGIN PRIVATE KEY-----"))
        // A plain .p8 gets no warning (--env: no warning about an undeclared scope either).
        let plain = try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ",
                                        "--env", "both"], ks)
        #expect(plain.stderr.isEmpty)
    }

    @Test func generateMarksTheKeyNotRegisteredWithApple() throws {
        let ks = try KeystoreCLI.fresh()
        let result = try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000001"], ks)
        #expect(result.stdout.contains("not registered with Apple"))
        let pem = ks + "/keys/GEN0000001.p8"
        #expect(KeystoreCLI.mode(pem) == 0o600)
        // openssl reads the generated key as an EC P-256 PKCS#8 key.
        let text = try String(contentsOfFile: pem, encoding: .utf8)
        #expect(text.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let list = try KeystoreCLI.ok(["key", "list"], ks)
        #expect(list.stdout.contains("GEN0000001  DEF123GHIJ  active"))
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "gen"], ks), 2, "key id"))
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000001"], ks),
                                   5, "different key material"))
    }

    @Test func rotateRevokePurgeAndEveryImpossibleTransitionChangesNothing() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "OLD0000001"], ks)
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "NEW0000001"], ks)
        try KeystoreCLI.ok(["key", "generate", "--team", "OTHER12345", "--key-id", "OTH0000001"], ks)
        let rotated = try KeystoreCLI.ok(["key", "rotate", "--team", "DEF123GHIJ", "--to", "NEW0000001", "--grace", "30",
                                          "--format", "json"], ks)
        let json = try #require(try KeystoreCLI.json(rotated) as? [String: Any])
        #expect(json["active_key_id"] as? String == "NEW0000001")
        #expect(json["retired_key_id"] as? String == "OLD0000001")
        #expect(json["probed"] as? Bool == false)
        #expect(json["verify_until"] is String)
        let manifest = ks + "/keystore.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: manifest))
        let refusals: [([String], Int32, String)] = [
            (["key", "revoke", "UNKNOWN001"], 5, "not in the keystore"),
            (["key", "inspect", "UNKNOWN001"], 5, "not in the keystore"),
            (["key", "purge", "NEW0000001"], 5, "only revoked keys can be purged"),
            (["key", "revoke", "NEW0000001"], 5, "is active (team DEF123GHIJ"),
            (["key", "rotate", "--team", "DEF123GHIJ", "--to", "NEW0000001"], 5, "already the active key"),
            (["key", "rotate", "--team", "DEF123GHIJ", "--to", "OTH0000001"], 5, "belongs to team OTHER12345"),
            (["key", "rotate", "--team", "DEF123GHIJ", "--to", "new"], 2, "key id"),
            (["key", "rotate", "--team", "DEF123GHIJ", "--to", "OLD0000001", "--grace", "-5"], 2, "grace"),
        ]
        for (command, status, fragment) in refusals {
            let result = try KeystoreCLI.run(command, ks)
            #expect(KeystoreCLI.failed(result, status, fragment), "\(command): \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: manifest)) == before)
        try KeystoreCLI.ok(["key", "revoke", "OLD0000001"], ks)
        let toRevoked = try KeystoreCLI.run(["key", "rotate", "--team", "DEF123GHIJ", "--to", "OLD0000001"], ks)
        #expect(KeystoreCLI.failed(toRevoked, 5, "revoked and can never be active"))
        let purged = try KeystoreCLI.ok(["key", "purge", "OLD0000001", "--format", "json"], ks)
        #expect((try KeystoreCLI.json(purged) as? [String: Any])?["purged"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: ks + "/keys/OLD0000001.p8"))
        #expect(try KeystoreCLI.states(ks) == ["NEW0000001": "active", "OTH0000001": "active"])
        let audit = try KeystoreCLI.ok(["keystore", "audit"], ks)
        #expect(audit.stdout.contains("key.purge  DEF123GHIJ/OLD0000001  ok"))
    }
}
