import APNsCore
import APNsMock
import Foundation
import Testing
import TestSupport

/// Failed TLS handshakes are logged with the peer and the reason: plaintext on the TLS port, a client certificate
/// from another CA, an expired one.
@Suite(.enabled(if: Curl.isAvailable, "needs /usr/bin/curl"))
struct TLSFailureTests {
    /// The JSON log lines of failed handshakes, once `count` are there (bounded wait: a guard against hangs).
    private func tlsFailures(_ server: MockAPNsServer, count: Int = 1) async throws -> [[String: Any]] {
        func lines() -> [[String: Any]] {
            server.logLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["protocol"] as? String == "tls" }
        }
        _ = await eventually(seconds: 20, every: .milliseconds(10)) { lines().count >= count }
        return lines()
    }

    private func clientFlags(_ identity: TLSIdentity, in directory: URL) throws -> [String] {
        let cert = directory.appendingPathComponent("client.pem"), key = directory.appendingPathComponent("client.key")
        try Data(identity.certificatePEM.utf8).write(to: cert)
        try Data(identity.privateKeyPEM.utf8).write(to: key)
        return ["--cert", cert.path, "--key", key.path]
    }

    @Test func aPlaintextHTTP2PrefaceIsLoggedAsNotTLS() async throws {
        try await MockAPNsServer.running(MockServerConfiguration(policy: Fixture.policy(), logFormat: .json)) {
            server, port, _ in
            // curl with prior knowledge over http:// sends the HTTP/2 preface in the clear.
            let (code, _, _) = try Curl.run(["-sS", "--max-time", "10", "--http2-prior-knowledge",
                                             "http://127.0.0.1:\(port)/3/device/\(Fixture.device)"], port: port)
            #expect(code != 0)
            let failure = try #require(try await tlsFailures(server).first, "\(server.logLines)")
            #expect(failure["reason"] as? String == "TLSHandshakeFailed")
            #expect((failure["remote"] as? String)?.hasPrefix("127.0.0.1:") == true)
            let detail = try #require(failure["detail"] as? String)
            #expect(detail.contains("plaintext HTTP/2 preface (PRI * HTTP/2.0)"), "\(detail)")
            #expect(server.requestCount == 0)
        }
    }

    /// curl without the mock's CA refuses the server certificate with an unknown-CA alert: the log says so.
    @Test func aClientThatDoesNotTrustTheMockIsLoggedWithItsAlert() async throws {
        try await MockAPNsServer.running(MockServerConfiguration(policy: Fixture.policy(), logFormat: .json)) {
            server, port, _ in
            // TLS 1.2: the alert arrives readable. TLS 1.3 (curl's default): an unreadable record after the
            // certificate, said as such.
            let url = "https://127.0.0.1:\(port)/3/device/\(Fixture.device)"
            let (old, _, _) = try Curl.run(["-sS", "--max-time", "10", "--http2", "--tls-max", "1.2", url], port: port)
            #expect(old != 0)
            let first = try #require(try await tlsFailures(server).first?["detail"] as? String, "\(server.logLines)")
            #expect(first.contains("the client sent the alert TLSV1_ALERT_UNKNOWN_CA: it does not trust the mock's CA"),
                    "\(first)")
            let (new, _, _) = try Curl.run(["-sS", "--max-time", "10", "--http2", url], port: port)
            #expect(new != 0)
            let second = try #require(try await tlsFailures(server, count: 2).last?["detail"] as? String)
            #expect(second.contains("most likely it does not trust the mock's CA"), "\(second)")
            #expect(!second.contains(".cc:"), "\(second)")
        }
    }

    @Test func clientCertificatesFromAnotherCAOrExpiredAreLoggedWithTheReason() async throws {
        let clientCA = try MockCertificateAuthority(commonName: "client CA")
        let stranger = try MockCertificateAuthority(commonName: "stranger CA")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mock-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let foreign = try stranger.issueClientCertificate(bundleID: Fixture.bundleID, teamID: Fixture.teamID, topics: [],
                                                          development: true, production: true)
        let expired = try clientCA.issueClientCertificate(bundleID: Fixture.bundleID, teamID: Fixture.teamID, topics: [],
                                                          development: true, production: true,
                                                          now: Date().addingTimeInterval(-40 * 86400), validity: 30)
        let good = try clientCA.issueClientCertificate(bundleID: Fixture.bundleID, teamID: Fixture.teamID, topics: [],
                                                       development: true, production: true)
        let configuration = MockServerConfiguration(policy: Fixture.policy(), clientCAPEM: try clientCA.certificatePEM,
                                                    logFormat: .json)
        try await MockAPNsServer.running(configuration) { server, port, ca in
            let headers = ["apns-push-type": "background", "apns-priority": "5", "apns-topic": Fixture.bundleID]
            let request = Curl.post(device: Fixture.device, headers: headers, port: port)
            let strangerDirectory = directory.appendingPathComponent("stranger")
            let expiredDirectory = directory.appendingPathComponent("expired")
            let goodDirectory = directory.appendingPathComponent("good")
            for dir in [strangerDirectory, expiredDirectory, goodDirectory] {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            }
            let refusedForeign = try Curl.request(request, port: port, caPEM: ca,
                                                  extra: try clientFlags(foreign, in: strangerDirectory))
            #expect(refusedForeign.status == 0)
            let first = try #require(try await tlsFailures(server, count: 1).first, "\(server.logLines)")
            let foreignDetail = try #require(first["detail"] as? String)
            #expect(foreignDetail.contains("CN=stranger CA\", not by the client CA"), "\(foreignDetail)")

            let refusedExpired = try Curl.request(request, port: port, caPEM: ca,
                                                  extra: try clientFlags(expired, in: expiredDirectory))
            #expect(refusedExpired.status == 0)
            let second = try await tlsFailures(server, count: 2)
            #expect(second.count == 2)
            let expiredDetail = try #require(second.last?["detail"] as? String)
            #expect(expiredDetail.contains("expired on"), "\(expiredDetail)")
            #expect((second.last?["remote"] as? String)?.hasPrefix("127.0.0.1:") == true)

            // A certificate from the CA, in date, still authenticates.
            let accepted = try Curl.request(request, port: port, caPEM: ca,
                                            extra: try clientFlags(good, in: goodDirectory))
            #expect(accepted.status == 200, "\(accepted.body) \(accepted.stderr)")
            #expect(server.requestCount == 1)
        }
    }
}
