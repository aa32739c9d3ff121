import Foundation
import TestSupport
import Testing

/// `apnsctl mock asc` as a user runs it: a keystore's App Store Connect key (`asc key import`, `asc token`) is
/// trusted with --trust-asc-key, curl talks to it over TLS, SIGTERM stops it, `profile verify --ca` accepts the
/// profiles it makes; bad values get one error and one hint.
@Suite(.serialized) struct MockAscCLITests {
    static let issuer = "69a6de7e-0000-47e3-e053-5b8c7c11a4d1"

    /// A directory with `AuthKey_ASCKEY0001.p8` imported into the keystore `ks`.
    static func keystore() throws -> (directory: URL, key: String, keystore: String) {
        let directory = CLI.temporaryDirectory("mock-asc-cli")
        let key = directory.appendingPathComponent("AuthKey_ASCKEY0001.p8").path
        #expect(try CLI.tool("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                                                  "-out", key]).status == 0)
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        let imported = try CLI.run(["asc", "key", "import", key, "--issuer", issuer, "--keystore", keystore])
        #expect(imported.status == 0, "\(imported.stderr)")
        return (directory, key, keystore)
    }

    static func curl(_ method: String, _ url: String, ca: String, token: String, body: String? = nil)
        throws -> (status: Int, body: String) {
        var arguments = ["-sS", "--cacert", ca, "-X", method, "-w", "\n%{http_code}", "-H", "Authorization: Bearer \(token)"]
        if let body { arguments += ["-H", "Content-Type: application/json", "--data-binary", body] }
        let result = try ExternalProcess.run("/usr/bin/curl", arguments + [url], timeout: 30)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    static func id(_ body: String) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            .flatMap { $0["data"] as? [String: Any] }?["id"] as? String
    }

