import APNsModel
import APNsCore
import APNsKeystore
@testable import APNsOperations
import APNsProbe
import APNsPushRules
import APNsTokens
import Foundation
import TestSupport
import Testing

/// Planning a probe and making a channel call in process, against the mock on 127.0.0.1 trusting the keystore's
/// keys as `mock serve` does.
@Suite(.serialized) struct ProbePlanningTests {
    /// A keystore with a development key, and a mock playing `environment` that trusts it.
    static func setUp(environment: APNsEnvironment = .development) async throws -> (Keystore, LoopbackMock) {
        let scope = try KeyScope(environments: [.development], restriction: .team, source: .declared)
        let store = try Scratch.keystore(scope: scope)
        let trust = try MockTrustCollection.collect(MockTrustRequest(
            location: KeystoreLocation(path: store.path, source: .flag), open: { store }))
        return (store, try await LoopbackMock.start(environment: environment, keys: trust.keys, scopes: trust.scopes))
    }

    @Test func aKeystoreKeysCanaryIsAcceptedByTheMock() async throws {
        let (store, mock) = try await Self.setUp()
        defer { Task { await mock.stop() } }
        let plan = try ProbePlanning.plan(ProbePlanRequest(
            server: ProbeServer(environment: .development, host: "127.0.0.1", port: mock.port, caFile: mock.caFile),
            credential: .keystore(team: Scratch.team, keyID: nil, open: { store }),
            canary: CanarySpecification(topic: "com.example.app")))
        #expect(plan.configuration.signingKey?.keyID == "KEYOPS0001")
        #expect(plan.target.port == mock.port)
        let report = try Prober(plan.configuration).probe()
        #expect(report.status == 400 && report.reason == "BadDeviceToken", "\(report.verdict.summary)")
        #expect(report.verdict.outcome == .healthy)
    }

