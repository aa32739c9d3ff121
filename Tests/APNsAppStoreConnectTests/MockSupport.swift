import APNsAppStoreConnectMock
import APNsCore
import Crypto
import Foundation
import TestSupport
import Testing

/// An App Store Connect API key made in the test, and tokens signed by it (good ones and deliberately bad ones).
struct MockTestKey: Sendable {
    let keyID: String
    let issuerID: String?
    let privateKey: P256.Signing.PrivateKey

    init(keyID: String = "ASCKEY1234", issuerID: String? = "69a6de7e-1234-47e3-e053-5b8c7c11a4d1") {
        self.keyID = keyID
        self.issuerID = issuerID
        self.privateKey = P256.Signing.PrivateKey()
    }

    var trusted: MockAppStoreConnectTrustedKey {
        MockAppStoreConnectTrustedKey(keyID: keyID, publicKeyPEM: privateKey.publicKey.pemRepresentation,
                                      issuerID: issuerID, isIndividual: issuerID == nil)
    }

    /// A token as Apple documents it (a team key: iss; an individual key: sub "user"), `lifetime` seconds long.
    func token(now: Date = Date(), lifetime: TimeInterval = 600, header edits: [String: JSONValue?] = [:],
               claims claimEdits: [String: JSONValue?] = [:], signer: P256.Signing.PrivateKey? = nil) -> String {
        var header: [String: JSONValue] = ["alg": "ES256", "kid": .string(keyID), "typ": "JWT"]
        let issuedAt = Int64(now.timeIntervalSince1970)
        var claims: [String: JSONValue] = ["aud": "appstoreconnect-v1", "iat": .integer(issuedAt),
                                           "exp": .integer(issuedAt + Int64(lifetime))]
        if let issuerID { claims["iss"] = .string(issuerID) } else { claims["sub"] = "user" }
        for (name, value) in edits { header[name] = value }
        for (name, value) in claimEdits { claims[name] = value }
        let input = Self.base64URL(Data(JSONValue.object(header).compactText.utf8)) + "."
            + Self.base64URL(Data(JSONValue.object(claims).compactText.utf8))
        let signature = (try? (signer ?? privateKey).signature(for: Data(input.utf8)).rawRepresentation) ?? Data()
        return input + "." + Self.base64URL(signature)
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// A running mock App Store Connect with its CA written to a file, and curl to talk to it.
struct MockASCHarness {
    let server: MockAppStoreConnectServer
    let directory: URL
    let caFile: String
    let key: MockTestKey

    static func start(key: MockTestKey = MockTestKey(), others: [MockTestKey] = [], directory: URL? = nil,
                      faults: [MockAppStoreConnectFault] = [], log: Bool = true,
                      now: @escaping @Sendable () -> Date = { Date() }) async throws -> MockASCHarness {
        let directory = directory ?? TestPaths.temporaryDirectory("mock-asc")
        let configuration = MockAppStoreConnectConfiguration(
            statePath: directory.appendingPathComponent("state.json").path,
            trustedKeys: ([key] + others).map(\.trusted),
            logPath: log ? directory.appendingPathComponent("exchanges.jsonl").path : nil, faults: faults, now: now)
        let server = try await MockAppStoreConnectServer.start(configuration)
        let caFile = directory.appendingPathComponent("ca.pem").path
        try Data(server.caCertificatePEM.utf8).write(to: URL(fileURLWithPath: caFile))
        return MockASCHarness(server: server, directory: directory, caFile: caFile, key: key)
    }

    var baseURL: String { "https://127.0.0.1:\(server.port)" }

    struct Answer {
        var status: Int
        var body: String
        var headers: String
        var json: JSONValue? { JSONValue(parsing: Array(body.utf8)) }
        var errorCode: String? { json?["errors"]?.array?.first?["code"]?.string }
    }

    /// One request with curl over TLS, trusting the mock's CA; `token` nil: a good token of `key`.
    func curl(_ method: String, _ path: String, body: JSONValue? = nil, token: String? = nil,
              url: String? = nil) throws -> Answer {
        let headerFile = directory.appendingPathComponent("headers-\(UUID().uuidString)").path
        var arguments = ["-sS", "--cacert", caFile, "-X", method, "-D", headerFile, "-w", "\n%{http_code}",
                         "-H", "Authorization: Bearer \(token ?? key.token())"]
        if let body {
            arguments += ["-H", "Content-Type: application/json", "--data-binary", body.compactText]
        }
        arguments.append(url ?? baseURL + path)
        let result = try ExternalProcess.run(ExternalProcess.find("curl") ?? "/usr/bin/curl", arguments, timeout: 30)
        #expect(result.status == 0, "curl: \(result.stderr)")
        let output = result.stdout
        let split = output.range(of: "\n", options: .backwards)
        let status = split.map { Int(output[$0.upperBound...]) ?? 0 } ?? 0
        let text = split.map { String(output[..<$0.lowerBound]) } ?? output
        let headers = (try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? ""
        return Answer(status: status, body: text, headers: headers)
    }

    /// Creates a bundle id and returns its resource id.
    func createBundleID(_ identifier: String, platform: String = "IOS") throws -> String {
        let answer = try curl("POST", "/v1/bundleIds", body: .object(["data": .object([
            "type": "bundleIds",
            "attributes": .object(["identifier": .string(identifier), "name": .string("App \(identifier)"),
                                   "platform": .string(platform)]),
        ])]))
        #expect(answer.status == 201, "\(answer.body)")
        return answer.json?["data"]?["id"]?.string ?? ""
    }

    func enablePush(_ bundleID: String) throws -> Answer {
        try curl("POST", "/v1/bundleIdCapabilities", body: .object(["data": .object([
            "type": "bundleIdCapabilities", "attributes": .object(["capabilityType": "PUSH_NOTIFICATIONS"]),
            "relationships": .object(["bundleId": .object(["data": .object(["type": "bundleIds", "id": .string(bundleID)])])]),
        ])]))
    }

    /// A development certificate made from a CSR openssl writes; returns its resource id.
    func createCertificate(type: String = "IOS_DEVELOPMENT") throws -> String {
        let keyFile = directory.appendingPathComponent("csr-\(UUID().uuidString).key").path
        let csr = try ExternalProcess.run(ExternalProcess.find("openssl") ?? "/usr/bin/openssl", [
            "req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", keyFile, "-subj", "/CN=Mock Test/emailAddress=a@b.c",
        ])
        #expect(csr.status == 0, "\(csr.stderr)")
        let answer = try curl("POST", "/v1/certificates", body: .object(["data": .object([
            "type": "certificates",
            "attributes": .object(["csrContent": .string(csr.stdout), "certificateType": .string(type)]),
        ])]))
        #expect(answer.status == 201, "\(answer.body)")
        return answer.json?["data"]?["id"]?.string ?? ""
    }

    func createDevice(_ udid: String) throws -> String {
        let answer = try curl("POST", "/v1/devices", body: .object(["data": .object([
            "type": "devices", "attributes": .object(["name": .string("Phone \(udid)"), "udid": .string(udid), "platform": "IOS"]),
        ])]))
        #expect(answer.status == 201, "\(answer.body)")
        return answer.json?["data"]?["id"]?.string ?? ""
    }

    func createProfile(name: String, type: String, bundleID: String, certificates: [String],
                       devices: [String] = []) throws -> Answer {
        func many(_ type: String, _ ids: [String]) -> JSONValue {
            .object(["data": .array(ids.map { .object(["type": .string(type), "id": .string($0)]) })])
        }
        return try curl("POST", "/v1/profiles", body: .object(["data": .object([
            "type": "profiles", "attributes": .object(["name": .string(name), "profileType": .string(type)]),
            "relationships": .object([
                "bundleId": .object(["data": .object(["type": "bundleIds", "id": .string(bundleID)])]),
                "certificates": many("certificates", certificates), "devices": many("devices", devices),
            ]),
        ])]))
    }
}
