import Foundation
import TestSupport
import Testing

/// `token inspect` says "accepted" only for a token whose signature it verified: a token from another library
/// (PyJWT) whose `kid` no keystore knows is `unknown_key` (exit 1), never accepted; `--decode-only` decodes without
/// a verdict (exit 0); a keystore key's recorded scope is shown.
@Suite(.enabled(if: PythonTokens.hasPyJWT, "needs python3 with PyJWT"))
struct TokenInspectTrustTests {
    static func now() -> Int { Int(Date().timeIntervalSince1970) }

    /// A fresh PyJWT token signed by the fixture key ABC123DEFG but naming `keyID` in its `kid`.
    func pyJWT(keyID: String, teamID: String = "DEF123GHIJ") throws -> String {
        let pem = try String(contentsOfFile: KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), encoding: .utf8)
        return try PythonTokens.pyJWT(privateKeyPEM: pem, keyID: keyID, teamID: teamID, issuedAt: Self.now())
    }

    /// A keystore holding ABC123DEFG as a production-only key of team DEF123GHIJ.
    func keystore() throws -> String {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ",
                            "--env", "production"], ks)
        return ks
    }

    @Test func aKeyIDTheKeystoreDoesNotKnowIsUnknownKeyNotAccepted() throws {
        let ks = try keystore()
        let token = try pyJWT(keyID: "NOTKNOWN01")
        let text = try KeystoreCLI.run(["token", "inspect", token], ks)
        #expect(text.status == 1, "\(text.stdout) \(text.stderr)")
        #expect(!text.stdout.contains("accepted by APNs"), "\(text.stdout)")
        #expect(text.stdout.contains("verdict:   not verified: key NOTKNOWN01 is unknown here"), "\(text.stdout)")
        #expect(text.stdout.contains("signature: not checked"))
        #expect(text.stdout.contains("hint:      the keystore (\(ks)) has no key NOTKNOWN01: verify with --key"),
                "\(text.stdout)")
        let json = try #require(try KeystoreCLI.json(try KeystoreCLI.run(["token", "inspect", token, "--format", "json"],
                                                                         ks)) as? [String: Any])
        #expect(json["verdict"] as? String == "unknown_key")
        #expect(json["signature"] as? String == "not_checked")
        #expect(json["accepted_until"] is NSNull)
        #expect(json["environments"] is NSNull)
        #expect((json["hint"] as? String)?.contains("--decode-only") == true)
        // Without any keystore: the same verdict.
        let bare = try CLI.run(["token", "inspect", token, "--format", "json"],
                               environment: ["APNSCTL_KEYSTORE": "/nonexistent"])
        #expect(bare.status == 1)
        let object = try JSONSerialization.jsonObject(with: bare.stdoutData) as? [String: Any]
        #expect(object?["verdict"] as? String == "unknown_key")
        // The key given: verified, accepted.
        let checked = try KeystoreCLI.run(["token", "inspect", token, "--key", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")],
                                          ks)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout.contains("signature: valid"))
    }

    @Test func decodeOnlyPrintsNoVerdictAndExitsZero() throws {
        let token = try pyJWT(keyID: "NOTKNOWN01")
        let text = try CLI.run(["token", "inspect", token, "--decode-only"], environment: ["APNSCTL_KEYSTORE": "/nonexistent"])
        #expect(text.status == 0, "\(text.stdout) \(text.stderr)")
        #expect(text.stdout.contains(#"header:    {"alg":"ES256","kid":"NOTKNOWN01"}"#))
        #expect(!text.stdout.contains("verdict"))
        #expect(!text.stdout.contains("accepted"))
        let json = try #require(try JSONSerialization.jsonObject(with: try CLI.run(
            ["token", "inspect", token, "--decode-only", "--format", "json"],
            environment: ["APNSCTL_KEYSTORE": "/nonexistent"]).stdoutData) as? [String: Any])
        #expect(json["verdict"] is NSNull)
        #expect(json["signature"] as? String == "not_checked")
        let both = try CLI.run(["token", "inspect", token, "--decode-only", "--key",
                                KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")])
        #expect(both.status == 2, "\(both.stderr)")
        #expect(both.stderr.contains("--decode-only"))
    }

    @Test func theKeystoreKeysRecordedScopeIsShown() throws {
        let ks = try keystore()
        let token = try pyJWT(keyID: "ABC123DEFG")
        let text = try KeystoreCLI.run(["token", "inspect", token], ks)
        #expect(text.status == 0, "\(text.stdout)")
        #expect(text.stdout.contains("scope:     production, team-scoped (declared)"), "\(text.stdout)")
        let json = try #require(try KeystoreCLI.json(try KeystoreCLI.run(["token", "inspect", token, "--format", "json"],
                                                                         ks)) as? [String: Any])
        #expect(json["verdict"] as? String == "accepted")
        #expect(json["environments"] as? [String] == ["production"])
        #expect(json["topics"] is NSNull)
        #expect(json["hint"] is NSNull)
    }
}
