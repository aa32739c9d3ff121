import APNsCore
import APNsCredentials
import Foundation
import Testing

@Suite struct CertificateVerifierTests {
    func verifier(_ configure: (inout CertificateVerifier) -> Void = { _ in }) -> CertificateVerifier {
        var verifier = CertificateVerifier()
        configure(&verifier)
        return verifier
    }

    func check(_ checks: [CertificateCheck], _ name: String) -> CertificateCheck? {
        checks.first { $0.name == name }
    }

    /// Issue 19: 29 days 13 hours left passed `--min-days 30` (days were rounded to the nearest).
    @Test func theMinimumComparesTheExactRemainingTime() async throws {
        let cert = try Fixtures.certificate("dev.pem")
        let almost = cert.notAfter.addingTimeInterval(-(29 * 86_400 + 13 * 3600))
        let short = await verifier { $0.now = almost; $0.minimumDays = 30 }.checks(leaf: cert, key: nil)
        #expect(check(short, "validity")?.status == .fail)
        #expect(check(short, "validity")?.detail.hasPrefix("only 29 days left") == true)
        let exactly = await verifier { $0.now = cert.notAfter.addingTimeInterval(-30 * 86_400); $0.minimumDays = 30 }
            .checks(leaf: cert, key: nil)
        #expect(check(exactly, "validity")?.status == .pass)
    }

    /// Issue 19: `--at 2030-01-01` said "expired 769 days ago", which reads as before today.
    @Test func atWordsTheTimeRelativeToThatInstant() async throws {
        let cert = try Fixtures.certificate("dev.pem")
        let later = cert.notAfter.addingTimeInterval(769 * 86_400 + 60)
        let expired = await verifier { $0.now = later; $0.chainAtFixedTime = true }.checks(leaf: cert, key: nil)
        let label = ISO8601Text.string(from: later)
        #expect(check(expired, "validity")?.detail.hasPrefix("expired 769 days before \(label) (") == true)
        let earlier = cert.notAfter.addingTimeInterval(-40 * 86_400)
        let valid = await verifier { $0.now = earlier; $0.chainAtFixedTime = true }.checks(leaf: cert, key: nil)
        #expect(check(valid, "validity")?.detail.hasPrefix("40 days left at \(ISO8601Text.string(from: earlier)) (until") == true)
    }

    @Test func validityCountsDaysAgainstTheMinimum() async throws {
        let cert = try Fixtures.certificate("dev.pem")
        let near = cert.notAfter.addingTimeInterval(-10 * 86_400 - 60)
        let tight = await verifier { $0.now = near; $0.minimumDays = 30 }.checks(leaf: cert, key: nil)
        #expect(check(tight, "validity")?.status == .fail)
        #expect(check(tight, "validity")?.detail.hasPrefix("only 10 days left") == true)
        let loose = await verifier { $0.now = near; $0.minimumDays = 10 }.checks(leaf: cert, key: nil)
        #expect(check(loose, "validity")?.status == .pass)
        let early = await verifier { $0.now = cert.notBefore.addingTimeInterval(-1) }.checks(leaf: cert, key: nil)
        #expect(check(early, "validity")?.detail.hasPrefix("not valid before") == true)
        let late = await verifier { $0.now = cert.notAfter.addingTimeInterval(3 * 86_400) }.checks(leaf: cert, key: nil)
        #expect(check(late, "validity")?.detail.hasPrefix("expired 3 days ago") == true)
    }

    @Test func environmentAndTopics() async throws {
        let universal = try Fixtures.certificate("universal-g4.pem")
        let checks = await verifier {
            $0.environment = .development
            $0.topics = ["com.example.g4.complication", "com.example.g4.push-type.liveactivity"]
        }.checks(leaf: universal, key: nil)
        #expect(check(checks, "environment")?.status == .pass)
        #expect(check(checks, "topic:com.example.g4.complication")?.detail == "com.example.g4.complication is listed (complication)")
        #expect(check(checks, "topic:com.example.g4.push-type.liveactivity")?.status == .fail)
        let prod = try Fixtures.certificate("prod.pem")
        let wrong = await verifier { $0.environment = .development; $0.topics = ["com.example.prod"] }.checks(leaf: prod, key: nil)
        #expect(check(wrong, "environment")?.detail == "not valid for development: the certificate is production only")
        #expect(check(wrong, "topic:com.example.prod")?.status == .pass)
    }

    @Test func keyChainAndClientAuth() async throws {
        let leaf = try Fixtures.certificate("universal.pem")
        let ca = try Fixtures.certificate("ca.pem")
        let key = try PrivateKey(bytes: Fixtures.bytes("universal.key"))
        let other = try PrivateKey(bytes: Fixtures.bytes("other.key"))
        let good = await verifier().checks(leaf: leaf, key: key, anchors: [ca])
        #expect(good.allSatisfy { $0.status == .pass })
        #expect(good.map(\.name) == ["parses", "purpose", "validity", "environment", "private_key", "chain", "client_auth"])
        let bad = await verifier().checks(leaf: leaf, key: other, anchors: [try Fixtures.certificate("dev.pem")])
        #expect(check(bad, "private_key")?.status == .fail)
        #expect(check(bad, "chain")?.status == .fail)
        let none = await verifier().checks(leaf: leaf, key: nil)
        #expect(check(none, "private_key")?.status == .skipped)
        #expect(check(none, "chain") == nil)
        let plain = await verifier().checks(leaf: try Fixtures.certificate("ca.pem"), key: nil)
        #expect(check(plain, "client_auth")?.status == .fail)
    }

    @Test func summarisesSwiftCertificatesReasons() {
        #expect(CertificateVerifier.summarise(String(repeating: "x", count: 300)).count == 160)
        #expect(CertificateVerifier.summarise("Certificate … is not yet valid") == "a certificate in the chain is not yet valid at that time")
    }
}
