import Foundation
import TestSupport
import Testing

@Suite struct TokenCLITests {
    /// A keystore holding the fixture key ABC123DEFG as team DEF123GHIJ's active key.
    func keystoreWithFixtureKey() throws -> String {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ"], ks)
        return ks
    }

    @Test func printsACachedTokenWithTheExactHeaderAndClaims() throws {
        let ks = try keystoreWithFixtureKey()
        let first = try KeystoreCLI.ok(["token"], ks).stdout.trimmingCharacters(in: .newlines)
        let parts = first.split(separator: ".")
        #expect(parts.count == 3)
        #expect(Self.decode(parts[0]) == #"{"alg":"ES256","kid":"ABC123DEFG"}"#)
        #expect(Self.decode(parts[1])?.hasPrefix(#"{"iss":"DEF123GHIJ","iat":"#) == true)
        let json = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["token", "issue", "--team", "DEF123GHIJ",
                                                                          "--format", "json"], ks)) as? [String: Any])
        #expect(json["token"] as? String == first)
        #expect(json["reused"] as? Bool == true)
        #expect(json["refresh_reason"] is NSNull)
        for field in ["team_id", "key_id", "issued_at", "refresh_at", "expires_at"] { #expect(json[field] != nil) }
        #expect(KeystoreCLI.mode(ks + "/token-cache.json") == 0o600)
    }

    @Test(arguments: ["19", "60", "0", "10s", "soon"])
    func refreshAfterAcceptsOnlyTwentyToFiftyNineMinutes(value: String) throws {
        let ks = try keystoreWithFixtureKey()
        let result = try KeystoreCLI.run(["token", "--refresh-after", value], ks)
        #expect(KeystoreCLI.failed(result, 2, "--refresh-after"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: ["20", "59", "50m"])
    func refreshAfterInRangeWorks(value: String) throws {
        let ks = try keystoreWithFixtureKey()
        #expect(try KeystoreCLI.run(["token", "--refresh-after", value], ks).status == 0)
    }

    @Test func badTokenRequestsFailClearly() throws {
        let ks = try keystoreWithFixtureKey()
        try KeystoreCLI.ok(["key", "generate", "--team", "OTHER12345", "--key-id", "OTH0000001"], ks)
        let cases: [([String], Int32, String)] = [
            (["token"], 2, "2 teams"),
            (["token", "--team", "NOPE123456"], 5, "no keys"),
            (["token", "--team", "nope"], 2, "team id"),
            (["token", "--key-id", "UNKNOWN001"], 5, "not in the keystore"),
            (["token", "--team", "DEF123GHIJ", "--key-id", "OTH0000001"], 5, "belongs to team OTHER12345"),
            // --key names a key file in every command; an id given to it says which flag to use.
            (["token", "--key", "ABC123DEFG"], 2, "a keystore key is --key-id ABC123DEFG"),
            (["probe", "--team", "DEF123GHIJ", "--key", "ABC123DEFG"], 2, "a keystore key is --key-id ABC123DEFG"),
        ]
        for (command, status, fragment) in cases {
            let result = try KeystoreCLI.run(command, ks)
            #expect(KeystoreCLI.failed(result, status, fragment), "\(command): \(result.stderr)")
        }
    }

    /// 50 processes started together print one token: one signature per window, shared through the keystore.
    @Test func fiftyProcessesAtOnceShareOneTokenAndOneSignature() throws {
        let ks = try keystoreWithFixtureKey()
        var processes = [(Process, Pipe, Pipe)]()
        var env = ProcessInfo.processInfo.environment
        env["APNSCTL_KEYSTORE"] = ks
        for _ in 0..<50 {
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["token", "--format", "json", "--lock-timeout", "60"]
            process.environment = env
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            processes.append((process, out, err))
        }
        for (process, _, _) in processes { try process.run() }
        var tokens = [String: Int]()
        var signed = 0
        for (process, out, err) in processes {
            let data = out.fileHandleForReading.readDataToEndOfFile()
            let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(errors)")
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            tokens[json?["token"] as? String ?? "?", default: 0] += 1
            if json?["reused"] as? Bool == false { signed += 1 }
        }
        #expect(tokens.count == 1, "\(tokens.count) different tokens")
        #expect(tokens.values.first == 50)
        #expect(signed == 1)
    }

    @Test func revokingOrRotatingReplacesTheCachedToken() throws {
        let ks = try keystoreWithFixtureKey()
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "NEW0000001"], ks)
        let old = try KeystoreCLI.ok(["token"], ks).stdout
        try KeystoreCLI.ok(["key", "rotate", "--team", "DEF123GHIJ", "--to", "NEW0000001"], ks)
        let json = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["token", "--format", "json"], ks)) as? [String: Any])
        #expect(json["key_id"] as? String == "NEW0000001")
        #expect(json["reused"] as? Bool == false)
        #expect(json["token"] as? String != old.trimmingCharacters(in: .newlines))
        let cache = try String(contentsOfFile: ks + "/token-cache.json", encoding: .utf8)
        #expect(!cache.contains(old.trimmingCharacters(in: .newlines)))
        // The retired key signs nothing.
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["token", "--key-id", "ABC123DEFG"], ks), 5, "retired"))
        // The old token still verifies during the grace period; once the key is revoked it does not.
        let oldToken = old.trimmingCharacters(in: .newlines)
        let inGrace = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["token", "inspect", oldToken, "--format", "json"], ks)) as? [String: Any])
        #expect(inGrace["key_state"] as? String == "retired")
        #expect(inGrace["key_trusted"] as? Bool == true)
        try KeystoreCLI.ok(["key", "revoke", "ABC123DEFG"], ks)
        let revoked = try KeystoreCLI.run(["token", "inspect", oldToken], ks)
        #expect(revoked.status == 1)
        #expect(revoked.stdout.contains("ABC123DEFG is revoked and no longer verifies tokens"))
        // The verdict follows every check: never "accepted" for a revoked key.
        #expect(revoked.stdout.contains("verdict:   rejected by APNs (403 InvalidProviderToken): key ABC123DEFG is revoked"),
                "\(revoked.stdout)")
        #expect(!revoked.stdout.contains("accepted by APNs"))
        let revokedJSON = try KeystoreCLI.json(try KeystoreCLI.run(["token", "inspect", oldToken, "--format", "json"], ks))
        #expect((revokedJSON as? [String: Any])?["verdict"] as? String == "untrusted_key")
        // No "accepted until" for a token no time makes acceptable.
        #expect((revokedJSON as? [String: Any])?["accepted_until"] is NSNull, "\(String(describing: revokedJSON))")
    }

    /// A token whose iss is not the key's team: APNs (and the mock) answer 403 InvalidProviderToken, so the verdict
    /// is not "accepted" and the exit status is 1.
    @Test(.enabled(if: PythonTokens.isAvailable, "needs python3 with cryptography"))
    func inspectRejectsAnIssuerThatIsNotTheKeysTeam() throws {
        let ks = try keystoreWithFixtureKey()
        let pem = try String(contentsOfFile: KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), encoding: .utf8)
        let token = try PythonTokens.token(.jose, privateKeyPEM: pem, keyID: "ABC123DEFG", teamID: "OTHER12345",
                                           issuedAt: Int(Date().timeIntervalSince1970))
        let text = try KeystoreCLI.run(["token", "inspect", token], ks)
        #expect(text.status == 1, "\(text.stdout)")
        #expect(text.stdout.contains("verdict:   rejected by APNs (403 InvalidProviderToken): iss OTHER12345 is not team "
                                     + "DEF123GHIJ, which key ABC123DEFG belongs to"), "\(text.stdout)")
        #expect(text.stdout.contains("signature: valid"))
        let json = try #require(try KeystoreCLI.json(try KeystoreCLI.run(["token", "inspect", token, "--format", "json"], ks))
                                    as? [String: Any])
        #expect(json["verdict"] as? String == "wrong_team")
        #expect(json["accepted_until"] is NSNull)
    }

    /// A DER-signed token (pushy's, here made by Python's cryptography) verifies, and inspect says what it is.
    @Test(.enabled(if: PythonTokens.isAvailable, "needs python3 with cryptography"))
    func inspectAcceptsAndPointsOutADERSignature() throws {
        let pem = try String(contentsOfFile: KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), encoding: .utf8)
        let token = try PythonTokens.token(.der, privateKeyPEM: pem, keyID: "ABC123DEFG", teamID: "DEF123GHIJ",
                                           issuedAt: Int(Date().timeIntervalSince1970))
        let key = KeystoreCLI.fixture("AuthKey_ABC123DEFG.pub.pem")
        let text = try CLI.run(["token", "inspect", token, "--key", key], environment: ["APNSCTL_KEYSTORE": "/nonexistent"])
        #expect(text.status == 0, "\(text.stdout) \(text.stderr)")
        #expect(text.stdout.contains("signature: valid"))
        #expect(text.stdout.contains("DER signature: APNs accepts it, strict JWT libraries and jwt.io do not"))
        let json = try #require(try JSONSerialization.jsonObject(with: try CLI.run(
            ["token", "inspect", token, "--key", key, "--format", "json"],
            environment: ["APNSCTL_KEYSTORE": "/nonexistent"]).stdoutData) as? [String: Any])
        #expect(json["signature"] as? String == "valid")
        #expect(json["signature_encoding"] as? String == "der")
        #expect(json["verdict"] as? String == "accepted")
    }

    @Test func inspectGivesAVerdictAndVerifiesTheSignature() throws {
        let ks = try keystoreWithFixtureKey()
        let token = try KeystoreCLI.ok(["token"], ks).stdout.trimmingCharacters(in: .newlines)
        let fromKeystore = try #require(try KeystoreCLI.json(try KeystoreCLI.ok(["token", "inspect", token, "--format", "json"], ks)) as? [String: Any])
        #expect(fromKeystore["verdict"] as? String == "accepted")
        #expect(fromKeystore["signature"] as? String == "valid")
        #expect(fromKeystore["key_state"] as? String == "active")
        #expect(fromKeystore["team_id"] as? String == "DEF123GHIJ")
        // A keystore key named by --key-id; --key names a file only, and says so when given an id.
        let byID = try KeystoreCLI.ok(["token", "inspect", token, "--key-id", "ABC123DEFG"], ks)
        #expect(byID.stdout.contains("signature: valid (keystore key ABC123DEFG)"), "\(byID.stdout)")
        #expect(KeystoreCLI.failed(try KeystoreCLI.run(["token", "inspect", token, "--key", "ABC123DEFG"], ks), 2,
                                   "a keystore key is --key-id ABC123DEFG"))
        // With a public key file, from stdin, and without any keystore.
        let withFile = try CLI.run(["token", "inspect", "-", "--key", KeystoreCLI.fixture("AuthKey_ABC123DEFG.pub.pem")],
                                   environment: ["APNSCTL_KEYSTORE": "/nonexistent"], stdin: Data(token.utf8))
        #expect(withFile.status == 0, "\(withFile.stderr)")
        #expect(withFile.stdout.contains("signature: valid"))
        #expect(withFile.stdout.contains("accepted by APNs until"))
        let wrongKey = try CLI.run(["token", "inspect", token, "--key", KeystoreCLI.fixture("AuthKey_NEW456HIJK.p8")])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.stdout.contains("signature: invalid"))
        #expect(wrongKey.stdout.contains("verdict:   rejected by APNs (403 InvalidProviderToken): the signature does not verify"),
                "\(wrongKey.stdout)")
        #expect(!wrongKey.stdout.contains("accepted by APNs"))
        let wrongJSON = try CLI.run(["token", "inspect", token, "--key", KeystoreCLI.fixture("AuthKey_NEW456HIJK.p8"),
                                     "--format", "json"])
        let wrongObject = try JSONSerialization.jsonObject(with: wrongJSON.stdoutData) as? [String: Any]
        #expect(wrongObject?["verdict"] as? String == "invalid_signature")
        #expect((wrongObject?["summary"] as? String)?.hasPrefix("rejected by APNs") == true)
        // No key to verify with: never "accepted" (TokenInspectTrustTests has the whole story).
        let unchecked = try CLI.run(["token", "inspect", token], environment: ["APNSCTL_KEYSTORE": "/nonexistent"])
        #expect(unchecked.status == 1)
        #expect(unchecked.stdout.contains("signature: not checked"))
        #expect(!unchecked.stdout.contains("accepted by APNs"))
    }

    @Test func inspectFlagsExpiredAndFutureTokens() throws {
        // Tokens made by hand with openssl: iat two hours ago, and one hour ahead.
        let now = Int(Date().timeIntervalSince1970)
        for (iat, verdict) in [(now - 7200, "expired"), (now + 3600, "issued_in_future")] {
            let token = try Self.opensslToken(iat: iat)
            let result = try CLI.run(["token", "inspect", token, "--key", KeystoreCLI.fixture("AuthKey_ABC123DEFG.pub.pem"),
                                      "--format", "json"])
            #expect(result.status == 1)
            let json = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
            #expect(json?["verdict"] as? String == verdict)
            #expect(json?["signature"] as? String == "valid")
        }
        #expect(KeystoreCLI.failed(try CLI.run(["token", "inspect", "not-a-token"]), 3, "not a JWT"))
    }

    /// The CLI's token verifies with openssl after converting r||s to DER (done here with openssl asn1parse's
    /// counterpart: a hand-built ECDSA-Sig-Value).
    @Test func opensslVerifiesACLIToken() throws {
        let ks = try keystoreWithFixtureKey()
        let token = try KeystoreCLI.ok(["token"], ks).stdout.trimmingCharacters(in: .newlines)
        let parts = token.split(separator: ".")
        let raw = try #require(Self.base64url(parts[2]))
        #expect(raw.count == 64)
        let dir = CLI.temporaryDirectory("ossl")
        let sig = dir.appendingPathComponent("sig.der"), input = dir.appendingPathComponent("input")
        try Data(Self.derSignature(raw)).write(to: sig)
        try Data("\(parts[0]).\(parts[1])".utf8).write(to: input)
        let verify = try Self.openssl(["dgst", "-sha256", "-verify", KeystoreCLI.fixture("AuthKey_ABC123DEFG.pub.pem"),
                                       "-signature", sig.path, input.path])
        #expect(verify.status == 0)
        #expect(verify.stdout.contains("Verified OK"))
    }

    // MARK: helpers

    static func decode<S: StringProtocol>(_ part: S) -> String? {
        base64url(part).map { String(decoding: $0, as: UTF8.self) }
    }

    static func base64url<S: StringProtocol>(_ part: S) -> [UInt8]? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text).map { [UInt8]($0) }
    }

    /// r||s → DER SEQUENCE { INTEGER r, INTEGER s }.
    static func derSignature(_ raw: [UInt8]) -> [UInt8] {
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty { value = [0] }
            if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let body = integer(raw[0..<32]) + integer(raw[32..<64])
        return [0x30, UInt8(body.count)] + body
    }

    struct Output { var status: Int32; var stdout: String; var data: Data }

    static func openssl(_ arguments: [String], stdin: Data? = nil) throws -> Output {
        let result = try ExternalProcess.run("/usr/bin/openssl", arguments, stdin: stdin)
        return Output(status: result.status, stdout: result.stdout, data: result.stdoutData)
    }

    /// Builds and signs a token with openssl alone (DER signature converted to r||s).
    static func opensslToken(iat: Int) throws -> String {
        func b64(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let input = b64(Data(#"{"alg":"ES256","kid":"ABC123DEFG"}"#.utf8)) + "."
            + b64(Data(#"{"iss":"DEF123GHIJ","iat":\#(iat)}"#.utf8))
        let signed = try openssl(["dgst", "-sha256", "-sign", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")], stdin: Data(input.utf8))
        let der = [UInt8](signed.data)
        // SEQUENCE { INTEGER r, INTEGER s } → 32-byte r || 32-byte s.
        var index = 2
        var raw = [UInt8]()
        for _ in 0..<2 {
            let length = Int(der[index + 1])
            let value = der[(index + 2)..<(index + 2 + length)].drop { $0 == 0 }
            raw += [UInt8](repeating: 0, count: 32 - value.count) + value
            index += 2 + length
        }
        return input + "." + b64(Data(raw))
    }
}
