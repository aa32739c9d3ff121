import APNsCore
import APNsCredentials
import APNsOperations
import Foundation
import Testing

@Suite struct ProfileVerificationTests {
    private func verify(_ name: String, _ configure: (inout ProfileVerification.Input) -> Void = { _ in }) throws
        -> ProfileVerification.Result {
        var input = ProfileVerification.Input(file: CertFixture.profile(name))
        input.caFiles = [CertFixture.profile("test-root-ca.pem")]
        configure(&input)
        return try ProfileVerification.run(input)
    }

    @Test func theMatchingCertificatePasses() throws {
        let result = try verify("development.mobileprovision") {
            $0.environment = .development
            $0.bundleID = "com.example.dev"
            $0.certificateFile = CertFixture.cert("dev.pem")
        }
        #expect(result.passed)
        #expect(result.hints.isEmpty)
        #expect(result.checks.first { $0.name == "certificate_environment" }?.detail
                == "the certificate (development) covers development")
    }

    @Test func aP12IsReadWithItsPassword() throws {
        let result = try verify("development.mobileprovision") {
            $0.certificateFile = CertFixture.cert("universal-modern.p12")
            $0.certificateReader = CertFixture.reader(passwordOf: "universal-modern.p12")
        }
        #expect(result.passed)
        #expect(result.checks.map(\.name) == ["signature", "expiry", "aps_environment", "team", "certificate_expiry",
                                               "certificate_environment"])
    }

    @Test func aProductionOnlyCertificateFailsWithAHint() throws {
        let result = try verify("development.mobileprovision") { $0.certificateFile = CertFixture.cert("prod.pem") }
        #expect(!result.passed)
        #expect(result.hints.contains { $0.description.hasPrefix("a development profile with a production-only push certificate") })
    }

    @Test func withoutTheTestCAOrTamperedTheSignatureFails() throws {
        #expect(!(try verify("development.mobileprovision") { $0.caFiles = [] }).passed)
        #expect(!(try verify("tampered.mobileprovision")).passed)
    }

    @Test func aCertificateFileWithoutACertificateIsAnError() throws {
        let file = CertFixture.cert("dev.key")
        #expect(throws: ProfileVerificationError.noCertificate(file: file)) {
            _ = try verify("development.mobileprovision") { $0.certificateFile = file }
        }
    }

    @Test func aCAFileWithoutACertificateIsAnError() throws {
        let file = CertFixture.cert("dev.key")
        #expect(throws: TrustAnchorError.noCertificate(file: file)) {
            _ = try verify("development.mobileprovision") { $0.caFiles = [file] }
        }
    }

    @Test func anEmptyProfileIsBadInput() throws {
        #expect(throws: APNsError.self) { _ = try verify("empty.mobileprovision") }
    }
}
