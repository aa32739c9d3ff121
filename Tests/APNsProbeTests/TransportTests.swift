import APNsCore
import Foundation
@testable import APNsProbe
import Testing

/// The transport against real servers on 127.0.0.1: nghttpd for HTTP/2, tiny Python servers for misbehaviour.
@Suite(.serialized) struct TransportTests {
    private func prober(port: Int, certificates: URL, count: Int = 1, timeout: Double = 5,
                        credential: ProbeCredential = .token("a.b.c", issuedAt: nil)) -> Prober {
        Prober(ProbeConfiguration(target: ProbeTarget(host: "127.0.0.1", port: port, environment: nil),
                                  credential: credential,
                                  caFile: certificates.appendingPathComponent("cert.pem").path,
                                  canary: .canary(topic: "com.example.app"), count: count, timeout: timeout))
    }

    @Test func http2OverTLSWithTimingsAndVersions() throws {
        let certificates = try TestServer.certificateDirectory()
        let server = try TestServer.nghttpd(certificates: certificates)
        defer { server.stop() }
        let report = try prober(port: server.port, certificates: certificates).probe()
        #expect(report.status == 200)
        #expect(report.verdict.outcome == .healthy)
        #expect(report.httpVersion == "2")
        #expect(report.tlsVersion == "TLSv1.3")
        #expect(report.remoteAddress == "127.0.0.1")
        #expect(report.remotePort == server.port)
        #expect(report.connections == 1)
        #expect(report.timings.total > 0)
        let firstByte = try #require(report.timings.firstByte), tls = try #require(report.timings.tls)
        #expect(report.timings.total >= firstByte)
        #expect(firstByte >= tls)
        #expect(report.failure == nil)
        #expect(report.requests == 1)
    }

    @Test func aHundredCanariesShareOneConnection() throws {
        let certificates = try TestServer.certificateDirectory()
        let server = try TestServer.nghttpd(certificates: certificates, maxStreams: 100)
        defer { server.stop() }
        let report = try prober(port: server.port, certificates: certificates, count: 100, timeout: 20).probe()
        #expect(report.requests == 100)
        #expect(report.answers == ["200": 100])
        #expect(report.connections == 1, "libcurl opened \(report.connections) connections")
        #expect(report.latency?.count == 100)
        #expect((report.latency?.min ?? 0) <= (report.latency?.median ?? -1))
        #expect((report.latency?.p90 ?? 0) <= (report.latency?.max ?? -1))
    }

    /// More requests than the server's SETTINGS_MAX_CONCURRENT_STREAMS (APNs starts token connections at 1):
    /// they queue on the one connection instead of opening another.
    @Test(arguments: [1, 4])
    func moreStreamsThanTheServerAllowsStillUseOneConnection(maxStreams: Int) throws {
        let certificates = try TestServer.certificateDirectory()
        let server = try TestServer.nghttpd(certificates: certificates, maxStreams: maxStreams)
        defer { server.stop() }
        for _ in 0..<3 {
            let report = try prober(port: server.port, certificates: certificates, count: 20, timeout: 20).probe()
            #expect(report.answers == ["200": 20])
            #expect(report.connections == 1)
        }
    }

    @Test func roundsReuseTheConnection() throws {
        let certificates = try TestServer.certificateDirectory()
        let server = try TestServer.nghttpd(certificates: certificates)
        defer { server.stop() }
        var seen: [Int] = []
        let reports = try prober(port: server.port, certificates: certificates).watch(rounds: 3, interval: 0) {
            seen.append($0.connections)
        }
        #expect(reports.count == 3)
        #expect(seen == [1, 0, 0])
        #expect(reports.allSatisfy { $0.status == 200 })
    }

    @Test func anUntrustedServerIsATLSFailure() throws {
        let certificates = try TestServer.certificateDirectory()
        let server = try TestServer.nghttpd(certificates: certificates)
        defer { server.stop() }
        let other = try TestServer.certificateDirectory()
        let report = try prober(port: server.port, certificates: other).probe()
        #expect(report.failure?.kind == .tls)
        #expect(report.exitCode == ExitStatus.unreachable.rawValue)
        #expect(report.verdict.remedy == .trustServerCA)
    }

