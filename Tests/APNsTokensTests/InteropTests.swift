import APNsCore
import APNsTokens
import Crypto
import Foundation
import Testing
import TestSupport

/// External programs (openssl, python3) through the shared test support.
enum Tool {
    static func find(_ name: String) -> String? { ExternalProcess.find(name) }

    static func run(_ executable: String, _ arguments: [String]) throws -> ProcessResult {
        try ExternalProcess.run(executable, arguments)
    }

    static func temporaryDirectory() throws -> URL { TestPaths.temporaryDirectory("tokens") }
}

@Suite struct InteropTests {
    /// openssl verifies the JOSE signature once r||s is re-encoded as a DER ECDSA-Sig-Value.
    @Test func opensslVerifiesTheSignature() throws {
        guard let openssl = Tool.find("openssl") else {
            Issue.record("openssl is not installed; install it (make test-deps) to run this interop test")
            return
        }
        let key = P256.Signing.PrivateKey()
        let token = try ProviderToken.sign(keyID: "KEYAAAAAAA", teamID: "TEAM123456", issuedAt: Date(), key: key)
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pub = dir.appendingPathComponent("pub.pem"), sig = dir.appendingPathComponent("sig.der")
        let input = dir.appendingPathComponent("input.txt"), forged = dir.appendingPathComponent("forged.txt")
        try key.publicKey.pemRepresentation.write(to: pub, atomically: true, encoding: .utf8)
        let der = try P256.Signing.ECDSASignature(rawRepresentation: token.signature).derRepresentation
        try der.write(to: sig)
        try Data(token.signingInput.utf8).write(to: input)
        try Data((token.signingInput + "x").utf8).write(to: forged)
        let good = try Tool.run(openssl, ["dgst", "-sha256", "-verify", pub.path, "-signature", sig.path, input.path])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("Verified OK"))
        let bad = try Tool.run(openssl, ["dgst", "-sha256", "-verify", pub.path, "-signature", sig.path, forged.path])
        #expect(bad.status != 0)
    }

    /// PyJWT (with cryptography), an independent JWT implementation, accepts the token as ES256.
    @Test func pyjwtDecodesAndVerifiesTheToken() throws {
        // The interpreter the Makefile's test-deps installs PyJWT into (PYTHON ?= /usr/bin/python3).
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python),
              try Tool.run(python, ["-c", "import jwt, cryptography"]).status == 0 else {
            Issue.record("PyJWT with cryptography is not importable by \(python); `make test-deps` installs it")
            return
        }
        let key = P256.Signing.PrivateKey()
        let token = try ProviderToken.sign(keyID: "KEYAAAAAAA", teamID: "TEAM123456", issuedAt: Date(), key: key)
        let script = """
        import sys, json, jwt
        token, pem = sys.argv[1], sys.argv[2]
        claims = jwt.decode(token, pem, algorithms=["ES256"])
        print(json.dumps({"header": jwt.get_unverified_header(token), "claims": claims}, sort_keys=True))
        """
        let ok = try Tool.run(python, ["-c", script, token.compact, key.publicKey.pemRepresentation])
        #expect(ok.status == 0, "\(ok.stderr)")
        let decoded = try JSONSerialization.jsonObject(with: Data(ok.stdout.utf8)) as? [String: [String: Any]]
        #expect(decoded?["header"]?["alg"] as? String == "ES256")
        #expect(decoded?["header"]?["kid"] as? String == "KEYAAAAAAA")
        #expect(decoded?["claims"]?["iss"] as? String == "TEAM123456")
        #expect((decoded?["claims"]?["iat"] as? NSNumber)?.int64Value == token.issuedAt)
        let other = P256.Signing.PrivateKey().publicKey.pemRepresentation
        let refused = try Tool.run(python, ["-c", script, token.compact, other])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("InvalidSignatureError"))
    }

    /// Python's `cryptography` signs in DER, as pushy (Java's SHA256withECDSA) does: the token parses, says it is
    /// DER, and verifies (APNs accepts it); signing stays JOSE. A numeric-string iat is read and flagged; a word is
    /// refused.
    @Test(.enabled(if: PythonTokens.isAvailable, "needs python3 with cryptography"))
    func derSignaturesAndStringIATsFromPython() throws {
        let key = P256.Signing.PrivateKey()
        let iat = 1_800_000_000
        func python(_ shape: PythonTokens.Shape) throws -> String {
            try PythonTokens.token(shape, privateKeyPEM: key.pemRepresentation, keyID: "KEYAAAAAAA",
                                   teamID: "TEAM123456", issuedAt: iat)
        }
        let der = try ProviderToken(parsing: try python(.der))
        #expect(der.signatureEncoding == .der)
        #expect((64...72).contains(der.signature.count) && der.signature.first == 0x30)
        #expect(der.isSignatureValid(for: key.publicKey))
        #expect(!der.isSignatureValid(for: P256.Signing.PrivateKey().publicKey))
        let jose = try ProviderToken(parsing: try python(.jose))
        #expect(jose.signatureEncoding == .jose && jose.isSignatureValid(for: key.publicKey) && !jose.issuedAtIsString)
        let stringIAT = try ProviderToken(parsing: try python(.stringIAT))
        #expect(stringIAT.issuedAtIsString)
        #expect(stringIAT.issuedAt == Int64(iat))
        #expect(stringIAT.isSignatureValid(for: key.publicKey))
        #expect(throws: APNsError.self) { try ProviderToken(parsing: try python(.wordIAT)) }
        do {
            _ = try ProviderToken(parsing: try python(.wordIAT))
        } catch let error as APNsError {
            #expect(error.message.contains(#"iat "yesterday" is not a number of seconds"#))
        }
        // Our own tokens stay JOSE.
        let ours = try ProviderToken.sign(keyID: "KEYAAAAAAA", teamID: "TEAM123456", issuedAt: Date(), key: key)
        #expect(ours.signatureEncoding == .jose && ours.signature.count == 64)
    }
}
