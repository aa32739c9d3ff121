import APNsCore
import APNsCredentials
import Foundation
import Testing
@testable import APNsProvisioning

@Suite struct ProfileVerifierTests {
    func document(_ name: String) throws -> ProfileDocument {
        try ProfileFixtures.testReader().read(path: ProfileFixtures.path(name))
    }

    func certificate(_ name: String) throws -> APNsCertificate {
        try #require(try CredentialReader().read(path: ProfileFixtures.certificate(name)).leaf)
    }

    func status(_ checks: [CertificateCheck], _ name: String) -> CertificateCheck.Status? {
        checks.first { $0.name == name }?.status
    }

    @Test func aDevelopmentProfileWithItsDevelopmentCertificatePasses() throws {
        var verifier = ProfileVerifier()
        verifier.environment = .development
        verifier.bundleID = "com.example.dev"
        verifier.certificate = try certificate("dev.pem")
        let (checks, hints) = verifier.checks(try document("development.mobileprovision"))
        #expect(checks.map(\.name) == ["signature", "expiry", "aps_environment", "bundle_id", "team",
                                       "certificate_expiry", "certificate_environment"])
        #expect(checks.allSatisfy { $0.status == .pass }, "\(checks)")
        #expect(hints.isEmpty)
    }

    @Test func aDevelopmentProfileWithAProductionOnlyCertificateIsTheClassicMismatch() throws {
        var verifier = ProfileVerifier()
        verifier.certificate = try certificate("prod.pem")
        let (checks, hints) = verifier.checks(try document("development.mobileprovision"))
        #expect(status(checks, "team") == .pass)
        #expect(status(checks, "certificate_environment") == .fail)
        #expect(hints.contains { $0.description.contains("development profile with a production-only push certificate") })
    }

    /// Issue 19: `profile verify --cert` passed an expired push certificate.
    @Test func anExpiredPushCertificateFails() throws {
        var verifier = ProfileVerifier()
        verifier.certificate = try certificate("expired.pem")
        let (checks, hints) = verifier.checks(try document("development.mobileprovision"))
        #expect(status(checks, "team") == .pass)
        #expect(status(checks, "certificate_environment") == .pass)
        let expiry = try #require(checks.first { $0.name == "certificate_expiry" })
        #expect(expiry.status == .fail)
        #expect(expiry.detail.hasPrefix("the push certificate expired ") && expiry.detail.hasSuffix("(on 2021-01-01T00:00:00Z)"))
        #expect(hints.contains(.renewCertificate))
        // --min-days applies to the certificate too, on the exact time left.
        let valid = try certificate("dev.pem")
        verifier.certificate = valid
        verifier.now = valid.notAfter.addingTimeInterval(-(29 * 86_400 + 13 * 3600))
        verifier.minimumDays = 30
        #expect(status(verifier.checks(try document("development.mobileprovision")).checks, "certificate_expiry") == .fail)
        verifier.minimumDays = 29
        #expect(status(verifier.checks(try document("development.mobileprovision")).checks, "certificate_expiry") == .pass)
    }

    @Test func aUniversalCertificateCoversEitherEnvironmentButNotAnotherTeam() throws {
        var verifier = ProfileVerifier()
        verifier.certificate = try certificate("universal.pem")
        let mac = verifier.checks(try document("macos.provisionprofile")).checks
        #expect(status(mac, "certificate_environment") == .pass)
        #expect(status(mac, "team") == .fail)
        #expect(mac.first { $0.name == "team" }?.detail == "the certificate is team TEAM123456, the profile team MACTEAM123")
    }

    @Test func environmentAndBundleIDAndExpiryFailWhenTheyShould() throws {
        var verifier = ProfileVerifier()
        verifier.environment = .development
        verifier.bundleID = "com.other.app"
        let wildcard = verifier.checks(try document("distribution-wildcard.mobileprovision")).checks
        #expect(status(wildcard, "aps_environment") == .fail)
        #expect(status(wildcard, "bundle_id") == .fail)
        verifier.bundleID = "com.example.anything"
        verifier.environment = .production
        #expect(verifier.checks(try document("distribution-wildcard.mobileprovision")).checks.allSatisfy { $0.status == .pass })
        let expired = verifier.checks(try document("expired.mobileprovision")).checks
        #expect(status(expired, "expiry") == .fail)
        let noPush = verifier.checks(try document("no-push.mobileprovision"))
        #expect(status(noPush.checks, "aps_environment") == .fail)
        #expect(!noPush.hints.isEmpty)
    }

    @Test func minDaysCountsFromNow() throws {
        var verifier = ProfileVerifier()
        verifier.now = try #require(ISO8601DateFormatter().date(from: "2044-12-01T00:00:00Z"))
        verifier.minimumDays = 30
        let checks = verifier.checks(try document("development.mobileprovision")).checks
        #expect(checks.first { $0.name == "expiry" } == CertificateCheck("expiry", .pass, "31 days left (until 2045-01-01T00:00:00Z)"))
        verifier.minimumDays = 40
        #expect(status(verifier.checks(try document("development.mobileprovision")).checks, "expiry") == .fail)
    }

    @Test func signatureStatesOtherThanVerifiedFail() throws {
        let verifier = ProfileVerifier()
        for name in ["tampered.mobileprovision", "untrusted.mobileprovision", "unsigned.mobileprovision"] {
            #expect(status(verifier.checks(try document(name)).checks, "signature") == .fail, "\(name)")
        }
    }
}
