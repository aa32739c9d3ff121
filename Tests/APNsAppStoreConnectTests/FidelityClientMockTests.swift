import APNsAppStoreConnect
import APNsAppStoreConnectMock
import Crypto
import Foundation
import Testing
import TestSupport

/// Issue 41 §4: the client's requests and the mock's answers, held to Apple's OpenAPI specification (the subset
/// in Tests/Fixtures/appstoreconnect/openapi.json) by openapi-core (Tests/Interop/asc_validate.py). The client
/// calls every endpoint it has against a `MockAppStoreConnectServer` logging its exchanges; curl makes the
/// requests no client call makes yet (a device, a certificate from a CSR, a capability's removal) and the errors
/// (404, 400, 401, 403 for an individual key, 409, and a 429 the client waits out); then every line of the log must conform. A client or a mock that drifts from Apple's shapes
/// fails here, naming the exchange.
@Suite(.enabled(if: FidelityTools.available, "needs python3 with openapi-core, openssl and curl (make test-deps)"))
struct FidelityClientMockTests {
    @Test func everyExchangeOfTheClientWithTheMockConformsToApplesSpec() async throws {
        let directory = TestPaths.temporaryDirectory("asc-fidelity")
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("asc.jsonl").path
        let key = FidelityKey(), individual = FidelityKey(keyID: "FIDINDI123", individual: true)
        let server = try await MockAppStoreConnectServer.start(.init(trustedKeys: [key.trusted, individual.trusted],
                                                                     logPath: log))
        let ca = directory.appendingPathComponent("ca.pem").path
        try Data(server.caCertificatePEM.utf8).write(to: URL(fileURLWithPath: ca))
        let base = "https://127.0.0.1:\(server.port)"
        let client = AppStoreConnectClient(baseURL: base, caFile: ca, token: { key.token() })
        let curl = FidelityCurl(base: base, ca: ca, token: key.token())

        // The requests no client call makes: a device and a certificate (from openssl's CSR) for the profile.
        let device = try curl.send("POST", "/v1/devices", body: """
            {"data":{"type":"devices","attributes":{"name":"Fidelity iPhone","udid":"00008030-001A2B3C4D5E6F70","platform":"IOS"}}}
            """)
        #expect(device.status == 201, "\(device.body)")
        let csr = try FidelityTools.certificateSigningRequest(in: directory)
        let certificate = try curl.send("POST", "/v1/certificates", body: """
            {"data":{"type":"certificates","attributes":{"certificateType":"IOS_DEVELOPMENT","csrContent":\(FidelityTools.jsonString(csr))}}}
            """)
        #expect(certificate.status == 201, "\(certificate.body)")

        // Every call of the client.
        let created = try client.createBundleID(identifier: "com.example.fidelity", name: "Fidelity", platform: "IOS")
        #expect(try client.bundleID(identifier: "com.example.fidelity") == created)
        #expect(try client.bundleID(identifier: "com.example.absent") == nil)
        let capability = try client.enableCapability(AppStoreConnect.pushNotifications, bundleID: created.id)
        #expect(try client.capabilities(ofBundleID: created.id).contains(capability))
        let devices = try client.devices(), certificates = try client.certificates()
        #expect(devices.count == 1 && certificates.count == 1, "\(devices) \(certificates)")
        let profile = try client.createProfile(name: "Fidelity Development", profileType: "IOS_APP_DEVELOPMENT",
                                               bundleID: created.id, certificateIDs: certificates.map(\.id),
                                               deviceIDs: devices.map(\.id))
        #expect(try client.profiles(bundleID: created.id, profileType: "IOS_APP_DEVELOPMENT").map(\.id) == [profile.id])
        #expect(try client.profiles(bundleID: nil, profileType: nil).count == 1)
        #expect(try client.profile(id: profile.id).id == profile.id)
        #expect(try client.profileCertificateIDs(profileID: profile.id) == certificates.map(\.id))
        #expect(try client.profileDeviceIDs(profileID: profile.id) == devices.map(\.id))
        #expect(throws: AppStoreConnectError.self) { try client.profile(id: "NOSUCHPROF") }

        // The other endpoints the mock serves, and Apple's errors.
        for path in ["/v1/bundleIds/\(created.id)", "/v1/bundleIds/\(created.id)/profiles",
                     "/v1/devices/\(devices[0].id)", "/v1/certificates/\(certificates[0].id)",
                     "/v1/profiles/\(profile.id)/bundleId", "/v1/profiles/\(profile.id)/certificates",
                     "/v1/profiles/\(profile.id)/devices", "/v1/profiles/\(profile.id)/relationships/bundleId",
                     "/v1/profiles?filter%5BprofileState%5D=ACTIVE&sort=-name&limit=2"] {
            let answer = try curl.send("GET", path)
            #expect(answer.status == 200, "\(path): \(answer.body)")
        }
        #expect(try curl.send("GET", "/v1/bundleIds/NOSUCHBUND").status == 404)
        #expect(try curl.send("GET", "/v1/bundleIds?filter%5Bcolour%5D=red").status == 400)
        #expect(try FidelityCurl(base: base, ca: ca, token: key.token(lifetime: 3600)).send("GET", "/v1/bundleIds")
            .status == 401)
        #expect(try curl.send("POST", "/v1/bundleIds", body: """
            {"data":{"type":"bundleIds","attributes":{"identifier":"com.example.fidelity","name":"Again","platform":"IOS"}}}
            """).status == 409)
        #expect(try FidelityCurl(base: base, ca: ca, token: individual.token()).send("GET", "/v1/profiles").status == 403)
        server.inject([.rateLimited(count: 1, retryAfter: 1)])
        #expect(try client.capabilities(ofBundleID: created.id).contains(capability))  // after Apple's 429
        #expect(try curl.send("DELETE", "/v1/bundleIdCapabilities/\(capability.id)").status == 204)
        try client.deleteProfile(id: profile.id)
        #expect(try curl.send("DELETE", "/v1/certificates/\(certificates[0].id)").status == 204)
        try await server.stop()

        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count >= 30, "\(lines.count) exchanges logged")
        let statuses = Set(lines.compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["status"] as? Int
        })
        #expect(statuses.isSuperset(of: [200, 201, 204, 400, 401, 403, 404, 409, 429]), "\(statuses.sorted())")
        let result = try ExternalProcess.run("/usr/bin/python3", [FidelityTools.validator, FidelityTools.spec, log])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(" 0 violation(s)"), "\(result.stdout)")
    }
}

/// An App Store Connect team key the mock trusts, and its tokens (ES256, signed here with swift-crypto).
struct FidelityKey: Sendable {
    var keyID = "FIDKEY1234", issuer = "57246542-96fe-1a63-e053-0824d011072a"
    var privateKey = P256.Signing.PrivateKey()
    /// An individual key: its tokens say `sub: user` instead of `iss`.
    var individual = false

    var trusted: MockAppStoreConnectTrustedKey {
        MockAppStoreConnectTrustedKey(keyID: keyID, publicKeyPEM: privateKey.publicKey.pemRepresentation,
                                      issuerID: individual ? nil : issuer, isIndividual: individual)
    }

    /// A token as Apple documents it; `lifetime` over 20 minutes makes one the mock must refuse.
    func token(lifetime: Int = 600) -> String {
        let now = Int(Date().timeIntervalSince1970)
        func segment(_ object: [String: Any]) -> String {
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return FidelityTools.base64URL(data)
        }
        let input = segment(["alg": "ES256", "kid": keyID, "typ": "JWT"]) + "."
            + segment([individual ? "sub" : "iss": individual ? "user" : issuer, "iat": now, "exp": now + lifetime,
                       "aud": "appstoreconnect-v1"])
        let signature = (try? privateKey.signature(for: Data(input.utf8)).rawRepresentation) ?? Data()
        return input + "." + FidelityTools.base64URL(signature)
    }
}

/// curl, for the requests the client does not make.
struct FidelityCurl {
    let base: String, ca: String, token: String

    func send(_ method: String, _ path: String, body: String? = nil) throws -> (status: Int, body: String) {
        var arguments = ["-sS", "--max-time", "20", "--cacert", ca, "-X", method, "-H", "Authorization: Bearer \(token)",
                         "-w", "\n%{http_code}"]
        if let body { arguments += ["-H", "Content-Type: application/json", "--data-binary", body] }
        let result = try ExternalProcess.run("/usr/bin/curl", arguments + [base + path])
        let text = result.stdout
        let split = text.range(of: "\n", options: .backwards)
        let status = split.map { Int(text[$0.upperBound...]) ?? 0 } ?? 0
        return (status, split.map { String(text[..<$0.lowerBound]) } ?? text + result.stderr)
    }
}

enum FidelityTools {
    static let spec = TestPaths.fixtures.appendingPathComponent("appstoreconnect/openapi.json").path
    static let validator = TestPaths.repositoryRoot.appendingPathComponent("Tests/Interop/asc_validate.py").path

    static var available: Bool {
        ["/usr/bin/openssl", "/usr/bin/curl"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && ((try? ExternalProcess.run("/usr/bin/python3", ["-c", "import openapi_core"]).status) ?? 1) == 0
    }

    /// A PEM certificate signing request made by openssl for a new P-256 key.
    static func certificateSigningRequest(in directory: URL) throws -> String {
        let key = directory.appendingPathComponent("csr-key.pem").path
        let result = try ExternalProcess.run("/usr/bin/openssl", [
            "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
            "-subj", "/CN=Fidelity Developer/O=Example/C=US",
        ])
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: result.stderr]) }
        return result.stdout
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: [text])) ?? Data(), as: UTF8.self)
            .dropFirst().dropLast().description
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
