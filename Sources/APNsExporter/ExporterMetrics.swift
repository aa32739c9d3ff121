import APNsCore
import APNsExporterConfiguration
import APNsMetrics
import APNsProbe
import APNsProvisioning
import Prometheus
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The exporter's metric families (docs/exporter.md), kept in a swift-prometheus registry.
///
/// Labels are the vocabulary `probe`, `expiry` and the token agent share: `target`, `host`, `port`,
/// `environment`, `credential`, `topic` for a canary; `kind`, `team_id`, `purpose`, `topic`, `environment`,
/// `file`, `name` for a credential; `team_id`, `key_id`, `environment` for a token.
public final class ExporterMetrics: Sendable {
    /// The registry the families live in; `/metrics` renders it.
    public let registry = PrometheusCollectorRegistry()
    private let state = Mutex(State())

    private struct State {
        /// Each target's answer_info gauge, replaced when its answer changes.
        var answerInfo: [String: (labels: [(String, String)], gauge: Gauge)] = [:]
        /// The credential gauges of the last expiry scan, unregistered when the next scan no longer finds them.
        var expiryGauges: [Gauge] = []
        /// The gauges whose value is a duration to or from an instant, set again at each render: time left
        /// (`since` false: instant minus now) and key ages (`since` true: now minus instant).
        var clocks: [(gauge: Gauge, instant: Date, since: Bool)] = []
        /// Token issue times per (team_id, key_id, environment).
        var tokens: [[String]: Date] = [:]
    }

    /// A family: its name and help (swift-prometheus requires one help text per name).
    typealias Family = MetricFamily

    static let up = Family(name: "apnsctl_probe_success", help: "1 when the target's last canary was accepted (200, or BadDeviceToken for the dummy token).")
    static let status = Family(name: "apnsctl_probe_status_code", help: "HTTP status of the last answer; 0 when none arrived.")
    static let answerInfo = Family(name: "apnsctl_probe_answer_info", help: "The outcome and APNs reason (or failure kind) of the last canary.")
    static let lastRun = Family(name: "apnsctl_probe_last_run_timestamp_seconds", help: "When the target's last canary ran (unix seconds).")
    static let lastSuccess = Family(name: "apnsctl_probe_last_success_timestamp_seconds", help: "When the target's last accepted canary ran (unix seconds).")
    static let answers = Family(name: "apnsctl_probe_answers_total", help: "Canary answers by HTTP status and APNs reason (status 0: no answer, reason the failure kind).")
    static let latency = Family(name: "apnsctl_probe_latency_seconds", help: "Canary phases from the request's start: connect, tls, first_byte, total.")
    static let opened = Family(name: "apnsctl_probe_connections_opened_total", help: "Canary rounds that opened a new connection (the first, and each reopened after APNs closed one).")
    static let reused = Family(name: "apnsctl_probe_connections_reused_total", help: "Canary rounds sent on the kept-open connection.")
    static let pingRTT = Family(name: "apnsctl_probe_ping_rtt_seconds", help: "Round trip of the HTTP/2 PING sent on the kept-open connection before the target's last canary.")
    static let pingFailures = Family(name: "apnsctl_probe_ping_failures_total", help: "HTTP/2 PINGs on the kept-open connection that failed or went unanswered (the connection is then reopened).")
    static let clockOffset = Family(name: "apnsctl_probe_clock_offset_seconds", help: "Server Date header minus local clock, in seconds.")
    static let expiry = CredentialMetricFamilies.expiry
    static let timeLeft = CredentialMetricFamilies.timeLeft
    static let keyAge = CredentialMetricFamilies.keyAge
    static let refused = CredentialMetricFamilies.refused
    static let unreadable = Family(name: "apnsctl_credential_unreadable", help: "A file the exporter could not read (1 per file).")
    static let expiryRun = Family(name: "apnsctl_expiry_last_run_timestamp_seconds", help: "When the exporter last scanned the credentials, unix seconds.")
    static let tokenAge = Family(name: "apnsctl_token_age_seconds", help: "Age of the provider token the canaries send, per key (the token itself is never exported).")
    static let tokenIssued = Family(name: "apnsctl_token_issued_timestamp_seconds", help: "The iat of the provider token the canaries send, per key.")
    static let buildInfo = Family(name: "apnsctl_exporter_build_info", help: "The exporter's version and build (always 1).")
    static let reload = Family(name: "apnsctl_exporter_config_reload_success", help: "1 when the last configuration load succeeded, 0 when the exporter kept the previous one.")
    static let reloadTime = Family(name: "apnsctl_exporter_config_reload_timestamp_seconds", help: "When the configuration in force was loaded (the last successful load or reload), unix seconds.")

