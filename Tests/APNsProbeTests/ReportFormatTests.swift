import APNsCore
import APNsMetrics
import Foundation
@testable import APNsProbe
import Testing

@Suite struct ReportFormatTests {
    static func sampleReport(status: Int? = 400, reason: String? = "BadDeviceToken", failure: TransportFailure? = nil,
                             clockBehind: Double = 3) -> ProbeReport {
        let configuration = ProbeConfiguration(
            target: ProbeTarget(host: "api.push.apple.com", port: 443, environment: .production),
            credential: .token("h.c.s", issuedAt: nil), canary: .canary(topic: "com.example.app"), count: 2)
        var exchange = Exchange(sentID: "00000000-0000-4000-8000-000000000001", status: status,
                                headers: ["apns-id": "00000000-0000-4000-8000-000000000001",
                                          "date": "Sun, 06 Nov 1994 08:49:37 GMT"],
                                body: reason.map { Array(#"{"reason":"\#($0)"}"#.utf8) } ?? [],
                                httpVersion: "2", remoteAddress: "17.188.1.1", remotePort: 443, tlsVersion: "TLSv1.3",
                                timings: PhaseTimings(dns: 0.001, connect: 0.002, tls: 0.01, firstByte: 0.05, total: 0.051),
                                connectionsOpened: 1, failure: failure, certificateRequested: nil,
                                receivedAt: Date(timeIntervalSince1970: 784_111_777 - clockBehind))
        var second = exchange
        second.connectionsOpened = 0
        second.timings.total = 0.02
        exchange.sentID = "00000000-0000-4000-8000-000000000001"
        return Prober.report(configuration: configuration, exchanges: [exchange, second],
                             startedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test func reportFoldsExchanges() throws {
        let report = Self.sampleReport()
        #expect(report.verdict.outcome == .healthy)
        #expect(report.exitCode == 0)
        #expect(report.connections == 1)
        #expect(report.requests == 2)
        #expect(report.answers == ["400 BadDeviceToken": 2])
        #expect(report.clockOffsetSeconds == 3)
        #expect(report.latency?.min == 0.02)
        #expect(report.latency?.max == 0.051)
    }

    @Test func aSkewedClockIsMentionedEvenWhenHealthy() {
        let skewed = Self.sampleReport(clockBehind: 600)
        #expect(skewed.verdict.outcome == .healthy)
        #expect(skewed.verdict.hint.contains("10 min 0 s behind the server"))
        #expect(skewed.verdict.hint.contains("NTP"))
        #expect(!Self.sampleReport().verdict.hint.contains("NTP"))
    }

    @Test func jsonFieldsAreStableSnakeCaseAndAlwaysPresent() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let object = try #require(JSONSerialization.jsonObject(with: encoder.encode(Self.sampleReport())) as? [String: Any])
        let expected: Set<String> = [
            "host", "port", "environment", "credential", "device_token", "dummy_device_token", "topic", "push_type",
            "priority", "requests", "connections", "remote_address", "remote_port", "http_version", "tls_version",
            "status", "reason", "apns_id", "apns_id_returned", "apns_unique_id", "unregistered_at", "server_date",
            "clock_offset_seconds", "timings", "latency", "answers", "failure", "verdict", "exit_code", "started_at", "channels",
            "key_id", "team_id", "environments", "topics"]
        #expect(Set(object.keys) == expected)
        #expect(object["key_id"] is NSNull && object["environments"] is NSNull)
        #expect(object["apns_unique_id"] is NSNull)
        let timings = try #require(object["timings"] as? [String: Any])
        #expect(Set(timings.keys) == ["dns_seconds", "connect_seconds", "tls_seconds", "first_byte_seconds", "total_seconds"])
        let verdict = try #require(object["verdict"] as? [String: Any])
        #expect(verdict["outcome"] as? String == "healthy")
        #expect(object["started_at"] as? String == "2027-01-15T08:00:00Z")
    }

    @Test func prometheusExposition() throws {
        let text = PrometheusText.render(Self.sampleReport())
        let labels = #"host="api.push.apple.com",port="443",environment="production""#
        #expect(text.contains("# TYPE apnsctl_probe_success gauge\napnsctl_probe_success{\(labels)} 1\n"))
        #expect(text.contains("apnsctl_probe_status_code{\(labels)} 400\n"))
        #expect(text.contains("apnsctl_probe_phase_seconds{\(labels),phase=\"tls\"} 0.010000\n"))
        #expect(text.contains("apnsctl_probe_clock_offset_seconds{\(labels)} 3\n"))
        #expect(text.contains("apnsctl_probe_latency_seconds{\(labels),quantile=\"0.9\"} 0.051000\n"))
        #expect(text.contains("apnsctl_probe_last_run_timestamp_seconds{\(labels)} 1800000000\n"))
        // Every sample line is `name{labels} value`; every metric has HELP and TYPE.
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.wholeMatch(of: #/apnsctl_probe_[a-z_]+\{[^}]*\} -?[0-9.]+/#) != nil, "bad line \(line)")
        }
        let helps = text.split(separator: "\n").filter { $0.hasPrefix("# HELP") }.count
        let types = text.split(separator: "\n").filter { $0.hasPrefix("# TYPE") }.count
        #expect(helps == types && helps >= 9)
    }

    @Test func prometheusForAFailure() {
        let report = Self.sampleReport(status: nil, reason: nil,
                                       failure: TransportFailure(kind: .timeout, message: "no answer"))
        let text = PrometheusText.render(report)
        #expect(text.contains("apnsctl_probe_success{host=\"api.push.apple.com\",port=\"443\",environment=\"production\"} 0"))
        #expect(text.contains("apnsctl_probe_exit_code{host=\"api.push.apple.com\",port=\"443\",environment=\"production\"} 4"))
        #expect(text.contains("reason=\"timeout\""))
    }

    @Test func labelValuesAreEscaped() {
        var gauges = GaugeExposition()
        gauges.add("m", help: "h", [([("a", "x\"y\\z\nw")], 1)])
        #expect(gauges.text.contains(#"m{a="x\"y\\z\nw"} 1"#))
    }

    @Test func textNamesTheVerdictAndTheDummyToken() {
        let text = ReportText.render(Self.sampleReport())
        #expect(text.contains("dummy device token"))
        #expect(text.contains("HTTP/2, TLSv1.3"))
        #expect(text.contains("✔ transport and credential accepted"))
        #expect(text.contains("3 s behind the server"))
    }
}
