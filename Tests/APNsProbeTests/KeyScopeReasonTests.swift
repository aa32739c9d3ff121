import APNsCore
import APNsModel
import Foundation
@testable import APNsProbe
import Testing

/// The 2025 key model's answers, explained with the signing key's recorded scope when the keystore signed.
@Suite struct KeyScopeReasonTests {
    static let spellings = ["BadEnvironmentKeyIdInToken", "BadEnvironmentKeyInToken"]

    private func context(_ environment: APNsEnvironment?, key: SigningKeyDescription?) -> VerdictContext {
        VerdictContext(environment: environment, credentialKind: "token", dummyDeviceToken: true, signingKey: key)
    }

    private let productionOnly = SigningKeyDescription(keyID: "ABC123DEFG", teamID: "DEF123GHIJ",
                                                       environments: [.production], topics: nil, legacy: false)

    @Test(arguments: spellings)
    func aProductionOnlyKeyInTheSandboxIsNamedWithItsScope(reason: String) {
        let verdict = ReasonCatalog.verdict(status: 403, reason: reason, context: context(.development, key: productionOnly))
        #expect(verdict.outcome == .rejected)
        #expect(verdict.summary == "403 \(reason): the token's key is not valid in the development environment"
                + (reason == "BadEnvironmentKeyInToken" ? " (APNs's other spelling of BadEnvironmentKeyIdInToken)" : ""))
        #expect(verdict.remedy == .keyNotForEnvironment(productionOnly, probed: .development))
    }

    @Test(arguments: spellings)
    func aSandboxOnlyKeyInProduction(reason: String) {
        var key = productionOnly
        key.environments = [.development]
        let verdict = ReasonCatalog.verdict(status: 403, reason: reason, context: context(.production, key: key))
        #expect(verdict.remedy == .keyNotForEnvironment(key, probed: .production))
        #expect(key.environmentWords == "sandbox-only")
    }

    @Test(arguments: spellings)
    func aLegacyKeyIsMostLikelyOfTheOtherEnvironment(reason: String) {
        let legacy = SigningKeyDescription(keyID: "ABC123DEFG", teamID: "DEF123GHIJ",
                                           environments: [.development, .production], topics: nil, legacy: true)
        let verdict = ReasonCatalog.verdict(status: 403, reason: reason, context: context(.development, key: legacy))
        #expect(verdict.remedy == .legacyKeyRefused(legacy, probed: .development))
    }

    @Test func aDeclaredScopeThatAPNsContradictsIsCalledWrong() {
        var key = productionOnly
        key.environments = [.development, .production]
        let verdict = ReasonCatalog.verdict(status: 403, reason: "BadEnvironmentKeyIdInToken",
                                            context: context(.production, key: key))
        #expect(verdict.remedy == .recordedScopeWrong(key, probed: .production))
        #expect(key.environmentWords == "valid in both environments")
    }

    @Test(arguments: spellings)
    func withoutAKeystoreKeyTheHintNamesTheOtherEnvironment(reason: String) {
        let verdict = ReasonCatalog.verdict(status: 403, reason: reason, context: context(.production, key: nil))
        #expect(verdict.remedy == .keyOfOtherEnvironment(probed: .production))
        let unknown = ReasonCatalog.verdict(status: 403, reason: reason, context: context(nil, key: productionOnly))
        #expect(unknown.summary.contains("this server's environment"))
        #expect(unknown.remedy == .keyForUnknownEnvironment(productionOnly))
        let neither = ReasonCatalog.verdict(status: 403, reason: reason, context: context(nil, key: nil))
        #expect(neither.hint.hasPrefix("the token's key was made for another environment than this server's"))
    }

    @Test func anUnrelatedKeyNamesTheConnectionRuleAndTheKeysRestriction() {
        let plain = ReasonCatalog.verdict(status: 403, reason: "UnrelatedKeyIdInToken", context: context(.production, key: nil))
        #expect(plain.summary.hasPrefix("403 UnrelatedKeyIdInToken: the connection is bound to another key"))
        #expect(plain.hint == ReasonCatalog.connectionKeyRule + "; open one connection per unrelated key")
        let topical = SigningKeyDescription(keyID: "PRD789TOPC", teamID: "DEF123GHIJ", environments: [.production],
                                            topics: ["com.example.app", "com.example.app.voip"], legacy: false)
        let named = ReasonCatalog.verdict(status: 403, reason: "UnrelatedKeyIdInToken", context: context(.production, key: topical))
        #expect(named.remedy == .unrelatedKey(topical))
    }

    @Test func theReasonsAreForbiddenAnswers() {
        #expect(APNsReason.badEnvironmentKeyIdInToken.status == 403)
        #expect(APNsReason.badEnvironmentKeyInToken.status == 403)
        #expect(APNsReason.unrelatedKeyIdInToken.status == 403)
        #expect(APNsReason(rawValue: "BadEnvironmentKeyInToken") == .badEnvironmentKeyInToken)
    }

    @Test func theProbeConfigurationsSigningKeyReachesTheReportsVerdict() {
        let configuration = ProbeConfiguration(
            target: ProbeTarget(host: "api.sandbox.push.apple.com", port: 443, environment: .development),
            credential: .token("h.c.s", issuedAt: nil), canary: .canary(topic: "com.example.app"),
            signingKey: productionOnly)
        let exchange = Exchange(sentID: "00000000-0000-4000-8000-000000000001", status: 403, headers: [:],
                                body: Array(#"{"reason":"BadEnvironmentKeyInToken"}"#.utf8), httpVersion: "2",
                                remoteAddress: nil, remotePort: nil, tlsVersion: "TLSv1.3",
                                timings: PhaseTimings(dns: nil, connect: nil, tls: nil, firstByte: nil, total: 0.01),
                                connectionsOpened: 1, failure: nil, certificateRequested: nil, receivedAt: nil)
        let report = Prober.report(configuration: configuration, exchanges: [exchange], startedAt: Date())
        #expect(report.exitCode == 1)
        #expect(report.verdict.remedy == .keyNotForEnvironment(productionOnly, probed: .development))
    }
}
