import Foundation
import Testing
import TestSupport

/// Issue 41 §4: schemathesis (PyPI) runs the operations of Apple's spec that the mock serves against it, with
/// requests the spec allows, and checks that every answer is one the spec allows (status, content type, body).
/// `apnsctl mock asc --trust-asc-key` trusts a key the test makes with openssl; PyJWT signs the token
/// schemathesis sends.
@Suite(.enabled(if: FidelitySchemathesis.available, "needs python3 with schemathesis and PyJWT (make test-deps)"))
struct FidelitySchemathesisTests {
    @Test func theMockAnswersWhatApplesSpecAllowsToWhatItAllows() throws {
        let directory = TestPaths.temporaryDirectory("asc-schemathesis")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyID = "SCHEMA1234", issuer = "69a6de70-3b7a-47e3-e053-5b8c7c11a4d1"
        let (privateKey, publicKey) = try FidelitySchemathesis.keyPair(in: directory)
        let publicFile = directory.appendingPathComponent("public.pem")
        try Data(publicKey.utf8).write(to: publicFile)
        let mock = try FidelityMockProcess(in: directory, ["--trust-asc-key", "\(keyID)=\(publicFile.path),issuer=\(issuer)"])
        let token = try FidelitySchemathesis.pyJWT(privateKeyPEM: privateKey, keyID: keyID, issuer: issuer)

        let result = try ExternalProcess.run("/usr/bin/python3", FidelitySchemathesis.arguments(
            port: mock.port, ca: mock.ca, token: token, reportDirectory: directory.path), in: directory, timeout: 300)
        let stopped = mock.stop()
        #expect(stopped.status == 0, "\(stopped.stderr)")
        let text = (try? String(contentsOfFile: mock.log, encoding: .utf8)) ?? ""
        let logged = text.split(separator: "\n").count
        #expect(result.status == 0, "schemathesis: \(result.stdout.suffix(12000))\(result.stderr.suffix(4000))")
        #expect(logged > FidelitySchemathesis.operations.count, "\(logged) exchanges logged")
        // The run may not be refused wholesale: most answers are not the 401 of a token the mock did not take.
        let unauthorized = text.components(separatedBy: "\"status\":401").count - 1
        #expect(unauthorized * 2 < logged, "\(unauthorized) of \(logged) answers were 401")
    }
}

enum FidelitySchemathesis {
    /// The operations of the vendored spec that `mock asc` serves (its routes).
    static let operations = [
        "bundleIds_getCollection", "bundleIds_createInstance", "bundleIds_getInstance",
        "bundleIds_bundleIdCapabilities_getToManyRelated", "bundleIds_profiles_getToManyRelated",
        "bundleIdCapabilities_createInstance", "bundleIdCapabilities_deleteInstance",
        "devices_getCollection", "devices_createInstance", "devices_getInstance",
        "certificates_getCollection", "certificates_createInstance", "certificates_getInstance",
        "certificates_deleteInstance",
        "profiles_getCollection", "profiles_createInstance", "profiles_getInstance", "profiles_deleteInstance",
        "profiles_bundleId_getToOneRelated", "profiles_certificates_getToManyRelated",
        "profiles_devices_getToManyRelated", "profiles_certificates_getToManyRelationship",
        "profiles_devices_getToManyRelationship", "profiles_bundleId_getToOneRelationship",
    ]

    /// `schemathesis run` (its CLI, as a module of the interpreter test-deps installs it into): positive data
    /// only, a fixed seed and a bounded number of examples per operation, so a run takes about a minute on 2 cores.
    static func arguments(port: Int, ca: String, token: String, reportDirectory: String) -> [String] {
        let spec = TestPaths.fixtures.appendingPathComponent("appstoreconnect/openapi.json").path
        return ["-m", "schemathesis.cli", "run", spec, "--url", "https://127.0.0.1:\(port)", "--tls-verify", ca,
                "--header", "Authorization: Bearer \(token)", "--mode", "positive",
                "--phases", "examples,coverage,fuzzing", "--max-examples", "20", "--seed", "41", "--no-shrink",
                "--workers", "1", "--request-timeout", "20", "--suppress-health-check", "all",
                "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,"
                    + "response_schema_conformance",
                "--report-dir", reportDirectory, "--warnings", "off"]
            + operations.flatMap { ["--include-operation-id", $0] }
    }

    static var available: Bool {
        ((try? ExternalProcess.run("/usr/bin/python3", ["-c", "import schemathesis, jwt"]).status) ?? 1) == 0
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
    }

    /// A P-256 key by openssl: the private key (PKCS#8 PEM) and its public key (PEM).
    static func keyPair(in directory: URL) throws -> (String, String) {
        let key = directory.appendingPathComponent("AuthKey.p8").path
        let generated = try ExternalProcess.run("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt",
                                                                     "ec_paramgen_curve:P-256", "-out", key])
        let publicKey = try ExternalProcess.run("/usr/bin/openssl", ["pkey", "-in", key, "-pubout"])
        guard generated.status == 0, publicKey.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: generated.stderr + publicKey.stderr])
        }
        return (try String(contentsOfFile: key, encoding: .utf8), publicKey.stdout)
    }

    /// An App Store Connect token as PyJWT makes it: ES256, kid, typ JWT; iss, iat, exp (15 minutes), aud.
    static func pyJWT(privateKeyPEM: String, keyID: String, issuer: String) throws -> String {
        let script = """
        import jwt, sys, time
        now = int(time.time())
        print(jwt.encode({"iss": sys.argv[3], "iat": now, "exp": now + 900, "aud": "appstoreconnect-v1"},
                         sys.argv[1], algorithm="ES256", headers={"kid": sys.argv[2], "typ": "JWT"}))
        """
        let result = try ExternalProcess.run("/usr/bin/python3", ["-c", script, privateKeyPEM, keyID, issuer])
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: result.stderr])
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
