import APNsModel
import APNsCore
@testable import APNsOperations
import APNsProbe
import Testing

/// The review of a canary's answer off Apple's hosts: the two corrections, and the answers it leaves alone.
@Suite struct ProbeVerdictReviewTests {
    static let mock = ProbeTarget(host: "127.0.0.1", port: 8443, environment: .development)
    static let sandboxKey = SigningKeyDescription(keyID: "KEYOPS0001", teamID: "DEF123GHIJ", environments: [.development],
                                                  topics: nil, legacy: false)

    @Test func aCertificateNoCAInTheFileSignedIsAnUntrustedServer() {
        let failure = TransportFailure(kind: .tls, message: "SSL certificate problem: unable to get local issuer certificate",
                                       curlCode: 60)
        #expect(ProbeVerdictReview.correction(status: nil, reason: nil, failure: failure, target: Self.mock,
                                              signingKey: nil, caFile: "ca.pem")
                == .untrustedServer(host: "127.0.0.1", port: 8443, caFile: "ca.pem"))
        // Without a CA file, or for a name mismatch, the library's verdict stands.
        #expect(ProbeVerdictReview.correction(status: nil, reason: nil, failure: failure, target: Self.mock,
                                              signingKey: nil, caFile: nil) == nil)
        let mismatch = TransportFailure(kind: .tls, message: "subject name does not match target host name")
        #expect(ProbeVerdictReview.correction(status: nil, reason: nil, failure: mismatch, target: Self.mock,
                                              signingKey: nil, caFile: "ca.pem") == nil)
    }

    @Test func aKeyRefusedForItsOwnEnvironmentMeansTheServerPlaysTheOther() {
        #expect(ProbeVerdictReview.correction(status: 403, reason: "BadEnvironmentKeyInToken", failure: nil,
                                              target: Self.mock, signingKey: Self.sandboxKey, caFile: nil)
                == .serverPlaysOtherEnvironment(status: 403, reason: "BadEnvironmentKeyInToken", host: "127.0.0.1",
                                                port: 8443, environment: .development, key: Self.sandboxKey))
        #expect(ProbeVerdictReview.correction(status: 403, reason: "BadEnvironmentKeyIdInToken", failure: nil,
                                              target: Self.mock, signingKey: nil, caFile: nil)
                == .keyOrServerOfOtherEnvironment(status: 403, reason: "BadEnvironmentKeyIdInToken", host: "127.0.0.1",
                                                  port: 8443, environment: .development))
    }

    @Test func answersItLeavesAlone() {
        let legacy = SigningKeyDescription(keyID: "KEYOPS0001", teamID: "DEF123GHIJ",
                                           environments: [.development, .production], topics: nil, legacy: true)
        let apple = ProbeTarget(host: "api.sandbox.push.apple.com", port: 443, environment: .development)
        let rows: [(Int, String, ProbeTarget, SigningKeyDescription?)] = [
            (403, "BadEnvironmentKeyInToken", Self.mock, legacy),
            (403, "BadEnvironmentKeyInToken", apple, Self.sandboxKey),
            (403, "BadEnvironmentKeyInToken", ProbeTarget(host: "127.0.0.1", port: 8443, environment: nil), nil),
            (403, "InvalidProviderToken", Self.mock, Self.sandboxKey),
            (400, "BadDeviceToken", Self.mock, Self.sandboxKey),
        ]
        for (status, reason, target, key) in rows {
            #expect(ProbeVerdictReview.correction(status: status, reason: reason, failure: nil, target: target,
                                                  signingKey: key, caFile: nil) == nil, "\(status) \(reason) \(target)")
        }
    }
}
