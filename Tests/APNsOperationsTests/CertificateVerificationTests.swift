import APNsCore
import APNsCredentials
import APNsOperations
import Foundation
import Testing

@Suite struct CertificateVerificationTests {
    private func verify(_ name: String, _ configure: (inout CertificateVerification.Input) -> Void = { _ in },
                        keyReader: CredentialReader = CredentialReader()) async throws -> CertificateVerification.Result {
        var input = CertificateVerification.Input(file: CertFixture.cert(name), credential: try CertFixture.read(name))
        configure(&input)
        return try await CertificateVerification.run(input, keyReader: keyReader)
    }

    private func check(_ result: CertificateVerification.Result, _ name: String) -> CertificateCheck? {
        result.checks.first { $0.name == name }
    }

    @Test func aGoodBundlePassesEveryCheckAgainstTheGivenCA() async throws {
        let result = try await verify("dev-bundle.pem") {
            $0.topics = ["com.example.dev"]
            $0.environment = .development
            $0.caFile = CertFixture.cert("ca.pem")
        }
        #expect(result.passed)
        #expect(result.leaf.purpose == .appPush)
        #expect(result.checks.map(\.name) == ["parses", "purpose", "validity", "environment", "topic:com.example.dev",
                                               "private_key", "chain", "client_auth"])
        #expect(check(result, "chain")?.detail == "verifies to apnsctl Test WWDR CA")
    }

    @Test func eachFailingCheckIsMarked() async throws {
        let wrongEnv = try await verify("dev.pem") { $0.environment = .production }
        #expect(!wrongEnv.passed)
        #expect(check(wrongEnv, "environment")?.detail == "not valid for production: the certificate is development only")
        #expect(check(try await verify("expired.pem"), "validity")?.detail.hasPrefix("expired ") == true)
        let soon = try await verify("dev.pem") { $0.minimumDays = 5000 }
        #expect(check(soon, "validity")?.status == .fail)
        #expect(check(soon, "validity")?.detail.contains("at least 5000 days required") == true)
        let wrongKey = try await verify("wrong-key-pair.pem")
        #expect(check(wrongKey, "private_key")?.detail == "the RSA 2048 key does not match the certificate")
        let topics = try await verify("universal.pem") { $0.topics = ["com.example.universal.voip", "com.example.other"] }
        #expect(check(topics, "topic:com.example.universal.voip")?.status == .pass)
        #expect(check(topics, "topic:com.example.other")?.detail.hasPrefix("com.example.other is not allowed") == true)
        #expect(check(try await verify("no-apns.pem"), "environment")?.detail.hasPrefix("no APNs environment OID") == true)
        let badChain = try await verify("dev.pem") { $0.caFile = CertFixture.cert("prod.pem") }
        #expect(check(badChain, "chain")?.status == .fail)
        let malformed = try await verify("malformed-topics.pem")
        #expect(check(malformed, "topics_extension")?.detail.hasPrefix(
            "extension 1.2.840.113635.100.6.3.6 (topics) is malformed") == true)
    }

    @Test func aSeparateKeyFileIsChecked() async throws {
        let good = try await verify("prod.pem", {
            $0.keyFile = CertFixture.cert("prod-encrypted.key")
            $0.caFile = CertFixture.cert("ca.pem")
        }, keyReader: CertFixture.reader(passwordOf: "prod-encrypted.key"))
        #expect(good.passed)
        #expect(check(good, "private_key")?.detail == "RSA 2048 key matches the certificate")
        #expect(!(try await verify("prod.pem") { $0.keyFile = CertFixture.cert("other.key") }).passed)
        let none = try await verify("prod.pem") { $0.caFile = CertFixture.cert("ca.pem") }
        #expect(none.passed)
        #expect(check(none, "private_key")?.status == .skipped)
    }

    @Test func aFixedTimeJudgesValidityAndChainThen() async throws {
        let early = try await verify("expired.pem") {
            $0.fixedTime = ISO8601Text.instant(from: "2020-06-01")
            $0.minimumDays = 0
            $0.caFile = CertFixture.cert("ca.pem")
        }
        #expect(check(early, "validity")?.detail.hasPrefix("214 days left") == true)
        #expect(check(early, "chain")?.status == .fail)
    }

    @Test func aKeyOnlyFileIsAnError() async throws {
        await #expect(throws: CertificateVerificationError.noCertificate(file: CertFixture.cert("dev.key"))) {
            _ = try await verify("dev.key")
        }
    }

    @Test func aKeyFileWithoutAKeyIsAnError() async throws {
        let file = CertFixture.cert("prod.pem")
        await #expect(throws: CertificateVerificationError.noPrivateKey(keyFile: file)) {
            _ = try await verify("dev.pem") { $0.keyFile = file }
        }
    }

    @Test func aCAFileWithoutACertificateIsAnError() async throws {
        let file = CertFixture.cert("dev.key")
        await #expect(throws: TrustAnchorError.noCertificate(file: file)) {
            _ = try await verify("dev.pem") { $0.caFile = file }
        }
    }
}