    /// The shared push rules' refusal (the CLI words it with the probe's flags, exit 2).
    @Test func aCanaryAPNsWouldRefuseIsRefusedBeforeSending() throws {
        let refusal = #expect(throws: PushRefusal.self) {
            try ProbePlanning.plan(ProbePlanRequest(
                server: ProbeServer(environment: .development, host: "127.0.0.1", port: 9),
                credential: .none, canary: CanarySpecification(topic: "com.example.app", priority: 7)))
        }
        #expect(refusal?.kind == .invalidPriority("7"))
    }

    /// Apple's advice on the canary comes back with the plan: none for the default canary, the shared warnings
    /// for an alert whose payload only sets content-available.
    @Test func thePlanCarriesTheCanarysWarnings() throws {
        let quiet = try ProbePlanning.plan(ProbePlanRequest(
            server: ProbeServer(environment: .development, host: "127.0.0.1", port: 9), credential: .none,
            canary: CanarySpecification(topic: "com.example.app")))
        #expect(quiet.warnings.isEmpty)
        let warned = try ProbePlanning.plan(ProbePlanRequest(
            server: ProbeServer(environment: .development, host: "127.0.0.1", port: 9), credential: .none,
            canary: CanarySpecification(topic: "com.example.app", pushType: .alert)))
        #expect(warned.warnings.map(\.rule) == ["priority_10_content_available_only", "background_payload_as_alert"])
    }

    @Test func aPayloadFileIsRead() throws {
        let path = try Scratch.file("payload.json", #"{"aps":{"alert":"hi"}}"#)
        let plan = try ProbePlanning.plan(ProbePlanRequest(
            server: ProbeServer(environment: .development, host: "127.0.0.1", port: 9), credential: .none,
            canary: CanarySpecification(topic: "com.example.app", pushType: .alert, payload: .file(path))))
        #expect(plan.configuration.canary.payload == Array(#"{"aps":{"alert":"hi"}}"#.utf8))
    }

    @Test func aChannelCheckNeedsTheAppsBundleID() throws {
        #expect(throws: ProbePlanError.channelsNeedBundleID) {
            try ProbePlanning.plan(ProbePlanRequest(
                server: ProbeServer(environment: .development), credential: .none, canary: CanarySpecification(),
                channels: true))
        }
    }

    /// `probe --channels`: a read-only list of the app's channels at the mock's management port; the round's report
    /// has no device token and says what the host accepted. A push plan leaves its reports as they are.
    @Test func aChannelCheckReportsWhatTheManagementHostAccepted() async throws {
        let (store, mock) = try await Self.setUp()
        defer { Task { await mock.stop() } }
        let plan = try ProbePlanning.plan(ProbePlanRequest(
            server: ProbeServer(environment: .development, host: "127.0.0.1", port: mock.channelsPort,
                                caFile: mock.caFile),
            credential: .keystore(team: Scratch.team, keyID: nil, open: { store }),
            canary: CanarySpecification(topic: "com.example.app"), channels: true))
        #expect(plan.channels && plan.warnings.isEmpty)
        let raw = try Prober(plan.configuration).probe()
        let report = plan.channelReport(raw)
        #expect(report.status == 200, "\(report.verdict.summary)")
        #expect(report.deviceToken == "" && !report.dummyDeviceToken)
        #expect(report.verdict.outcome == .healthy)
        #expect(report.verdict.summary == "the channel management host accepted TLS, HTTP/2 and the credential "
                + "(200 to a read-only all-channels request)")

        var push = plan
        push.channels = false
        #expect(push.channelReport(raw).deviceToken == raw.deviceToken)
        #expect(push.channelReport(raw).verdict.summary == raw.verdict.summary)
    }

    /// The certificate judge refuses an expired certificate before anything else is planned or sent, as `device
    /// check` refuses it (issue 40 §2): before, probe only warned and sent, and the server's TLS alert was exit 4.
    @Test func anExpiredCertificateIsRefusedBeforeTheCanaryIsBuilt() throws {
        let pem = try String(contentsOfFile: Scratch.certificate("expired.pem"), encoding: .utf8)
            + (try String(contentsOfFile: Scratch.certificate("expired.key"), encoding: .utf8))
        let path = try Scratch.file("expired.pem", pem)
        // The device token is not hex either: the certificate is refused first.
        #expect {
            try ProbePlanning.plan(ProbePlanRequest(
                server: ProbeServer(environment: .development, host: "127.0.0.1", port: 9),
                credential: .certificate(path: path, password: { "" }),
                canary: CanarySpecification(deviceToken: "zz")))
        } throws: { error in
            guard case .expired(let named, _, _)? = error as? CertificateValidityProblem else { return false }
            return named == path
        }
    }

    @Test func aChannelCallListsAndNamesTheSigningKey() async throws {
        let (store, mock) = try await Self.setUp()
        defer { Task { await mock.stop() } }
        let outcome = try ChannelCall.send(ChannelCallRequest(
            request: ChannelRequest.list(bundleID: "com.example.app"), operation: "list", bundleID: "com.example.app",
            server: ProbeServer(environment: .development, host: "127.0.0.1", port: mock.channelsPort,
                                caFile: mock.caFile),
            credential: .keystore(team: Scratch.team, keyID: nil, open: { store })))
        #expect(outcome.result.verdict.outcome == .healthy, "\(outcome.result.verdict.summary)")
        #expect(outcome.result.channels == [])
        #expect(outcome.result.keyID == "KEYOPS0001")
        #expect(outcome.credential.signingKey?.keyID == "KEYOPS0001")
    }

    @Test func aChannelCallWithAReadyTokenNamesItsKid() async throws {
        let (store, mock) = try await Self.setUp()
        defer { Task { await mock.stop() } }
        let issued = try store.token(team: Scratch.team, environment: .development)
        let outcome = try ChannelCall.send(ChannelCallRequest(
            request: ChannelRequest.create(bundleID: "com.example.app", storage: .noStorage), operation: "create",
            bundleID: "com.example.app",
            server: ProbeServer(environment: .development, host: "127.0.0.1", port: mock.channelsPort,
                                caFile: mock.caFile),
            credential: .tokenVariable(name: "T", value: issued.token.compact)))
        #expect(outcome.result.status == 201, "\(outcome.result.verdict.summary)")
        #expect(outcome.result.channelID?.isEmpty == false)
        #expect(outcome.result.keyID == "KEYOPS0001" && outcome.result.teamID == Scratch.team)
    }

    @Test func aMissingCAFileIsItsOwnError() throws {
        #expect(throws: APNsError.self) {
            try ChannelCall.send(ChannelCallRequest(
                request: ChannelRequest.list(bundleID: "com.example.app"), operation: "list",
                bundleID: "com.example.app",
                server: ProbeServer(environment: .development, host: "127.0.0.1", port: 9,
                                    caFile: "/nonexistent/ca.pem"),
                credential: .none))
        }
    }
}
