import APNsCredentials
import Foundation
import Testing

/// Issue 29 §4: the purpose read from extensions, subject and UID (the CLI tests issue the portal's other kinds).
@Suite struct CertificatePurposeTests {
    @Test(arguments: ["dev.pem", "prod.pem", "universal.pem", "universal-g4.pem", "expired.pem", "malformed-topics.pem"])
    func theFixturesPushCertificatesAreAppPush(name: String) throws {
        let certificate = try Fixtures.certificate(name)
        #expect(certificate.purpose == .appPush)
        #expect(certificate.purposeRefusal(topic: certificate.bundleID ?? "") == nil)
        #expect(certificate.purposeRefusal(topic: "pass.com.example")?.contains("cannot send Wallet pass updates") == true)
    }

    @Test func aCertificateWithoutApplesExtensionsIsNotPushAndHasNoTopic() throws {
        let plain = try Fixtures.certificate("no-apns.pem")
        #expect(plain.purpose == .notPush)
        #expect(plain.allowedTopics.isEmpty)
        #expect(plain.purposeDescription.hasPrefix("not a push certificate: no APNs extension"))
    }

    @Test(.enabled(if: Fixtures.samplesPresent, "../shared/samples is absent"))
    func everyRealSampleIsAppPush() throws {
        let folder = Fixtures.samples.appendingPathComponent("apple-certs")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pem") }
        #expect(names.count >= 10)
        for name in names {
            let bundle = try CredentialReader().read(path: folder.appendingPathComponent(name).path)
            #expect(bundle.leaf?.purpose == .appPush, "\(name)")
            #expect(bundle.leaf?.allowedTopics.first == bundle.leaf?.bundleID, "\(name)")
        }
    }
}
