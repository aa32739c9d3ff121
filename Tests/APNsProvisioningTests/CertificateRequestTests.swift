import APNsCore
import APNsCredentials
import APNsKeystore
@testable import APNsProvisioning
import Foundation
import TestSupport
import Testing

@Suite struct CertificateRequestTests {
    static let subject = CertificateRequestSubject(email: "jane@example.com", commonName: "Jane Doe, Push", country: "DE")

    @Test func openSSLAcceptsTheGeneratedRequestAndAgreesOnEveryFact() throws {
        let request = try GeneratedCertificateRequest(subject: Self.subject)
        let directory = TestPaths.temporaryDirectory("prov")
        let csr = directory.appendingPathComponent("push.csr").path
        try SecureFile.write(Array(request.pem.utf8), to: csr)
        #expect(try ExternalProcess.run(ProfileFixtures.openssl, ["req", "-in", csr, "-verify", "-noout"]).status == 0)
        let subject = try ExternalProcess.run(ProfileFixtures.openssl, ["req", "-in", csr, "-noout", "-subject", "-nameopt", "RFC2253"])
        #expect(subject.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "subject=" + request.subject)
        #expect(request.subject == "C=DE,CN=Jane Doe\\, Push,emailAddress=jane@example.com")
        let text = try ExternalProcess.run(ProfileFixtures.openssl, ["req", "-in", csr, "-noout", "-text"]).stdout
        #expect(text.contains("Public-Key: (2048 bit)"))
        #expect(text.contains("Signature Algorithm: sha256WithRSAEncryption"))
        // The public key's SHA-256 as openssl computes it from the CSR.
        let pub = directory.appendingPathComponent("pub.pem").path, der = directory.appendingPathComponent("pub.der").path
        #expect(try ExternalProcess.run(ProfileFixtures.openssl, ["req", "-in", csr, "-noout", "-pubkey", "-out", pub]).status == 0)
        #expect(try ExternalProcess.run(ProfileFixtures.openssl, ["pkey", "-pubin", "-in", pub, "-outform", "DER", "-out", der]).status == 0)
        let digest = try ExternalProcess.run(ProfileFixtures.openssl, ["dgst", "-sha256", "-r", der]).stdout.prefix(64)
        #expect(String(digest) == request.publicKeySHA256)
        #expect(request.id == String(digest.prefix(16)))
        // The key is PKCS#8 and belongs to the request.
        let key = try PrivateKey(pemEncoded: request.privateKeyPEM)
        #expect(key.kind.hasPrefix("RSA") && key.bits == 2048)
        #expect(try key.publicKeyDER == request.publicKeyDER)
        // The report reads the same facts back, from PEM and from DER.
        let report = try #require(try CertificateRequestReport.read(bytes: Array(request.pem.utf8), file: csr))
        #expect(report.subject == request.subject && report.publicKeySHA256 == request.publicKeySHA256)
        #expect(report.signatureVerifies && report.publicKey == "rsaEncryption 2048" && report.format == "pem")
        let derReport = try #require(try CertificateRequestReport.read(bytes: request.der, file: "push.der"))
        #expect(derReport.format == "der" && derReport.publicKeySHA256 == request.publicKeySHA256)
    }

    /// The three real CSRs yield exactly the facts of expected.json (read there with openssl).
    @Test(arguments: ["fastlane.certSigningRequest", "keychain-1.certSigningRequest", "keychain-2.certSigningRequest"])
    func realRequestsYieldTheirExpectedFacts(name: String) throws {
        let folder = TestPaths.samples.appendingPathComponent("provisioning")
        let expectedFile = folder.appendingPathComponent("expected.json")
        try #require(FileManager.default.fileExists(atPath: expectedFile.path), "../shared/samples is not present")
        let all = try JSONSerialization.jsonObject(with: Data(contentsOf: expectedFile)) as? [String: [String: Any]]
        var expected = try #require(all?[name])
        expected.removeValue(forKey: "source")
        let path = folder.appendingPathComponent(name).path
        let report = try #require(try CertificateRequestReport.read(bytes: try SecureFile.read(path), file: path))
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any] ?? [:]
        for (key, value) in expected {
            #expect("\(encoded[key] ?? "absent")" == "\(value)", "\(name): \(key)")
        }
        #expect(expected.count == 6)
    }

    @Test func aTamperedRequestIsReadButItsSignatureDoesNotVerify() throws {
        var der = try GeneratedCertificateRequest(subject: Self.subject).der
        der[der.count - 5] ^= 0x01  // inside the signature
        let report = try #require(try CertificateRequestReport.read(bytes: der, file: "bad.csr"))
        #expect(!report.signatureVerifies)
        #expect(report.text(joinCommand: "join").contains("does NOT verify"))
    }

    @Test func certificatesAndKeysAreNotRequests() throws {
        for name in ["universal.pem", "dev.cer", "dev.key"] {
            let bytes = try SecureFile.read(ProfileFixtures.certificates.appendingPathComponent(name).path)
            #expect(try CertificateRequestReport.read(bytes: bytes, file: name) == nil, "\(name)")
        }
        let broken = Array("-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----\n".utf8)
        #expect(throws: APNsError.self) { try CertificateRequestReport.read(bytes: broken, file: "broken.csr") }
    }

    @Test func badSubjectsAreRefusedNamingThePart() {
        let cases: [(CertificateRequestSubject, CertificateRequestSubject.SubjectError)] = [
            (CertificateRequestSubject(email: "no-at-sign", commonName: "x", country: "US"), .email("no-at-sign")),
            (CertificateRequestSubject(email: "a@b", commonName: "", country: "US"), .commonName),
            (CertificateRequestSubject(email: "a@b", commonName: "x", country: "usa"), .country("usa")),
        ]
        for (subject, expected) in cases {
            #expect(throws: expected) { try subject.validate() }
        }
    }

    @Test func nextStepsNameTheCertificateTypeAndTheJoinLine() {
        let sandbox = CertificateRequestSteps(csrPath: "push.csr", environment: "development", bundleID: "com.example.app",
                                              joinCommand: { "apnsctl cert join \($0)" })
        #expect(sandbox.certificateType == "Apple Push Notification service SSL (Sandbox)")
        #expect(sandbox.joinCommand == "apnsctl cert join aps_development.cer")
        #expect(sandbox.steps.first?.contains(CertificateRequestSteps.portalURL) == true)
        #expect(sandbox.steps.last?.contains(sandbox.joinCommand) == true)
        let both = CertificateRequestSteps(csrPath: "push.csr", environment: "production", bundleID: nil,
                                           joinCommand: { "apnsctl cert join \($0) --keystore ks" })
        #expect(both.certificateType == "Apple Push Notification service SSL (Sandbox & Production)")
        #expect(both.joinCommand == "apnsctl cert join aps.cer --keystore ks")
    }
}