    /// Latency buckets, in seconds: APNs answers within tens of milliseconds; a connect may take seconds.
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    public init(build: [(String, String)]) {
        registry.makeGauge(descriptor: Self.buildInfo.descriptor, labels: build).set(to: 1)
    }

    /// The labels of a target's canary series.
    static func labels(_ target: CanaryTarget) -> [(String, String)] {
        [("target", target.name), ("host", target.server.host), ("port", String(target.server.port)),
         ("environment", target.server.environment?.rawValue ?? "custom"), ("credential", target.credential.kind),
         ("topic", target.topic ?? "")]
    }

    private func gauge(_ family: Family, _ labels: [(String, String)]) -> Gauge {
        registry.makeGauge(descriptor: family.descriptor, labels: labels)
    }

    private func counter(_ family: Family, _ labels: [(String, String)]) -> Counter {
        registry.makeCounter(descriptor: family.descriptor, labels: labels)
    }

    /// Records one canary round of `target`.
    public func record(_ report: ProbeReport, target: CanaryTarget) {
        let base = Self.labels(target)
        let healthy = report.verdict.outcome == .healthy
        gauge(Self.up, base).set(to: healthy ? 1 : 0)
        gauge(Self.status, base).set(to: Double(report.status ?? 0))
        let run = report.startedAt.timeIntervalSince1970.rounded(.down)
        gauge(Self.lastRun, base).set(to: run)
        if healthy { gauge(Self.lastSuccess, base).set(to: run) }
        let reason = report.reason ?? report.failure?.kind.rawValue ?? ""
        answered(target, status: report.status ?? 0, reason: reason, outcome: Self.outcome(report))
        let t = report.timings
        let phases: [(String, Double?)] = [("connect", t.connect), ("tls", t.tls), ("first_byte", t.firstByte),
                                           ("total", t.total)]
        for (phase, value) in phases {
            guard let value else { continue }
            registry.makeValueHistogram(descriptor: Self.latency.descriptor, labels: base + [("phase", phase)],
                                        buckets: Self.buckets).record(value)
        }
        if report.requests > 0 {
            counter(report.connections > 0 ? Self.opened : Self.reused, base).increment()
            // Both series exist from the first round on, so rate() and increase() see their start.
            _ = counter(report.connections > 0 ? Self.reused : Self.opened, base)
        }
        if let offset = report.clockOffsetSeconds { gauge(Self.clockOffset, base).set(to: offset) }
    }

    /// Records the PING before a round: its round trip, or nil when it failed (the connection is then reopened).
    public func recordPing(target: CanaryTarget, roundTrip: Double?) {
        let base = Self.labels(target)
        let failures = counter(Self.pingFailures, base)
        if let roundTrip {
            gauge(Self.pingRTT, base).set(to: roundTrip)
        } else {
            failures.increment()
        }
    }

    /// The `outcome` label of a sent round: `healthy`, `rejected` (APNs refused), `unreachable` (network or TLS to
    /// the server), or `credential` when the client could not use its own credential (a local problem).
    static func outcome(_ report: ProbeReport) -> String {
        if report.status == nil, report.failure?.kind == .credential { return CanaryFailure.outcome }
        return report.verdict.outcome.rawValue
    }

    /// Records a round that sent nothing: its credential (or a file it needs) could not be had, `outcome`
    /// "credential" and the failure's `reason`.
    public func recordUnsent(target: CanaryTarget, failure: CanaryFailure, at started: Date) {
        let base = Self.labels(target)
        gauge(Self.up, base).set(to: 0)
        gauge(Self.status, base).set(to: 0)
        gauge(Self.lastRun, base).set(to: started.timeIntervalSince1970.rounded(.down))
        answered(target, status: 0, reason: failure.reason, outcome: CanaryFailure.outcome)
    }

