import APNsHTTP2Client
import APNsMock
import APNsModel
import APNsTokens
import Crypto
import Foundation
import TestSupport
import Testing

/// The NIO HTTP/2 client against the project's mock APNs on 127.0.0.1 (real TLS, real HTTP/2): APNs's answers to
/// token and certificate canaries, PING round trips, and a connection the server closed reopened once, then reused.
@Suite(.serialized) struct HTTP2ConnectionTests {
    static let team = "TEAM123456", keyID = "KEY1234567", bundle = "com.example.app"
    static let key = P256.Signing.PrivateKey()
    static let device = String(repeating: "ab", count: 32)
    static let unknownDevice = String(repeating: "01", count: 32)

    /// A mock on `port` (0: a free one) with the server identity `serverIdentity`, trusting `clientCA`.
    static func mock(port: Int = 0, serverIdentity: TLSIdentity, clientCA: MockCertificateAuthority? = nil,
                     faults: MockFaults = .none) async throws -> (MockAPNsServer, Int) {
        let policy = ValidationPolicy(environment: .development, devices: [device: bundle],
                                      trustedKeys: [TrustedKey(keyID: keyID, teamID: team, publicKey: key.publicKey)])
        let server = try MockAPNsServer(configuration: MockServerConfiguration(
            port: port, tls: .identity(serverIdentity), policy: policy, clientCAPEM: try clientCA?.certificatePEM,
            faults: faults, threads: 1))
        return (server, try await server.start())
    }

    /// A server CA, its identity for 127.0.0.1, and the CA written to a file.
    static func serverCA() throws -> (identity: TLSIdentity, caFile: String) {
        let authority = try MockCertificateAuthority()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-h2c-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let caFile = directory.appendingPathComponent("ca.pem")
        try Data(authority.certificatePEM.utf8).write(to: caFile)
        return (try authority.issueServerIdentity(), caFile.path)
    }

    /// The provider token every test sends (a connection that changes its token too often gets
    /// TooManyProviderTokenUpdates, as from APNs).
    static let goodToken = Result { try ProviderToken.sign(keyID: keyID, teamID: team, issuedAt: Date(), key: key).compact }

    static func token(key: P256.Signing.PrivateKey? = nil) throws -> String {
        guard let key else { return try goodToken.get() }
        return try ProviderToken.sign(keyID: keyID, teamID: team, issuedAt: Date(), key: key).compact
    }

