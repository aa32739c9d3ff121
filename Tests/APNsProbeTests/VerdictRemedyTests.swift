import APNsCore
import APNsModel
import Foundation
@testable import APNsProbe
import Testing

/// A verdict carries what to do as a typed ``VerdictRemedy`` with the context its words need; the library words only
/// flag-free advice, and ``Verdict/worded(_:summary:)`` lets the command line word the rest.
@Suite struct VerdictRemedyTests {
    private let apple = ProbeTarget(host: "api.push.apple.com", port: 443, environment: .production)
    private let mock = ProbeTarget(host: "127.0.0.1", port: 8443, environment: nil)

    @Test func theDummyTokenAcceptedRemedyIsToDeliverToARealDevice() {
        let dummy = VerdictContext(environment: .development, credentialKind: "token", dummyDeviceToken: true)
        let verdict = ReasonCatalog.verdict(status: 400, reason: "BadDeviceToken", context: dummy)
        #expect(verdict.outcome == .healthy)
        #expect(verdict.remedy == .deliverToRealDevice)
        let real = VerdictContext(environment: .development, credentialKind: "token", dummyDeviceToken: false)
        #expect(ReasonCatalog.verdict(status: 400, reason: "BadDeviceToken", context: real).remedy
            == .deviceTokenOfOtherEnvironment(probed: .development))
    }

    @Test func anAnswerAppleDoesNotDocumentCarriesItsStatusAndReasonForTheCommandLine() {
        let context = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: false)
        let bare = ReasonCatalog.verdict(status: 404, reason: nil, context: context)
        #expect(bare.outcome == .rejected)
        #expect(bare.remedy == .unknownAnswer(answer: "404", status: 404))
        #expect(bare.summary == "404: an answer Apple does not document (status 404)")
        #expect(bare.hint == "see Apple's 'Handling notification responses from APNs' for this reason")
        #expect(ReasonCatalog.verdict(status: 500, reason: "SomethingNew", context: context).remedy
            == .unknownAnswer(answer: "500 SomethingNew", status: 500))
        // The library's words name no program; the command line's replace them.
        let worded = bare.worded({ _ in "words" }, summary: { _ in "404: replaced" })
        #expect((worded.summary, worded.hint) == ("404: replaced", "words"))
    }

    @Test func aTLSAlertCarriesItsCodeAndWhoseServer() {
        let failure = TransportFailure(kind: .tls, message: "alert 42", tlsAlert: 42)
        #expect(ReasonCatalog.verdict(failure: failure, target: apple, timeout: 10).remedy
            == .tlsAlert(42, apple: true, certificateExpiredOn: nil))
        #expect(ReasonCatalog.verdict(failure: failure, target: mock, timeout: 10).remedy
            == .tlsAlert(42, apple: false, certificateExpiredOn: nil))
    }

    /// An expired client certificate is named whatever alert about it the server chose; an alert about something
    /// else (a handshake failure) is not blamed on the certificate.
    @Test func anExpiredCertificatesAlertCarriesTheExpiry() {
        let now = Date(timeIntervalSince1970: 1_800_000_000), end = now.addingTimeInterval(-86_400)
        let unknown = TransportFailure(kind: .tls, message: "alert 46", tlsAlert: 46)
        #expect(ReasonCatalog.verdict(failure: unknown, target: mock, timeout: 10, certificateNotAfter: end, now: now).remedy
            == .tlsAlert(46, apple: false, certificateExpiredOn: end))
        let handshake = TransportFailure(kind: .tls, message: "alert 40", tlsAlert: 40)
        #expect(ReasonCatalog.verdict(failure: handshake, target: mock, timeout: 10, certificateNotAfter: end,
                                      now: now).remedy == .tlsAlert(40, apple: false, certificateExpiredOn: nil))
    }

    @Test func transportFailuresCarryTheirRemedies() {
        func remedy(_ kind: TransportFailure.Kind, _ target: ProbeTarget) -> VerdictRemedy? {
            ReasonCatalog.verdict(failure: TransportFailure(kind: kind, message: "m"), target: target, timeout: 2.5).remedy
        }
        #expect(remedy(.dns, apple) == .checkDNS)
        #expect(remedy(.connect, apple) == .tryPort2197)
        #expect(remedy(.connect, mock) == .advice("check that the server is running and the firewall allows port 8443"))
        #expect(remedy(.notTLS, mock) == .notTLS)
        #expect(remedy(.tls, apple) == .checkTrustStore)
        #expect(remedy(.tls, mock) == .trustServerCA)
        #expect(remedy(.credential, apple) == .checkCertificatePassword)
        #expect(remedy(.http1, mock) == .notHTTP2)
        #expect(remedy(.timeout, mock) == .raiseTimeout(seconds: 2.5))
        #expect(remedy(.other, mock) == nil)
    }

    /// A certificate the server never asked for: the summary's words name the option that gave it, so the remedy
    /// carries the answer for the command line's summary.
    @Test func aCertificateNeverAskedForCarriesTheAnswer() {
        let context = VerdictContext(environment: nil, credentialKind: "certificate", dummyDeviceToken: true,
                                     certificateRequested: false)
        let verdict = ReasonCatalog.verdict(status: 403, reason: "MissingProviderToken", context: context)
        #expect(verdict.remedy == .certificateNeverRequested(answer: "403 MissingProviderToken"))
        #expect(verdict.summary.hasPrefix("403 MissingProviderToken: the server did not ask for a client certificate"))
        var asked = context
        asked.certificateRequested = true
        #expect(ReasonCatalog.verdict(status: 403, reason: "MissingProviderToken", context: asked).remedy
            == .certificateIgnored(answer: "403 MissingProviderToken"))
        let none = VerdictContext(environment: nil, credentialKind: "none", dummyDeviceToken: true)
        #expect(ReasonCatalog.verdict(status: 403, reason: "MissingProviderToken", context: none).remedy == .giveCredential)
    }

    @Test func credentialKindPicksTheTopicRemedy() {
        let certificate = VerdictContext(environment: .production, credentialKind: "certificate", dummyDeviceToken: true)
        let token = VerdictContext(environment: .production, credentialKind: "token", dummyDeviceToken: true)
        #expect(ReasonCatalog.verdict(status: 400, reason: "TopicDisallowed", context: certificate).remedy
            == .topicNotCovered(certificate: true))
        #expect(ReasonCatalog.verdict(status: 400, reason: "TopicDisallowed", context: token).remedy
            == .topicNotCovered(certificate: false))
        #expect(ReasonCatalog.verdict(status: 403, reason: "TopicMismatch", context: certificate).remedy
            == .credentialForOtherApp(certificate: true))
    }

    /// Worded, the remedy's words come first and the notes follow; a remedy may replace the summary; a verdict
    /// without a remedy keeps its words.
    @Test func wordingPutsTheRemedyBeforeTheNotes() {
        var verdict = Verdict(.rejected, "403 ExpiredProviderToken: old", remedy: .refreshStaleToken(minutes: 90),
                              notes: ["the server's Date header says so"])
        #expect(verdict.hint == "the server's Date header says so", "the library says the notes alone")
        verdict.addNote("this machine's clock is off")
        let worded = verdict.worded({ _ in "sign a fresh one" }, summary: { _ in nil })
        #expect(worded.hint == "sign a fresh one; the server's Date header says so; this machine's clock is off")
        #expect(worded.summary == "403 ExpiredProviderToken: old")
        let replaced = verdict.worded({ _ in "w" }, summary: { _ in "another summary" })
        #expect(replaced.summary == "another summary")
        let given = Verdict(.unreachable, "s", hint: "as given")
        #expect(given.worded({ _ in "never" }) == given)
        var advice = Verdict(.rejected, "s", remedy: .advice("retry later"))
        #expect(advice.hint == "retry later")
        advice.replaceRemedy(.noChannelManagementAPI)
        #expect(advice.hint.isEmpty && advice.remedy == .noChannelManagementAPI)
    }

    /// JSON's `hint` is what the verdict says after wording; an empty hint is null.
    @Test func theJSONHintIsTheWordedHint() throws {
        let verdict = Verdict(.healthy, "accepted", remedy: .deliverToRealDevice)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(verdict), as: UTF8.self)
            == #"{"hint":null,"outcome":"healthy","summary":"accepted"}"#)
        let worded = verdict.worded { _ in "deliver" }
        #expect(String(decoding: try encoder.encode(worded), as: UTF8.self)
            == #"{"hint":"deliver","outcome":"healthy","summary":"accepted"}"#)
    }
}