    private func answered(_ target: CanaryTarget, status: Int, reason: String, outcome: String) {
        let base = Self.labels(target)
        counter(Self.answers, base + [("status", String(status)), ("reason", reason)]).increment()
        let info = base + [("outcome", outcome), ("reason", reason)]
        state.withLock { state in
            if let previous = state.answerInfo[target.name], previous.labels.elementsEqual(info, by: { $0 == $1 }) { return }
            if let previous = state.answerInfo[target.name] { registry.unregisterGauge(previous.gauge) }
            let gauge = registry.makeGauge(descriptor: Self.answerInfo.descriptor, labels: info)
            gauge.set(to: 1)
            state.answerInfo[target.name] = (info, gauge)
        }
    }

    /// Records the provider token a canary sent (its key and `iat`; never the token).
    public func recordToken(teamID: String, keyID: String, environment: String, issuedAt: Date) {
        state.withLock { $0.tokens[[teamID, keyID, environment]] = issuedAt }
    }

    /// Replaces the credential series with one scan's `items`.
    public func recordExpiry(_ items: [ExpiryItem], at now: Date) {
        state.withLock { state in
            for gauge in state.expiryGauges { registry.unregisterGauge(gauge) }
            state.expiryGauges = []
            state.clocks = []
            @discardableResult
            func add(_ family: Family, _ labels: [(String, String)], _ value: Double) -> Gauge {
                let gauge = registry.makeGauge(descriptor: family.descriptor, labels: labels)
                gauge.set(to: value)
                state.expiryGauges.append(gauge)
                return gauge
            }
            func clock(_ family: Family, _ labels: [(String, String)], _ instant: Date, since: Bool) {
                let seconds = since ? now.timeIntervalSince(instant) : instant.timeIntervalSince(now)
                state.clocks.append((add(family, labels, seconds.rounded(.down)), instant, since))
            }
            for item in items {
                let labels = [("kind", item.kind.rawValue), ("team_id", item.team ?? ""), ("purpose", item.purpose ?? ""),
                              ("topic", item.topic ?? ""), ("environment", item.environment ?? ""), ("file", item.file),
                              ("name", item.name)]
                if let notAfter = item.notAfter { add(Self.expiry, labels, notAfter.timeIntervalSince1970.rounded(.down)) }
                if let notAfter = item.notAfter { clock(Self.timeLeft, labels, notAfter, since: false) }
                if item.kind == .signingKey, let created = item.createdAt {
                    clock(Self.keyAge, [("kind", item.kind.rawValue), ("team_id", item.team ?? ""),
                                        ("key_id", item.keyID ?? ""), ("file", item.file), ("name", item.name)],
                          created, since: true)
                }
                if item.verdict == .refused {
                    add(Self.refused, labels + [("check", item.findings.first?.name ?? "")], 1)
                }
                if item.kind == .unreadable { add(Self.unreadable, [("file", item.file)], 1) }
            }
        }
        gauge(Self.expiryRun, []).set(to: now.timeIntervalSince1970.rounded(.down))
    }

    /// Records a configuration load: `success` false when a reload failed and the previous one is kept. The
    /// timestamp is the last successful load's: a failed reload leaves it where it was.
    public func recordReload(success: Bool, at now: Date) {
        gauge(Self.reload, []).set(to: success ? 1 : 0)
        if success { gauge(Self.reloadTime, []).set(to: now.timeIntervalSince1970.rounded(.down)) }
    }

    /// The exposition text at `now` (token ages, credentials' time left and keys' ages computed now).
    public func render(now: Date = Date()) -> [UInt8] {
        let (tokens, clocks) = state.withLock { ($0.tokens, $0.clocks) }
        for clock in clocks {
            let seconds = clock.since ? now.timeIntervalSince(clock.instant) : clock.instant.timeIntervalSince(now)
            clock.gauge.set(to: seconds.rounded(.down))
        }
        for (key, issuedAt) in tokens {
            let labels = [("team_id", key[0]), ("key_id", key[1]), ("environment", key[2])]
            gauge(Self.tokenIssued, labels).set(to: issuedAt.timeIntervalSince1970.rounded(.down))
            gauge(Self.tokenAge, labels).set(to: max(0, now.timeIntervalSince(issuedAt).rounded(.down)))
        }
        return registry.emitToBuffer()
    }
}
