import APNsCore
import APNsMock
import Foundation
@testable import APNsProbe
import Testing

/// Certificate authentication against the mock: PEM in memory, PKCS#12 and legacy (RC2/3DES) PKCS#12 blobs
/// made by the openssl binary, and the certificate rows the mock answers.
@Suite(.serialized) struct MockCertificateProbeTests {
    static let bundle = MockProbeTests.bundle

    static func identity(_ authority: MockCertificateAuthority, development: Bool = true, production: Bool = false)
        throws -> TLSIdentity {
        try authority.issueClientCertificate(bundleID: bundle, teamID: MockProbeTests.team,
                                             topics: [(bundle, ["app"]), (bundle + ".voip", ["voip"])],
                                             development: development, production: production)
    }

    static func pem(_ identity: TLSIdentity) -> ProbeCredential {
        .pem(certificate: Array(identity.certificatePEM.utf8), key: Array(identity.privateKeyPEM.utf8), keyPassword: nil)
    }

    /// `openssl pkcs12 -export` (with `-legacy` for RC2-40/3DES as older Keychain exports use).
    static func pkcs12(_ identity: TLSIdentity, password: String, legacy: Bool) throws -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-p12-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(identity.certificatePEM.utf8).write(to: directory.appendingPathComponent("cert.pem"))
        try Data(identity.privateKeyPEM.utf8).write(to: directory.appendingPathComponent("key.pem"))
        var arguments = ["pkcs12", "-export", "-in", "cert.pem", "-inkey", "key.pem", "-passout", "pass:\(password)",
                         "-out", "id.p12"]
        if legacy { arguments.append("-legacy") }
        let status = try TestServer.run("/usr/bin/openssl", arguments, in: directory)
        try #require(status == 0, "openssl pkcs12 -export failed")
        return Array(try Data(contentsOf: directory.appendingPathComponent("id.p12")))
    }

    @Test func certificateAuthenticationRows() async throws {
        let authority = try MockCertificateAuthority()
        let mock = try await MockProbeTests.start(environment: .development, clientCA: authority)
        defer { Task { await mock.server.stop() } }
        let development = try Self.identity(authority)

        let accepted = try MockProbeTests.probe(mock, MockProbeTests.canary(), credential: Self.pem(development),
                                                environment: .development)
        #expect(accepted.reason == "BadDeviceToken")
        #expect(accepted.credential == "certificate")
        #expect(accepted.verdict.outcome == .healthy, "\(accepted.verdict)")

        let delivered = try MockProbeTests.probe(mock, MockProbeTests.canary(device: MockProbeTests.device),
                                                 credential: Self.pem(development), environment: .development)
        #expect(delivered.status == 200)

        let productionOnly = try Self.identity(authority, development: false, production: true)
        let wrongEnvironment = try MockProbeTests.probe(mock, MockProbeTests.canary(), credential: Self.pem(productionOnly),
                                                        environment: .development)
        #expect(wrongEnvironment.status == 403 && wrongEnvironment.reason == "BadCertificateEnvironment")
        #expect(wrongEnvironment.verdict.remedy == .certificateOfOtherEnvironment(probed: .development))
        #expect(wrongEnvironment.exitCode == 1)

        let otherTopic = try MockProbeTests.probe(mock, MockProbeTests.canary(topic: "com.example.other"),
                                                  credential: Self.pem(development), environment: .development)
        #expect(otherTopic.status == 400 && otherTopic.reason == "TopicDisallowed")
        #expect(otherTopic.verdict.remedy == .topicNotCovered(certificate: true))
    }

    @Test(arguments: [false, true])
    func pkcs12BlobsIncludingLegacyOnes(legacy: Bool) async throws {
        let authority = try MockCertificateAuthority()
        let mock = try await MockProbeTests.start(environment: .development, clientCA: authority)
        defer { Task { await mock.server.stop() } }
        let blob = try Self.pkcs12(try Self.identity(authority), password: "s3cret", legacy: legacy)
        let report = try MockProbeTests.probe(mock, MockProbeTests.canary(device: MockProbeTests.device),
                                              credential: .pkcs12(blob, password: "s3cret"))
        #expect(report.status == 200, "\(String(describing: report.failure))")
        #expect(report.exitCode == 0)

        let wrong = try MockProbeTests.probe(mock, MockProbeTests.canary(), credential: .pkcs12(blob, password: "nope"))
        #expect(wrong.failure?.kind == .credential)
        #expect(wrong.exitCode == 4)
    }

    /// The server's TLS alert names the failure (not libcurl's "getpeername() failed … GOAWAY; retry").
    @Test func aClientCertificateFromAnotherCAFailsTheHandshake() async throws {
        let mock = try await MockProbeTests.start(environment: .development, clientCA: try MockCertificateAuthority())
        defer { Task { await mock.server.stop() } }
        let stranger = try Self.identity(try MockCertificateAuthority())
        let report = try MockProbeTests.probe(mock, MockProbeTests.canary(), credential: Self.pem(stranger))
        #expect(report.status == nil)
        #expect(report.exitCode == 4)
        #expect(report.failure?.kind == .tls, "\(String(describing: report.failure))")
        let alert = try #require(report.failure?.tlsAlert, "no TLS alert in \(String(describing: report.failure))")
        #expect(TLSAlert(code: alert, description: "").concernsClientCertificate, "alert \(alert)")
        #expect(report.verdict.summary.contains("refused the connection: the server ended the TLS connection with alert"))
        #expect(report.verdict.remedy == .tlsAlert(alert, apple: false, certificateExpiredOn: nil),
                "\(String(describing: report.verdict.remedy))")
        #expect(report.tlsVersion != nil, "the handshake completed, so its TLS version is known")
        #expect(report.requests == 0)
    }

    @Test func anExpiredClientCertificateIsNamedByTheServersAlert() async throws {
        let authority = try MockCertificateAuthority()
        let mock = try await MockProbeTests.start(environment: .development, clientCA: authority)
        defer { Task { await mock.server.stop() } }
        let expired = try authority.issueClientCertificate(
            bundleID: Self.bundle, teamID: MockProbeTests.team, topics: [(Self.bundle, ["app"])],
            development: true, production: false, now: Date().addingTimeInterval(-400 * 86_400), validity: 365)
        let report = try MockProbeTests.probe(mock, MockProbeTests.canary(), credential: Self.pem(expired))
        #expect(report.exitCode == 4)
        #expect(report.failure?.kind == .tls, "\(String(describing: report.failure))")
        // Which alert is the server's choice (BoringSSL's own check sends 45 certificate_expired, the mock's
        // RFC 5280 check 46 certificate_unknown); the verdict knows the certificate it sent has expired.
        let alert = try #require(report.failure?.tlsAlert, "\(String(describing: report.failure))")
        #expect(TLSAlert(code: alert, description: "").concernsClientCertificate)
        guard case .tlsAlert(alert, apple: false, let expiredOn?) = report.verdict.remedy else {
            Issue.record("not the expired certificate's remedy: \(String(describing: report.verdict.remedy))")
            return
        }
        #expect(expiredOn < Date())
    }

    /// A server that never asks for a client certificate answers MissingProviderToken: the remedy is not to give a
    /// certificate, which was given.
    @Test func aServerThatNeverAsksForACertificateIsSaidToBeSo() async throws {
        let mock = try await MockProbeTests.start(environment: .development)
        defer { Task { await mock.server.stop() } }
        let identity = try Self.identity(try MockCertificateAuthority())
        let report = try MockProbeTests.probe(mock, MockProbeTests.canary(), credential: Self.pem(identity))
        #expect(report.status == 403 && report.reason == "MissingProviderToken")
        #expect(report.verdict.summary.contains("did not ask for a client certificate"), "\(report.verdict.summary)")
        #expect(report.verdict.remedy == .certificateNeverRequested(answer: "403 MissingProviderToken"))
    }
}