    @Test func nothingListeningIsAConnectFailure() throws {
        let certificates = try TestServer.certificateDirectory()
        let port = try TestServer.freePort()
        let report = try prober(port: port, certificates: certificates).probe()
        #expect(report.failure?.kind == .connect)
        #expect(report.exitCode == 4)
        // Phases never reached are null, not a made-up 0.0 ms, and nothing was sent.
        #expect(report.timings.tls == nil && report.timings.firstByte == nil && report.timings.connect == nil)
        #expect(report.requests == 0)
        #expect(report.httpVersion == nil && report.tlsVersion == nil)
        #expect(ReportText.render(report).contains("tls —"))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any]
        let timings = try #require(json?["timings"] as? [String: Any])
        #expect(timings["tls_seconds"] is NSNull && timings["first_byte_seconds"] is NSNull)
        #expect(!PrometheusText.render(report).contains(#"phase="tls""#))
    }

    /// A plain-text port: the failure says the server does not speak TLS (not "trust the server's CA").
    @Test func aPlainTextPortIsNotCalledATrustProblem() throws {
        let certificates = try TestServer.certificateDirectory()
        let server = try TestServer.python("plain", certificates: certificates)
        defer { server.stop() }
        let report = try prober(port: server.port, certificates: certificates, timeout: 5).probe()
        #expect(report.failure?.kind == .notTLS, "\(String(describing: report.failure))")
        #expect(report.exitCode == 4)
        #expect(report.verdict.summary.contains("does not speak TLS: its first bytes are not a TLS record"),
                "\(report.verdict.summary)")
        #expect(report.verdict.summary.components(separatedBy: "speak TLS").count == 2, "said once")
        #expect(report.verdict.remedy == .notTLS)
        #expect(report.requests == 0)
    }

    @Test func anHTTP1OnlyServerIsReportedAsSuch() throws {
        let certificates = try TestServer.certificateDirectory()
        let server = try TestServer.python("http1", certificates: certificates)
        defer { server.stop() }
        let report = try prober(port: server.port, certificates: certificates, timeout: 5).probe()
        #expect(report.failure?.kind == .http1)
        #expect(report.httpVersion == "1.1")
        #expect(report.tlsVersion == "TLSv1.3", "the handshake completed before ALPN showed HTTP/1.1")
        #expect(report.timings.firstByte == nil)
        #expect(report.exitCode == 4)
        #expect(report.verdict.summary.contains("HTTP/1.x, not HTTP/2"))
    }

    @Test(arguments: ["stall-tcp", "stall-tls"])
    func aStallingServerEndsAtTheTimeout(mode: String) throws {
        let certificates = try TestServer.certificateDirectory()
        let server = try TestServer.python(mode, certificates: certificates)
        defer { server.stop() }
        // The deadline, not the server, ends the probe: the failure says so.
        let report = try prober(port: server.port, certificates: certificates, timeout: 1.5).probe()
        #expect(report.failure?.kind == .timeout)
        #expect(report.exitCode == 4)
        #expect(report.verdict.summary.contains("did not answer in time"))
        #expect(report.failure?.message.contains(mode == "stall-tcp" ? "while connecting" : "waiting for the response") == true)
    }

    @Test(arguments: ["goaway", "rst"])
    func goawayAndStreamResetEndInAClearReport(mode: String) throws {
        let certificates = try TestServer.certificateDirectory()
        let server = try TestServer.python(mode, certificates: certificates)
        defer { server.stop() }
        let report = try prober(port: server.port, certificates: certificates, timeout: 3).probe()
        #expect(report.status == nil)
        #expect(report.exitCode == 4)
        #expect(report.failure.map { [.protocolError, .timeout].contains($0.kind) } == true,
                "failure was \(String(describing: report.failure))")
        #expect(report.verdict.outcome == .unreachable)
    }
}