    @Test func servesTheKeystoresTokensKeepsStateAndStopsOnSIGTERM() throws {
        let (directory, key, keystore) = try Self.keystore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = directory.appendingPathComponent("ca.pem").path
        let state = directory.appendingPathComponent("state.json").path
        let mock = try MockServeProcess(["mock", "asc", "--port", "0", "--ca-out", ca, "--state", state,
                                         "--trust-asc-key", "ASCKEY0001=\(key),issuer=\(Self.issuer)"])
        defer { mock.kill() }
        let first = try #require(mock.firstLine())
        #expect(first.hasPrefix("listening host=127.0.0.1 port=") && first.contains(" keys=1 ")
                && first.hasSuffix(" ca=\(ca)"), "\(first)")
        let base = "https://127.0.0.1:\(try mock.port())"
        let token = try CLI.run(["asc", "token", "--keystore", keystore])
        #expect(token.status == 0, "\(token.stderr)")
        let bearer = token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let created = try Self.curl("POST", base + "/v1/bundleIds", ca: ca, token: bearer, body: """
            {"data":{"type":"bundleIds","attributes":{"identifier":"com.example.cli","name":"CLI","platform":"IOS"}}}
            """)
        #expect(created.status == 201, "\(created.body)")
        let listed = try Self.curl("GET", base + "/v1/bundleIds?filter%5Bidentifier%5D=com.example.cli", ca: ca,
                                   token: bearer)
        #expect(listed.status == 200 && listed.body.contains(#""identifier":"com.example.cli""#), "\(listed.body)")
        let unsigned = try Self.curl("GET", base + "/v1/bundleIds", ca: ca, token: "x.y.z")
        #expect(unsigned.status == 401 && unsigned.body.contains("NOT_AUTHORIZED"))
        let stopped = mock.terminate()
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(stopped.stdout.hasSuffix("stopped requests=3\n"), "\(stopped.stdout)")
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        #expect(saved.contains("com.example.cli"))
    }

    @Test func profileVerifyAcceptsTheProfilesItMakes() throws {
        let (directory, key, keystore) = try Self.keystore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = directory.appendingPathComponent("ca.pem").path
        let mock = try MockServeProcess(["mock", "asc", "--port", "0", "--ca-out", ca,
                                         "--trust-asc-key", "ASCKEY0001=\(key),issuer=\(Self.issuer)"])
        defer { mock.kill() }
        let base = "https://127.0.0.1:\(try mock.port())"
        let bearer = try CLI.run(["asc", "token", "--keystore", keystore]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let bundle = try #require(Self.id(try Self.curl("POST", base + "/v1/bundleIds", ca: ca, token: bearer, body: """
            {"data":{"type":"bundleIds","attributes":{"identifier":"com.example.verify","name":"V","platform":"IOS"}}}
            """).body))
        #expect(try Self.curl("POST", base + "/v1/bundleIdCapabilities", ca: ca, token: bearer, body: """
            {"data":{"type":"bundleIdCapabilities","attributes":{"capabilityType":"PUSH_NOTIFICATIONS"},\
            "relationships":{"bundleId":{"data":{"type":"bundleIds","id":"\(bundle)"}}}}}
            """).status == 201)
        let csr = try ExternalProcess.run("/usr/bin/openssl", ["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout",
                                                               directory.appendingPathComponent("dev.key").path,
                                                               "-subj", "/CN=Dev"])
        let csrJSON = csr.stdout.replacingOccurrences(of: "\n", with: "\\n")
        let certificate = try #require(Self.id(try Self.curl("POST", base + "/v1/certificates", ca: ca, token: bearer, body: """
            {"data":{"type":"certificates","attributes":{"csrContent":"\(csrJSON)","certificateType":"IOS_DISTRIBUTION"}}}
            """).body))
        let profile = try Self.curl("POST", base + "/v1/profiles", ca: ca, token: bearer, body: """
            {"data":{"type":"profiles","attributes":{"name":"Store","profileType":"IOS_APP_STORE"},"relationships":{\
            "bundleId":{"data":{"type":"bundleIds","id":"\(bundle)"}},\
            "certificates":{"data":[{"type":"certificates","id":"\(certificate)"}]}}}}
            """)
        #expect(profile.status == 201, "\(profile.body)")
        let object = try JSONSerialization.jsonObject(with: Data(profile.body.utf8)) as? [String: Any]
        let content = try #require(((object?["data"] as? [String: Any])?["attributes"] as? [String: Any])?["profileContent"]
            as? String)
        let file = directory.appendingPathComponent("store.mobileprovision")
        try #require(Data(base64Encoded: content)).write(to: file)
        let verified = try CLI.run(["profile", "verify", file.path, "--ca", ca, "--env", "production",
                                    "--bundle-id", "com.example.verify"])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        let untrusted = try CLI.run(["profile", "verify", file.path, "--env", "production", "--bundle-id",
                                     "com.example.verify"])
        #expect(untrusted.status == 1, "without --ca the mock's CA is not trusted: \(untrusted.stdout)")
    }

    @Test func badValuesGetOneErrorAndOneHint() throws {
        let (directory, key, _) = try Self.keystore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trust = ["--trust-asc-key", "ASCKEY0001=\(key),issuer=\(Self.issuer)"]
        let ca = ["--ca-out", directory.appendingPathComponent("ca.pem").path]
        let badState = directory.appendingPathComponent("bad.json").path
        try Data("[1,2".utf8).write(to: URL(fileURLWithPath: badState))
        let occupied = try SilentListener()
        let cases: [(String, [String], Int32)] = [
            ("no issuer", ["--trust-asc-key", "ASCKEY0001=\(key)"] + ca, 2),
            ("issuer and individual", ["--trust-asc-key", "ASCKEY0001=\(key),issuer=X,individual"] + ca, 2),
            ("missing key file", ["--trust-asc-key", "ASCKEY0001=/nonexistent.p8,issuer=X"] + ca, 3),
            ("not a key", ["--trust-asc-key", "ASCKEY0001=\(badState),issuer=X"] + ca, 3),
            ("bad fault", trust + ca + ["--fault", "teapot=1"], 2),
            ("half TLS identity", trust + ca + ["--tls-cert", key], 2),
            ("bad state", trust + ca + ["--state", badState], 3),
            ("port in use", trust + ca + ["--port", String(occupied.port)], 4),
        ]
        for (what, arguments, status) in cases {
            let result = try CLI.run(["mock", "asc", "--port", "0"] + arguments)
            #expect(result.status == status, "\(what): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.filter { $0.hasPrefix("apnsctl: error: ") }.count == 1, "\(what): \(result.stderr)")
            #expect(lines.filter { $0.hasPrefix("apnsctl: hint: ") }.count == 1, "\(what): \(result.stderr)")
        }
    }
}
