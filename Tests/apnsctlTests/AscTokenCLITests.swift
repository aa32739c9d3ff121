import Foundation
import TestSupport
import Testing

/// `apnsctl asc token`: Apple's shape, the shared cache, and the walls between APNs and App Store Connect keys.
@Suite struct AscTokenCLITests {
    static let issuer = AscKeyCLITests.issuer

    /// The header and claims of a compact JWT.
    static func parts(_ token: String) throws -> (header: [String: Any], claims: [String: Any]) {
        let pieces = token.split(separator: ".").map(String.init)
        try #require(pieces.count == 3)
        func object(_ text: String) throws -> [String: Any] {
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            let data = try #require(Data(base64Encoded: base64))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        return (try object(pieces[0]), try object(pieces[1]))
    }

    @Test func aTeamKeysTokenHasApplesShapeAndIsSharedBetweenProcesses() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["asc", "key", "import", try AscKeyCLITests.newKey("ASCTOK0001"), "--issuer", Self.issuer], ks)
        let first = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["asc", "token", "--format", "json"], ks))
                                 as? [String: Any])
        let token = try #require(first["token"] as? String)
        let (header, claims) = try Self.parts(token)
        #expect(header["alg"] as? String == "ES256" && header["kid"] as? String == "ASCTOK0001")
        #expect(header["typ"] as? String == "JWT")
        #expect(claims["iss"] as? String == Self.issuer && claims["sub"] == nil)
        #expect(claims["aud"] as? String == "appstoreconnect-v1")
        let iat = try #require(claims["iat"] as? Int), exp = try #require(claims["exp"] as? Int)
        #expect(exp > iat && exp - iat <= 20 * 60)
        #expect(abs(iat - Int(Date().timeIntervalSince1970)) < 120)
        #expect(first["reused"] as? Bool == false && first["issuer_id"] as? String == Self.issuer)
        // Another process gets the same token from the keystore's cache; text mode prints the token alone.
        let second = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["asc", "token", "--asc-key", "ASCTOK0001",
                                                                           "--format", "json"], ks)) as? [String: Any])
        #expect(second["token"] as? String == token && second["reused"] as? Bool == true)
        let text = try KeystoreCLI.ok(["asc", "token"], ks)
        #expect(text.stdout == token + "\n")
        // The bearer secret is never written to the audit log.
        let audit = try String(contentsOfFile: ks + "/audit.log", encoding: .utf8)
        #expect(!audit.contains(token) && !audit.contains(String(token.split(separator: ".")[2])))
    }

    @Test func anIndividualKeysTokenSaysSubUser() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["asc", "key", "import", try AscKeyCLITests.newKey("ASCIND0001"), "--individual"], ks)
        let object = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["asc", "token", "--format", "json"], ks))
                                  as? [String: Any])
        let (_, claims) = try Self.parts(try #require(object["token"] as? String))
        #expect(claims["sub"] as? String == "user" && claims["iss"] == nil)
        #expect(object["issuer_id"] is NSNull && object["kind"] as? String == "app_store_connect_individual")
    }

    @Test func anAscKeyNeverSignsAnAPNsTokenNorAnAPNsKeyAnAscToken() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ",
                            "--env", "both"], ks)
        try KeystoreCLI.ok(["asc", "key", "import", try AscKeyCLITests.newKey("ASCWALL001"), "--issuer", Self.issuer], ks)
        let apnsWithAsc = try KeystoreCLI.run(["token", "issue", "--key-id", "ASCWALL001"], ks)
        #expect(apnsWithAsc.status == 5 && apnsWithAsc.stdout.isEmpty, "\(apnsWithAsc.stderr)")
        // The team's APNs token is signed by its APNs key, never the App Store Connect one.
        let apns = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["token", "issue", "--format", "json"], ks))
                                as? [String: Any])
        #expect(apns["key_id"] as? String == "ABC123DEFG")
        AscKeyCLITests.expectWorded(try KeystoreCLI.run(["asc", "token", "--asc-key", "ABC123DEFG"], ks), status: 5,
                                    error: "key ABC123DEFG is an APNs key", hint: "--asc-key KEYID")
        // token inspect's key judge: an App Store Connect token's kid is no APNs key.
        let asc = try KeystoreCLI.ok(["asc", "token"], ks).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let inspected = try KeystoreCLI.run(["token", "inspect", asc], ks)
        #expect(inspected.status != 0, "\(inspected.stdout)")
    }

    @Test func noKeyOrSeveralKeysAreNamed() throws {
        let ks = try KeystoreCLI.fresh()
        AscKeyCLITests.expectWorded(try KeystoreCLI.run(["asc", "token"], ks), status: 5,
                                    error: "holds no App Store Connect API key", hint: "asc key import AuthKey_KEYID.p8")
        try KeystoreCLI.ok(["asc", "key", "import", try AscKeyCLITests.newKey("ASCONE0001"), "--issuer", Self.issuer], ks)
        try KeystoreCLI.ok(["asc", "key", "import", try AscKeyCLITests.newKey("ASCTWO0001"), "--individual"], ks)
        AscKeyCLITests.expectWorded(try KeystoreCLI.run(["asc", "token"], ks), status: 2,
                                    error: "2 App Store Connect API keys (ASCONE0001, ASCTWO0001)", hint: "--asc-key KEYID")
    }

    /// PyJWT (an implementation the project did not write) verifies the token with the key's public half, with
    /// Apple's audience, and reads the claims Apple documents.
    @Test(.enabled(if: PythonTokens.hasPyJWT, "needs python3 with PyJWT"))
    func pyJWTVerifiesTheToken() throws {
        let ks = try KeystoreCLI.fresh()
        let key = try AscKeyCLITests.newKey("ASCPYJ0001")
        try KeystoreCLI.ok(["asc", "key", "import", key, "--issuer", Self.issuer], ks)
        let token = try KeystoreCLI.ok(["asc", "token"], ks).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let script = """
        import jwt, sys
        from cryptography.hazmat.primitives.serialization import load_pem_private_key
        public = load_pem_private_key(open(sys.argv[2], "rb").read(), None).public_key()
        header = jwt.get_unverified_header(sys.argv[1])
        claims = jwt.decode(sys.argv[1], public, algorithms=["ES256"], audience="appstoreconnect-v1",
                            issuer=sys.argv[3], options={"require": ["iss", "iat", "exp", "aud"]})
        assert header == {"alg": "ES256", "kid": "ASCPYJ0001", "typ": "JWT"}, header
        assert 0 < claims["exp"] - claims["iat"] <= 1200, claims
        print("verified")
        """
        let verified = try ExternalProcess.run(PythonTokens.python, ["-c", script, token, key, Self.issuer])
        #expect(verified.status == 0 && verified.stdout.contains("verified"), "\(verified.stderr)")
        // A token signed by another key fails PyJWT's verification: the check can fail.
        let other = try AscKeyCLITests.newKey("ASCPYJ0002")
        let refused = try ExternalProcess.run(PythonTokens.python, ["-c", script, token, other, Self.issuer])
        #expect(refused.status != 0)
    }
}
