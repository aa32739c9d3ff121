import APNsCore
import APNsMock
import APNsModel
import APNsTokens
import Crypto
import Foundation
@testable import APNsProbe
import Testing

/// The prober against the project's mock APNs on 127.0.0.1: every status and reason the mock can produce, with
/// token authentication and with client certificates (PEM, PKCS#12 and legacy PKCS#12).
@Suite(.serialized) struct MockProbeTests {
    static let team = "TEAM123456", keyID = "KEY1234567", bundle = "com.example.app"
    static let key = P256.Signing.PrivateKey()
    static let device = String(repeating: "ab", count: 32)
    static let otherAppDevice = String(repeating: "cd", count: 32)
    static let goneDevice = String(repeating: "ef", count: 32)
    static let unknownDevice = String(repeating: "01", count: 32)

    /// A running mock and the CA file that trusts it.
    struct Running {
        var server: MockAPNsServer
        var port: Int
        var caFile: String
        var authority: MockCertificateAuthority?
    }

    static func start(environment: APNsEnvironment = .development, faults: MockFaults = .none,
                      clientCA: MockCertificateAuthority? = nil) async throws -> Running {
        let policy = ValidationPolicy(environment: environment, devices: [device: bundle, otherAppDevice: "com.example.other"],
                                      unregistered: [goneDevice: Date(timeIntervalSince1970: 1_700_000_000)],
                                      trustedKeys: [TrustedKey(keyID: keyID, teamID: team, publicKey: key.publicKey)])
        let server = try MockAPNsServer(configuration: MockServerConfiguration(
            policy: policy, clientCAPEM: try clientCA?.certificatePEM, faults: faults))
        let port = try await server.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-probe-mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let caFile = directory.appendingPathComponent("ca.pem")
        try Data(try #require(server.certificateAuthorityPEM).utf8).write(to: caFile)
        return Running(server: server, port: port, caFile: caFile.path, authority: clientCA)
    }

    static func token(issuedAt: Date = Date(), keyID: String = keyID, key: P256.Signing.PrivateKey = key) throws
        -> ProbeCredential {
        let token = try ProviderToken.sign(keyID: keyID, teamID: team, issuedAt: issuedAt, key: key)
        return .token(token.compact, issuedAt: token.issuedAtDate)
    }

    static func probe(_ running: Running, _ canary: CanaryRequest, credential: ProbeCredential,
                      environment: APNsEnvironment? = nil, timeout: Double = 5) throws -> ProbeReport {
        try Prober(ProbeConfiguration(target: ProbeTarget(host: "127.0.0.1", port: running.port, environment: environment),
                                      credential: credential, caFile: running.caFile, canary: canary,
                                      timeout: timeout)).probe()
    }

    static func canary(device: String? = nil, topic: String? = bundle) -> CanaryRequest {
        .canary(deviceToken: device.map { DeviceToken(uncheckedHex: $0) } ?? .dummy, topic: topic)
    }

    @Test func tokenAuthenticationRows() async throws {
        let mock = try await Self.start()
        defer { Task { await mock.server.stop() } }
        let good = try Self.token()

        let delivered = try Self.probe(mock, Self.canary(device: Self.device), credential: good)
        #expect(delivered.status == 200)
        #expect(delivered.exitCode == 0)
        #expect(delivered.apnsIDReturned == delivered.apnsID)
        #expect(delivered.apnsUniqueID != nil, "the development mock sends apns-unique-id")
        #expect(delivered.httpVersion == "2")
        #expect(delivered.clockOffsetSeconds.map { abs($0) < 5 } == true)

        let dummy = try Self.probe(mock, Self.canary(), credential: good)
        #expect(dummy.status == 400 && dummy.reason == "BadDeviceToken")
        #expect(dummy.verdict.outcome == .healthy)
        #expect(dummy.exitCode == 0)

        let rows: [(CanaryRequest, ProbeCredential, Int, String)] = [
            (Self.canary(device: Self.unknownDevice), good, 400, "BadDeviceToken"),
            (Self.canary(device: Self.otherAppDevice), good, 400, "DeviceTokenNotForTopic"),
            (Self.canary(device: Self.goneDevice), good, 410, "Unregistered"),
            (Self.canary(), try Self.token(issuedAt: Date().addingTimeInterval(-7200)), 403, "ExpiredProviderToken"),
            (Self.canary(), try Self.token(keyID: "UNKNOWN123"), 403, "InvalidProviderToken"),
            (Self.canary(), try Self.token(key: P256.Signing.PrivateKey()), 403, "InvalidProviderToken"),
            (Self.canary(), .none, 403, "MissingProviderToken"),
            (Self.canary(topic: nil), good, 400, "MissingTopic"),
        ]
        for (request, credential, status, reason) in rows {
            let report = try Self.probe(mock, request, credential: credential)
            #expect(report.status == status && report.reason == reason, "expected \(status) \(reason), got \(String(describing: report.status)) \(String(describing: report.reason))")
            #expect(report.verdict.outcome == .rejected)
            #expect(report.exitCode == 1)
            #expect(report.verdict.summary.hasPrefix("\(status) \(reason): "))
        }
        let gone = try Self.probe(mock, Self.canary(device: Self.goneDevice), credential: good)
        #expect(gone.unregisteredAt == Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// Requests the pre-send checks would refuse, sent anyway through the transport: the mock's answers.
    @Test func requestErrorRows() async throws {
        let mock = try await Self.start()
        defer { Task { await mock.server.stop() } }
        let good = try Self.token()
        func raw(_ change: (inout CanaryRequest) -> Void) -> CanaryRequest {
            var request = Self.canary(device: Self.device)
            change(&request)
            return request
        }
        let rows: [(CanaryRequest, Int, String)] = [
            (raw { $0.apnsID = "not-a-uuid" }, 400, "BadMessageId"),
            (raw { $0.extraHeaders = [("apns-topic", Self.bundle)] }, 400, "DuplicateHeaders"),
            (raw { $0.priority = 7 }, 400, "BadPriority"),
            (raw { $0.priority = 10 }, 400, "BadPriority"),
            (raw { $0.pushType = nil; $0.extraHeaders = [("apns-push-type", "smoke-signal")] }, 400, "InvalidPushType"),
            (raw { $0.expiration = nil; $0.extraHeaders = [("apns-expiration", "soon")] }, 400, "BadExpirationDate"),
            (raw { $0.extraHeaders = [("apns-collapse-id", String(repeating: "c", count: 65))] }, 400, "BadCollapseId"),
            (raw { $0.pushType = .voip }, 400, "DeviceTokenNotForTopic"),  // bare bundle id: as APNs answers
            (raw { $0.payload = [] }, 400, "PayloadEmpty"),
            (raw { $0.payload = Array(("{\"pad\":\"" + String(repeating: "x", count: 4100) + "\"}").utf8) }, 413, "PayloadTooLarge"),
            (raw { $0.method = "GET"; $0.payload = [] }, 405, "MethodNotAllowed"),
            (raw { $0.deviceToken = DeviceToken(uncheckedHex: "") }, 400, "MissingDeviceToken"),
            (raw { $0.deviceToken = DeviceToken(uncheckedHex: Self.device + "/extra") }, 404, "BadPath"),
        ]
        // The transport sends exactly what it is given (the prober would give each request a fresh apns-id).
        let transport = HTTP2Transport(target: ProbeTarget(host: "127.0.0.1", port: mock.port, environment: nil),
                                       credential: good, caFile: mock.caFile, timeout: 5)
        let configuration = ProbeConfiguration(target: transport.target, credential: good, canary: Self.canary(device: Self.device))
        for (request, status, reason) in rows {
            let report = Prober.report(configuration: configuration, exchanges: try transport.send([request]), startedAt: Date())
            #expect(report.status == status && report.reason == reason,
                    "expected \(status) \(reason), got \(String(describing: report.status)) \(String(describing: report.reason)) \(String(describing: report.failure))")
            #expect(report.exitCode == 1)
        }
    }

    @Test(arguments: [APNsReason.internalServerError, .serviceUnavailable, .shutdown, .tooManyRequests, .idleTimeout,
                      .tooManyProviderTokenUpdates, .forbidden, .badCertificate, .topicDisallowed, .duplicateHeaders])
    func forcedReasonsGetTheirVerdict(reason: APNsReason) async throws {
        let mock = try await Self.start(faults: MockFaults(forcedReason: reason))
        defer { Task { await mock.server.stop() } }
        let report = try Self.probe(mock, Self.canary(), credential: try Self.token())
        #expect(report.status == reason.status)
        #expect(report.reason == reason.rawValue)
        #expect(report.exitCode == 1)
        #expect(report.verdict.remedy != nil && report.verdict.remedy != .advice(""))
    }

    @Test func aStalledMockEndsAtTheTimeout() async throws {
        let mock = try await Self.start(faults: MockFaults(stall: true))
        defer { Task { await mock.server.stop() } }
        let report = try Self.probe(mock, Self.canary(), credential: try Self.token(), timeout: 1.5)
        #expect(report.failure?.kind == .timeout)
        #expect(report.exitCode == 4)
    }

    @Test func aGoawayFromTheMockIsUnreachable() async throws {
        let mock = try await Self.start(faults: MockFaults(goAway: .shutdown))
        defer { Task { await mock.server.stop() } }
        let report = try Self.probe(mock, Self.canary(), credential: try Self.token(), timeout: 3)
        #expect(report.status == nil)
        #expect(report.exitCode == 4)
        #expect([TransportFailure.Kind.protocolError, .timeout].contains(report.failure?.kind ?? .other))
    }

    @Test func aHundredCanariesOnOneConnectionToTheMock() async throws {
        let mock = try await Self.start()
        defer { Task { await mock.server.stop() } }
        let report = try Prober(ProbeConfiguration(
            target: ProbeTarget(host: "127.0.0.1", port: mock.port, environment: nil), credential: try Self.token(),
            caFile: mock.caFile, canary: Self.canary(device: Self.device), count: 100, timeout: 30)).probe()
        #expect(report.answers == ["200": 100])
        #expect(report.connections == 1)
        #expect(report.latency?.count == 100)
        #expect(Set(mock.server.receivedRequests.compactMap { $0.request.headers.first { $0.name == "apns-id" }?.value }).count == 100,
                "every canary carries its own apns-id")
    }
}
