import APNsCore
import Foundation
@testable import APNsProbe
import Testing

@Suite struct ReasonCatalogTests {
    private let production = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: false)

    static let everyRow: [(Int, String)] = ReasonCatalog.reasons.flatMap { status, reasons in reasons.map { (status, $0) } }

    @Test func theTableHasEveryDocumentedReason() {
        // 30 for pushes, 3 for the 2025 key model (both spellings of the environment answer), 9 for broadcast
        // channels (docs/channels.md).
        #expect(Self.everyRow.count == 42)
        for reason in ["UnrelatedKeyIdInToken", "BadEnvironmentKeyIdInToken", "BadEnvironmentKeyInToken"] {
            #expect(ReasonCatalog.reasons[403]?.contains(reason) == true, "\(reason)")
        }
        #expect(ReasonCatalog.reasons[400]?.contains("ChannelNotRegistered") == true)
        #expect(ReasonCatalog.reasons[403]?.contains("TopicMismatch") == true)
        #expect(ReasonCatalog.reasons[403]?.contains("BadCertificateEnvironment") == true)
        #expect(ReasonCatalog.reasons[410] == ["Unregistered", "ExpiredToken"])
    }

    @Test(arguments: everyRow)
    func everyReasonIsARejectionWithItsOwnHint(status: Int, reason: String) {
        let verdict = ReasonCatalog.verdict(status: status, reason: reason, context: production)
        #expect(verdict.outcome == .rejected)
        #expect(verdict.exitStatus == .checkFailed)
        #expect(verdict.summary.hasPrefix("\(status) \(reason): "))
        #expect(verdict.remedy != nil && verdict.remedy != .advice(""))
        if case .unknownAnswer = verdict.remedy { Issue.record("\(reason) fell through to the unknown-reason text") }
    }

    @Test func remediesDifferAcrossReasons() {
        let remedies = Self.everyRow.map { ReasonCatalog.verdict(status: $0.0, reason: $0.1, context: production).remedy }
        // Unregistered and ExpiredToken share one explanation, and so do the two spellings of the environment
        // answer; every other reason has its own.
        var distinct: [VerdictRemedy?] = []
        for remedy in remedies where !distinct.contains(remedy) { distinct.append(remedy) }
        #expect(distinct.count == Self.everyRow.count - 2)
    }

    @Test func success() {
        let verdict = ReasonCatalog.verdict(status: 200, reason: nil, context: production)
        #expect(verdict.outcome == .healthy)
        #expect(verdict.exitStatus == .ok)
    }

    @Test func badDeviceTokenForTheDummyTokenIsHealthy() {
        let context = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: true)
        let verdict = ReasonCatalog.verdict(status: 400, reason: "BadDeviceToken", context: context)
        #expect(verdict.outcome == .healthy)
        #expect(verdict.summary.contains("transport and credential accepted"))
        #expect(verdict.remedy == .deliverToRealDevice)
        #expect(verdict.hint.isEmpty, "the command line words it")
    }

    @Test func badDeviceTokenForARealTokenPointsAtTheOtherEnvironment() {
        let verdict = ReasonCatalog.verdict(status: 400, reason: "BadDeviceToken", context: production)
        #expect(verdict.outcome == .rejected)
        #expect(verdict.remedy == .deviceTokenOfOtherEnvironment(probed: .production))
        let sandbox = VerdictContext(environment: .development, credentialKind: "token", dummyDeviceToken: false)
        #expect(ReasonCatalog.verdict(status: 400, reason: "BadDeviceToken", context: sandbox).remedy
            == .deviceTokenOfOtherEnvironment(probed: .development))
    }

    @Test func badCertificateEnvironmentOnProductionMeansASandboxCertificate() {
        let cert = VerdictContext(environment: .production, credentialKind: "certificate", dummyDeviceToken: true)
        let verdict = ReasonCatalog.verdict(status: 403, reason: "BadCertificateEnvironment", context: cert)
        #expect(verdict.remedy == .certificateOfOtherEnvironment(probed: .production))
        let dev = VerdictContext(environment: .development, credentialKind: "certificate", dummyDeviceToken: true)
        #expect(ReasonCatalog.verdict(status: 403, reason: "BadCertificateEnvironment", context: dev).remedy
            == .certificateOfOtherEnvironment(probed: .development))
    }

    @Test func expiredProviderTokenWithAFreshTokenMeansClockSkew() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let fresh = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: true,
                                   tokenIssuedAt: now.addingTimeInterval(-120), clockOffset: 5400, now: now)
        let verdict = ReasonCatalog.verdict(status: 403, reason: "ExpiredProviderToken", context: fresh)
        #expect(verdict.hint.contains("clock skew"))
        #expect(verdict.hint.contains("1 min 30 s") == false)
        #expect(verdict.hint.contains("90 min 0 s behind the server"))
        let stale = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: true,
                                   tokenIssuedAt: now.addingTimeInterval(-7200), now: now)
        let staleVerdict = ReasonCatalog.verdict(status: 403, reason: "ExpiredProviderToken", context: stale)
        #expect(staleVerdict.remedy == .refreshStaleToken(minutes: 120))
        #expect(staleVerdict.notes.isEmpty)
        let staleSkewed = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: true,
                                         tokenIssuedAt: now.addingTimeInterval(-7200), clockOffset: 600, now: now)
        let noted = ReasonCatalog.verdict(status: 403, reason: "ExpiredProviderToken", context: staleSkewed)
        #expect(noted.remedy == .refreshStaleToken(minutes: 120))
        #expect(noted.notes == ["the server's Date header says this clock is 10 min 0 s behind the server"])
    }

    @Test func invalidProviderTokenIssuedInTheFutureNamesClockSkew() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let future = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: true,
                                    tokenIssuedAt: now.addingTimeInterval(600), now: now)
        let verdict = ReasonCatalog.verdict(status: 403, reason: "InvalidProviderToken", context: future)
        guard case .checkTeamAndKey(let clockAdvice?) = verdict.remedy else {
            Issue.record("\(String(describing: verdict.remedy))")
            return
        }
        #expect(clockAdvice.contains("clock skew"), "\(clockAdvice)")
        #expect(clockAdvice.contains("iat is 10 min 0 s in the future"), "\(clockAdvice)")
        let skewed = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: true,
                                    tokenIssuedAt: now, clockOffset: -300, now: now)
        guard case .checkTeamAndKey(let skewAdvice?) = ReasonCatalog.verdict(status: 403, reason: "InvalidProviderToken",
                                                                             context: skewed).remedy else {
            Issue.record("no clock advice for a skewed clock")
            return
        }
        #expect(skewAdvice.contains("5 min 0 s ahead of the server (clock skew)"))
        let fine = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: true,
                                  tokenIssuedAt: now.addingTimeInterval(-30), clockOffset: 1, now: now)
        #expect(ReasonCatalog.verdict(status: 403, reason: "InvalidProviderToken", context: fine).remedy
            == .checkTeamAndKey(clockAdvice: nil))
    }

    @Test func expiredProviderTokenIssuedInTheFutureIsNotCalledOld() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let future = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: true,
                                    tokenIssuedAt: now.addingTimeInterval(7200), now: now)
        let hint = ReasonCatalog.verdict(status: 403, reason: "ExpiredProviderToken", context: future).hint
        #expect(hint.contains("clock skew"), "\(hint)")
        #expect(!hint.contains("minutes old"), "\(hint)")
    }

    @Test func aServerThatIsNotApplesIsNotCalledTheThisEnvironment() {
        let mock = VerdictContext(environment: nil, credentialKind: "token", dummyDeviceToken: false)
        let verdict = ReasonCatalog.verdict(status: 400, reason: "BadDeviceToken", context: mock)
        #expect(verdict.summary.hasSuffix("APNs does not know this device token in this server's environment"))
        #expect(!verdict.summary.contains("the this"))
        let production = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: false)
        #expect(ReasonCatalog.verdict(status: 400, reason: "BadDeviceToken", context: production).summary
            .hasSuffix("APNs does not know this device token in the production environment"))
    }

    /// A TLS failure against Apple's hosts points at the trust anchor doctor checks.
    @Test func tlsFailureAgainstAppleNamesTheRootDoctorChecks() {
        let apple = ProbeTarget(host: "api.push.apple.com", port: 443, environment: .production)
        let failure = TransportFailure(kind: .tls, message: "SSL certificate problem: unable to get local issuer certificate")
        let verdict = ReasonCatalog.verdict(failure: failure, target: apple, timeout: 10)
        #expect(verdict.remedy == .checkTrustStore)
        let mock = ProbeTarget(host: "127.0.0.1", port: 8443, environment: nil)
        #expect(ReasonCatalog.verdict(failure: failure, target: mock, timeout: 10).remedy == .trustServerCA)
    }

    @Test func unknownReasonsStillGetAVerdict() {
        let verdict = ReasonCatalog.verdict(status: 418, reason: "Teapot", context: production)
        #expect(verdict.outcome == .rejected)
        #expect(verdict.summary.contains("418 Teapot"))
    }

    @Test func transportFailuresAreUnreachable() {
        let target = ProbeTarget(host: "api.push.apple.com", port: 443, environment: .production)
        let kinds: [TransportFailure.Kind] = [.dns, .connect, .tls, .credential, .http1, .protocolError, .timeout, .other]
        var summaries = Set<String>()
        for kind in kinds {
            let verdict = ReasonCatalog.verdict(failure: TransportFailure(kind: kind, message: "m"), target: target, timeout: 3)
            #expect(verdict.outcome == .unreachable)
            #expect(verdict.exitStatus == .unreachable)
            summaries.insert(verdict.summary)
        }
        #expect(summaries.count == kinds.count)
        let http1 = ReasonCatalog.verdict(failure: TransportFailure(kind: .http1, message: ""), target: target, timeout: 3)
        #expect(http1.summary.contains("HTTP/1"))
        let timeout = ReasonCatalog.verdict(failure: TransportFailure(kind: .timeout, message: ""), target: target, timeout: 3)
        #expect(timeout.remedy == .raiseTimeout(seconds: 3))
    }

    @Test func worstVerdictWins() {
        let ok = Verdict(.healthy, "a"), bad = Verdict(.rejected, "b"), gone = Verdict(.unreachable, "c")
        #expect(Verdict.worst([ok, bad, ok]) == bad)
        #expect(Verdict.worst([bad, gone, ok]) == gone)
        #expect(Verdict.worst([]) == nil)
    }

    /// A channel call's InvalidPushType or BadPath does not get a device push's hint.
    @Test func channelCallsGetTheirOwnHints() {
        let context = VerdictContext(environment: .development, credentialKind: "token", dummyDeviceToken: false)
        let pushType = ReasonCatalog.channelManagementVerdict(
            ReasonCatalog.verdict(status: 400, reason: "InvalidPushType", context: context), reason: "InvalidPushType")
        #expect(pushType.hint.contains("LiveActivity") && !pushType.hint.contains("voip"), "\(pushType.hint)")
        let path = ReasonCatalog.channelManagementVerdict(
            ReasonCatalog.verdict(status: 404, reason: "BadPath", context: context), reason: "BadPath")
        #expect(path.remedy == .noChannelManagementAPI && !path.hint.contains("/3/device"), "\(path.hint)")
        let push = ReasonCatalog.verdict(status: 400, reason: "InvalidPushType", context: context)
        #expect(push.hint.contains("controls"), "every push type APNs documents: \(push.hint)")
    }
}
