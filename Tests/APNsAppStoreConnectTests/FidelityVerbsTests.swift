import Crypto
import Foundation
import Testing
import TestSupport

/// Issue 41 §4, through the verbs: the built `apnsctl` (its keystore holding an App Store Connect team key that
/// openssl made) runs `app push status`, `app push enable` (dry run, then for real, then again), `profile list`,
/// `profile fetch` and `profile renew --replace --min-days 400` (so the year-long profile is renewed whatever its
/// content) against `apnsctl mock asc --log` whose state curl seeded
/// (a device, a certificate, a profile made before Push Notifications was enabled); every exchange of the log, the
/// verbs' requests and the mock's answers, must conform to Apple's spec (Tests/Interop/asc_validate.py).
@Suite(.enabled(if: FidelityTools.available, "needs python3 with openapi-core, openssl and curl (make test-deps)"))
struct FidelityVerbsTests {
    static let bundleID = "com.example.fidelity.verbs"

    @Test func theVerbsRequestsAndTheMocksAnswersConformToApplesSpec() throws {
        let directory = TestPaths.temporaryDirectory("asc-fidelity-verbs")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyID = "FIDVERB001", issuer = "4b1c7a0e-2d3f-4e5a-8b6c-7d8e9f0a1b2c"
        let keyFile = directory.appendingPathComponent("AuthKey_\(keyID).p8").path
        #expect(try ExternalProcess.run("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt",
                                                             "ec_paramgen_curve:P-256", "-out", keyFile]).status == 0)
        let key = FidelityKey(keyID: keyID, issuer: issuer,
                              privateKey: try P256.Signing.PrivateKey(pemRepresentation: String(contentsOfFile: keyFile, encoding: .utf8)))
        let keystore = directory.appendingPathComponent("keystore").path
        let apnsctl = FidelityApnsctl(keystore: keystore)
        try apnsctl.ok(["keystore", "init", keystore])
        try apnsctl.ok(["asc", "key", "import", keyFile, "--issuer", issuer])

        let publicFile = directory.appendingPathComponent("public.pem")
        try Data(key.privateKey.publicKey.pemRepresentation.utf8).write(to: publicFile)
        let mock = try FidelityMockProcess(in: directory, ["--trust-asc-key", "\(keyID)=\(publicFile.path),issuer=\(issuer)"])
        let ca = mock.ca, log = mock.log
        let asc = ["--asc-url", mock.base, "--cacert", ca]
        let curl = FidelityCurl(base: mock.base, ca: ca, token: key.token())
        let ids = try FidelitySeed.profileWithoutPush(curl, bundleID: Self.bundleID, in: directory)

        let status = try apnsctl.ok(["app", "push", "status", Self.bundleID, "--format", "json"] + asc)
        #expect(status.stdout.contains("\"push_enabled\"") && status.stdout.contains(ids.profile.name), "\(status.stdout)")
        try apnsctl.ok(["app", "push", "enable", Self.bundleID, "--dry-run"] + asc)
        try apnsctl.ok(["app", "push", "enable", Self.bundleID] + asc)
        try apnsctl.ok(["app", "push", "enable", Self.bundleID] + asc)
        try apnsctl.ok(["profile", "list", "--bundle-id", Self.bundleID, "--type", "IOS_APP_DEVELOPMENT"] + asc)
        let out = directory.appendingPathComponent("profiles").path
        let fetched = try apnsctl.run(["profile", "fetch", "--bundle-id", Self.bundleID, "--type", "IOS_APP_DEVELOPMENT",
                                       "--out", out, "--ca", ca] + asc)
        #expect([0, 1].contains(fetched.status), "profile fetch: \(fetched.stdout)\(fetched.stderr)")
        let renewed = try apnsctl.run(["profile", "renew", "--bundle-id", Self.bundleID, "--type", "IOS_APP_DEVELOPMENT",
                                       "--out", out, "--ca", ca, "--replace", "--min-days", "400"] + asc)
        #expect(renewed.status == 0, "profile renew: \(renewed.stdout)\(renewed.stderr)")
        let stopped = mock.stop()
        #expect(stopped.status == 0, "\(stopped.stderr)")

        let text = try String(contentsOfFile: log, encoding: .utf8)
        // The verbs reached the endpoints they use: the capability made, a profile made and the old one deleted.
        for request in ["\"method\":\"POST\",\"path\":\"/v1/bundleIdCapabilities\"",
                        "\"method\":\"POST\",\"path\":\"/v1/profiles\"",
                        "\"method\":\"DELETE\",\"path\":\"/v1/profiles/\(ids.profile.id)\""] {
            #expect(text.contains(request) || text.contains(request.replacingOccurrences(of: "\",\"", with: "\", \"")),
                    "no \(request) in the log; profile renew said: \(renewed.stdout)\(renewed.stderr)")
        }
        let result = try ExternalProcess.run("/usr/bin/python3", [FidelityTools.validator, FidelityTools.spec, log])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(" 0 violation(s)"), "\(result.stdout)")
    }
}

/// The built apnsctl, with one keystore.
struct FidelityApnsctl {
    let keystore: String

    func run(_ arguments: [String]) throws -> ProcessResult {
        try ExternalProcess.run(TestPaths.builtProgram("apnsctl"), arguments,
                                environment: ["NO_COLOR": "1", "APNSCTL_KEYSTORE": keystore])
    }

    @discardableResult
    func ok(_ arguments: [String]) throws -> ProcessResult {
        let result = try run(arguments)
        #expect(result.status == 0, "apnsctl \(arguments.joined(separator: " ")): \(result.stdout)\(result.stderr)")
        return result
    }
}

/// A team's App Store Connect state made through the API with curl: a bundle ID without Push Notifications, a
/// device, a development certificate (openssl's CSR) and a development profile made then, so without
/// aps-environment.
enum FidelitySeed {
    struct Made { var profile: (id: String, name: String) }

    static func profileWithoutPush(_ curl: FidelityCurl, bundleID: String, in directory: URL) throws -> Made {
        let bundle = try created(curl.send("POST", "/v1/bundleIds", body: """
            {"data":{"type":"bundleIds","attributes":{"identifier":"\(bundleID)","name":"Fidelity Verbs","platform":"IOS"}}}
            """))
        let device = try created(curl.send("POST", "/v1/devices", body: """
            {"data":{"type":"devices","attributes":{"name":"Verbs iPhone","udid":"00008030-0011223344556677","platform":"IOS"}}}
            """))
        let csr = try FidelityTools.certificateSigningRequest(in: directory)
        let certificate = try created(curl.send("POST", "/v1/certificates", body: """
            {"data":{"type":"certificates","attributes":{"certificateType":"IOS_DEVELOPMENT","csrContent":\(FidelityTools.jsonString(csr))}}}
            """))
        let name = "Fidelity Verbs Development"
        let profile = try created(curl.send("POST", "/v1/profiles", body: """
            {"data":{"type":"profiles","attributes":{"name":"\(name)","profileType":"IOS_APP_DEVELOPMENT"},
             "relationships":{"bundleId":{"data":{"type":"bundleIds","id":"\(bundle)"}},
             "certificates":{"data":[{"type":"certificates","id":"\(certificate)"}]},
             "devices":{"data":[{"type":"devices","id":"\(device)"}]}}}}
            """))
        return Made(profile: (profile, name))
    }

    /// The id of the resource a 201 made.
    static func created(_ answer: (status: Int, body: String)) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        guard answer.status == 201, let id = (object?["data"] as? [String: Any])?["id"] as? String else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(answer.status): \(answer.body)"])
        }
        return id
    }
}
