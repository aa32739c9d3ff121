import APNsCore
import APNsMock
import APNsModel
import Foundation
import Testing

/// Certificate authentication over TLS client auth, with curl presenting the certificate.
@Suite(.enabled(if: Curl.isAvailable && RawHTTP2Client.isAvailable, "needs /usr/bin/curl and /usr/bin/openssl"))
struct CertificateAuthServerTests {
    static let universalTopics: [(topic: String, labels: [String])] = [
        (Fixture.bundleID, ["topic"]), (Fixture.bundleID + ".voip", ["voip"]),
        (Fixture.bundleID + ".complication", ["complication"]),
    ]

    private func withCertificateServer(environment: APNsEnvironment = .development,
                                       clientCA: MockCertificateAuthority,
                                       _ body: (MockAPNsServer, Int, String) async throws -> Void) async throws {
        try await MockAPNsServer.running(MockServerConfiguration(
            policy: Fixture.policy(environment: environment), clientCAPEM: try clientCA.certificatePEM), body)
    }

    private func clientFiles(_ identity: TLSIdentity) throws -> (URL, [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mock-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cert = directory.appendingPathComponent("client.pem"), key = directory.appendingPathComponent("client.key")
        try Data(identity.certificatePEM.utf8).write(to: cert)
        try Data(identity.privateKeyPEM.utf8).write(to: key)
        return (directory, ["--cert", cert.path, "--key", key.path])
    }

    private let canary = ["apns-push-type": "background", "apns-priority": "5"]

    @Test func aUniversalCertificateAuthenticatesAndItsTopicsAreEnforced() async throws {
        let clientCA = try MockCertificateAuthority(commonName: "client CA")
        let identity = try clientCA.issueClientCertificate(bundleID: Fixture.bundleID, teamID: Fixture.teamID,
                                                           topics: Self.universalTopics, development: true,
                                                           production: true)
        let (directory, flags) = try clientFiles(identity)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withCertificateServer(clientCA: clientCA) { server, port, ca in
            var headers = canary
            headers["apns-topic"] = Fixture.bundleID
            let ok = try Curl.request(Curl.post(device: Fixture.device, headers: headers, port: port),
                                      port: port, caPEM: ca, extra: flags)
            #expect(ok.status == 200, "\(ok.body) \(ok.stderr)")
            #expect(server.receivedRequests.last?.response.authentication == .certificate(subject: Fixture.bundleID))

            headers["apns-topic"] = "com.example.other"
            let other = try Curl.request(Curl.post(device: Fixture.device, headers: headers, port: port),
                                         port: port, caPEM: ca, extra: flags)
            #expect(other.status == 400)
            #expect(other.json?["reason"] as? String == "TopicDisallowed")

            let noTopic = try Curl.request(Curl.post(device: Fixture.device, headers: canary, port: port),
                                           port: port, caPEM: ca, extra: flags)
            #expect(noTopic.json?["reason"] as? String == "MissingTopic")
        }
    }

    @Test func aSandboxCertificateOnAProductionServerIsBadCertificateEnvironment() async throws {
        let clientCA = try MockCertificateAuthority(commonName: "client CA")
        let identity = try clientCA.issueClientCertificate(bundleID: Fixture.bundleID, teamID: Fixture.teamID,
                                                           topics: [], development: true, production: false)
        let (directory, flags) = try clientFiles(identity)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withCertificateServer(environment: .production, clientCA: clientCA) { _, port, ca in
            let response = try Curl.request(Curl.post(device: Fixture.device, headers: canary, port: port),
                                            port: port, caPEM: ca, extra: flags)
            #expect(response.status == 403)
            #expect(response.json?["reason"] as? String == "BadCertificateEnvironment")
        }
    }

    @Test func aCertificateFromAnotherCAFailsTheHandshake() async throws {
        let clientCA = try MockCertificateAuthority(commonName: "client CA")
        let stranger = try MockCertificateAuthority(commonName: "stranger CA")
        let identity = try stranger.issueClientCertificate(bundleID: Fixture.bundleID, teamID: Fixture.teamID,
                                                           topics: [], development: true, production: true)
        let (directory, flags) = try clientFiles(identity)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withCertificateServer(clientCA: clientCA) { server, port, ca in
            let response = try Curl.request(Curl.post(device: Fixture.device, headers: canary, port: port),
                                            port: port, caPEM: ca, extra: flags)
            #expect(response.exitCode != 0)
            #expect(response.status == 0)
            #expect(server.receivedRequests.isEmpty)
            // Without a certificate the same server still takes token clients.
            var headers = canary
            headers["apns-topic"] = Fixture.bundleID
            headers["authorization"] = "bearer \(try Fixture.token(issuedAt: Date()))"
            let token = try Curl.request(Curl.post(device: Fixture.device, headers: headers, port: port),
                                         port: port, caPEM: ca)
            #expect(token.status == 200, "\(token.body) \(token.stderr)")
        }
    }

    /// A certificate made by the openssl binary (RSA-2048, UID subject, topics extension from openssl's own
    /// ASN.1 generator): the mock reads it as APNs would.
    @Test func anOpenSSLMadeAPNsCertificateIsUnderstood() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mock-openssl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try """
        [apns]
        basicConstraints = critical,CA:FALSE
        extendedKeyUsage = clientAuth
        1.2.840.113635.100.6.3.1 = DER:0500
        1.2.840.113635.100.6.3.6 = ASN1:SEQUENCE:topics
        [topics]
        t1 = UTF8:\(Fixture.bundleID)
        l1 = SEQUENCE:app
        t2 = UTF8:\(Fixture.bundleID).voip
        l2 = SEQUENCE:voip
        [app]
        l = UTF8:app
        [voip]
        l = UTF8:voip
        """.write(toFile: path("ext.cnf"), atomically: true, encoding: .utf8)
        try OpenSSL.run(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", path("ca.pem"),
                         "-days", "2", "-subj", "/CN=openssl test CA"])
        try OpenSSL.run(["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", path("client.key"),
                         "-out", path("client.csr"),
                         "-subj", "/UID=\(Fixture.bundleID)/CN=Apple Development IOS Push Services: \(Fixture.bundleID)/OU=\(Fixture.teamID)/C=US"])
        try OpenSSL.run(["x509", "-req", "-in", path("client.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                         "-CAcreateserial", "-days", "2", "-extfile", path("ext.cnf"), "-extensions", "apns",
                         "-out", path("client.pem")])
        let clientCAPEM = try String(contentsOfFile: path("ca.pem"), encoding: .utf8)
        let server = try MockAPNsServer(configuration: MockServerConfiguration(
            policy: Fixture.policy(), clientCAPEM: clientCAPEM))
        let port = try await server.start()
        let ca = try #require(server.certificateAuthorityPEM)
        let flags = ["--cert", path("client.pem"), "--key", path("client.key")]
        var voip = ["apns-push-type": "voip", "apns-priority": "10", "apns-topic": Fixture.bundleID + ".voip"]
        let accepted = try Curl.request(Curl.post(device: Fixture.device, headers: voip, port: port),
                                        port: port, caPEM: ca, extra: flags)
        voip["apns-topic"] = Fixture.bundleID + ".complication"
        voip["apns-push-type"] = "complication"
        let refused = try Curl.request(Curl.post(device: Fixture.device, headers: voip, port: port),
                                       port: port, caPEM: ca, extra: flags)
        await server.stop()
        #expect(accepted.status == 200, "\(accepted.body) \(accepted.stderr)")
        #expect(refused.json?["reason"] as? String == "TopicDisallowed")
        #expect(server.receivedRequests.first?.response.authentication == .certificate(subject: Fixture.bundleID))
    }
}

/// The openssl binary.
enum OpenSSL {
    static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw APNsError.badInput("openssl \(arguments.first ?? ""): \(String(decoding: message, as: UTF8.self))")
        }
    }
}