    /// An APNs canary: POST /3/device/TOKEN with the apns-* headers and a background payload.
    static func canary(device: String = unknownDevice, token: String?, id: String = UUID().uuidString.lowercased())
        -> HTTP2Request {
        var headers: [(name: String, value: String)] = [("apns-topic", bundle), ("apns-push-type", "background"),
                                                        ("apns-priority", "5"), ("apns-expiration", "0"), ("apns-id", id)]
        if let token { headers.append(("authorization", "bearer \(token)")) }
        return HTTP2Request(path: "/3/device/\(device)", headers: headers,
                            body: Array(#"{"aps":{"content-available":1}}"#.utf8))
    }

    static func reason(_ response: HTTP2Response) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["reason"] as? String
    }

    @Test func aTokenCanaryGetsAPNssAnswersOnOneKeptOpenConnection() async throws {
        let (identity, caFile) = try Self.serverCA()
        let (server, port) = try await Self.mock(serverIdentity: identity)
        defer { Task { await server.stop() } }
        let connection = HTTP2Connection(configuration: HTTP2ClientConfiguration(host: "127.0.0.1", port: port,
                                                                                 caFile: caFile))
        let id = UUID().uuidString.lowercased()
        let delivered = try connection.send(Self.canary(device: Self.device, token: try Self.token(), id: id), timeout: 5)
        #expect(delivered.status == 200)
        #expect(delivered.headers["apns-id"] == id)
        #expect(delivered.openedConnection)
        #expect(delivered.tlsVersion == "TLSv1.3")
        #expect(delivered.remoteAddress == "127.0.0.1" && delivered.remotePort == port)
        let t = delivered.timings
        #expect(t.connect > 0 && t.tls > 0 && t.firstByte >= t.connect + t.tls && t.total >= t.firstByte, "\(t)")

        let dummy = try connection.send(Self.canary(token: try Self.token()), timeout: 5)
        #expect(dummy.status == 400 && Self.reason(dummy) == "BadDeviceToken")
        #expect(!dummy.openedConnection)
        #expect(dummy.timings.connect == 0 && dummy.timings.tls == 0)

        let forged = try connection.send(Self.canary(token: try Self.token(key: P256.Signing.PrivateKey())), timeout: 5)
        #expect(forged.status == 403 && Self.reason(forged) == "InvalidProviderToken", "\(forged)")

        let missing = try connection.send(Self.canary(token: nil), timeout: 5)
        #expect(missing.status == 403 && Self.reason(missing) == "MissingProviderToken")

        let ping = try connection.ping(timeout: 5)
        print("HTTP2ConnectionTests: PING round trip \(ping.roundTrip * 1000) ms")
        #expect(ping.roundTrip > 0 && ping.roundTrip < 5)
        #expect(!ping.openedConnection)
        #expect(connection.counts == HTTP2ConnectionCounts(opened: 1, reused: 4))
        #expect(Set(server.receivedRequests.map(\.log.connection)).count == 1)
    }

    /// More answer bytes than the connection's initial 64 KiB receive window: the client gives the window back
    /// (WINDOW_UPDATE), so a connection kept for weeks of canaries never stalls on flow control.
    @Test func answersBeyondTheInitialWindowKeepComing() async throws {
        let (identity, caFile) = try Self.serverCA()
        let (server, port) = try await Self.mock(serverIdentity: identity)
        defer { Task { await server.stop() } }
        let connection = HTTP2Connection(configuration: HTTP2ClientConfiguration(host: "127.0.0.1", port: port,
                                                                                 caFile: caFile))
        var bytes = 0
        var count = 0
        while bytes <= 70_000 {
            let answer = try connection.send(Self.canary(token: try Self.token()), timeout: 2)
            try #require(answer.status == 400, "answer \(count): \(answer)")
            bytes += answer.body.count
            count += 1
        }
        print("HTTP2ConnectionTests: \(count) answers, \(bytes) body bytes on one connection")
        #expect(connection.counts == HTTP2ConnectionCounts(opened: 1, reused: count - 1))
    }

    @Test func aCertificateCanaryIsAnswered() async throws {
        let (identity, caFile) = try Self.serverCA()
        let clientCA = try MockCertificateAuthority()
        let (server, port) = try await Self.mock(serverIdentity: identity, clientCA: clientCA)
        defer { Task { await server.stop() } }
        let client = try clientCA.issueClientCertificate(bundleID: Self.bundle, teamID: Self.team,
                                                         topics: [(Self.bundle, ["app"])], development: true,
                                                         production: false)
        let connection = HTTP2Connection(configuration: HTTP2ClientConfiguration(
            host: "127.0.0.1", port: port, caFile: caFile,
            identity: .init(certificatePEM: Array(client.certificatePEM.utf8),
                            privateKeyPEM: Array(client.privateKeyPEM.utf8))))
        let delivered = try connection.send(Self.canary(device: Self.device, token: nil), timeout: 5)
        #expect(delivered.status == 200, "\(delivered)")
        let dummy = try connection.send(Self.canary(token: nil), timeout: 5)
        #expect(dummy.status == 400 && Self.reason(dummy) == "BadDeviceToken")
        let received = try #require(server.receivedRequests.last)
        #expect(received.log.auth != "token", "\(received.log)")
    }

    /// Without a CA file the system's trust store is used, plus `SSL_CERT_FILE`'s bundle (`extraCAFile`): the
    /// mock's CA is in neither store unless it is the extra one.
    @Test func theSystemStorePlusAnExtraBundleIsTrustedWithoutACAFile() async throws {
        let (identity, caFile) = try Self.serverCA()
        let (server, port) = try await Self.mock(serverIdentity: identity)
        defer { Task { await server.stop() } }
        var configuration = HTTP2ClientConfiguration(host: "127.0.0.1", port: port)
        configuration.extraCAFile = nil
        #expect {
            try HTTP2Connection(configuration: configuration).send(Self.canary(token: try Self.token()), timeout: 5)
        } throws: { error in
            guard case .tls = error as? HTTP2ClientError else { return false }
            return true
        }
        configuration.extraCAFile = caFile
        #expect(try HTTP2Connection(configuration: configuration).send(Self.canary(token: try Self.token()),
                                                                        timeout: 5).status == 400)
    }

    @Test func aServerThatIsNotTrustedFailsTheHandshakeTyped() async throws {
        let (identity, _) = try Self.serverCA()
        let (_, otherCA) = try Self.serverCA()
        let (server, port) = try await Self.mock(serverIdentity: identity)
        defer { Task { await server.stop() } }
        let connection = HTTP2Connection(configuration: HTTP2ClientConfiguration(host: "127.0.0.1", port: port,
                                                                                 caFile: otherCA))
        #expect {
            try connection.send(Self.canary(token: try Self.token()), timeout: 5)
        } throws: { error in
            guard case .tls = error as? HTTP2ClientError else { return false }
            return !(error as? HTTP2ClientError)!.afterHandshake
        }
        #expect(connection.counts.opened == 0)
    }

    @Test func aStoppedServerFailsPingAndSendAndARestartedOneIsReconnectedOnceThenReused() async throws {
        let (identity, caFile) = try Self.serverCA()
        let (first, port) = try await Self.mock(serverIdentity: identity)
        let connection = HTTP2Connection(configuration: HTTP2ClientConfiguration(host: "127.0.0.1", port: port,
                                                                                 caFile: caFile))
        #expect(try connection.send(Self.canary(token: try Self.token()), timeout: 5).status == 400)
        let rtt = try connection.ping(timeout: 5).roundTrip
        print("HTTP2ConnectionTests: PING round trip before the stop \(rtt * 1000) ms")
        #expect(rtt > 0)

        await first.stop()
        // The mock's GOAWAY and close reach the client's event loop: the connection is no longer usable.
        _ = await eventually(seconds: 10, every: .milliseconds(10)) { !connection.isOpen }
        #expect(!connection.isOpen)
        #expect(try connection.pingIfOpen(timeout: 2) == nil, "no PING on a closed connection")
        #expect {
            try connection.ping(timeout: 2)
        } throws: { error in
            guard case .connect = error as? HTTP2ClientError else { return false }
            return true
        }
        #expect {
            try connection.send(Self.canary(token: try Self.token()), timeout: 2)
        } throws: { error in
            guard case .connect = error as? HTTP2ClientError else { return false }
            return true
        }
        let before = connection.counts

        let (second, _) = try await Self.mock(port: port, serverIdentity: identity)
        defer { Task { await second.stop() } }
        let reopened = try connection.send(Self.canary(token: try Self.token()), timeout: 5)
        #expect(reopened.status == 400 && reopened.openedConnection)
        for _ in 0..<3 {
            let answer = try connection.send(Self.canary(token: try Self.token()), timeout: 5)
            #expect(answer.status == 400 && !answer.openedConnection)
            #expect(try connection.pingIfOpen(timeout: 5).map { $0.roundTrip > 0 } == true)
        }
        #expect(connection.counts.opened - before.opened == 1)
        #expect(connection.counts.reused - before.reused == 6)
        #expect(Set(second.receivedRequests.map(\.log.connection)).count == 1)
    }

    /// A stalled path (the proxy copies nothing): the PING goes unanswered, times out typed and closes the
    /// connection; once the path flows again the next send opens a new connection, then later ones reuse it.
    @Test func anUnansweredPingClosesTheConnectionAndTheNextSendReopensIt() async throws {
        let (identity, caFile) = try Self.serverCA()
        let (server, port) = try await Self.mock(serverIdentity: identity)
        defer { Task { await server.stop() } }
        let proxy = try LinkProxy(to: port)
        defer { proxy.stop() }
        let connection = HTTP2Connection(configuration: HTTP2ClientConfiguration(host: "127.0.0.1", port: proxy.port,
                                                                                 caFile: caFile))
        #expect(try connection.send(Self.canary(token: try Self.token()), timeout: 5).openedConnection)
        proxy.freeze()
        let started = Date()
        #expect {
            try connection.pingIfOpen(timeout: 0.3)
        } throws: { error in
            (error as? HTTP2ClientError) == .timeout(phase: .waitingForAnswer)
        }
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(!connection.isOpen, "a PING that went unanswered closes the connection")
        proxy.thaw()
        let reopened = try connection.send(Self.canary(token: try Self.token()), timeout: 5)
        #expect(reopened.status == 400 && reopened.openedConnection)
        let reused = try connection.send(Self.canary(token: try Self.token()), timeout: 5)
        #expect(!reused.openedConnection)
        #expect(connection.counts == HTTP2ConnectionCounts(opened: 2, reused: 2))
        #expect(Set(server.receivedRequests.map(\.log.connection)).count == 2)
    }

    /// The server answers with GOAWAY and closes: the send fails typed with the server's reason, and the next one
    /// opens a new connection.
    @Test func aGoAwayFailsTheSendAndTheNextOneReopens() async throws {
        let (identity, caFile) = try Self.serverCA()
        let (server, port) = try await Self.mock(serverIdentity: identity, faults: MockFaults(goAway: .idleTimeout))
        defer { Task { await server.stop() } }
        let connection = HTTP2Connection(configuration: HTTP2ClientConfiguration(host: "127.0.0.1", port: port,
                                                                                 caFile: caFile))
        for _ in 0..<2 {
            #expect {
                try connection.send(Self.canary(token: try Self.token()), timeout: 5)
            } throws: { error in
                guard case .closed(let why) = error as? HTTP2ClientError else { return false }
                return why.contains("GOAWAY") && why.contains("IdleTimeout")
            }
        }
        #expect(connection.counts == HTTP2ConnectionCounts(opened: 2, reused: 0))
    }

    @Test func aSilentServerTimesThePingOutInTheHandshakeTyped() async throws {
        // A TCP listener that accepts and never speaks TLS: the handshake times out, typed.
        let listener = try TCPSilence()
        defer { listener.close() }
        let connection = HTTP2Connection(configuration: HTTP2ClientConfiguration(host: "127.0.0.1", port: listener.port))
        let started = Date()
        #expect {
            try connection.ping(timeout: 0.5)
        } throws: { error in
            (error as? HTTP2ClientError) == .timeout(phase: .handshake)
        }
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(!connection.isOpen)
    }
}
