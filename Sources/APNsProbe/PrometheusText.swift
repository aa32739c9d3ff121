import APNsCore
import APNsMetrics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Renders a probe report in the Prometheus text exposition format, for node_exporter's textfile collector.
///
/// Metrics (all gauges, labelled `host`, `port`, `environment`):
/// `apnsctl_probe_success` (1 healthy, 0 not), `apnsctl_probe_status_code` (HTTP status, 0 when none arrived),
/// `apnsctl_probe_exit_code`, `apnsctl_probe_answer_info{outcome,reason}` (always 1),
/// `apnsctl_probe_phase_seconds{phase="dns|connect|tls|first_byte|total"}`, `apnsctl_probe_clock_offset_seconds`
/// (when the server sent a Date header), `apnsctl_probe_requests`, `apnsctl_probe_connections`,
/// `apnsctl_probe_latency_seconds{quantile="0|0.5|0.9|1"}` (with several requests), `apnsctl_probe_channels`
/// (`probe --channels`: the app's channel count),
/// `apnsctl_probe_last_run_timestamp_seconds`.
public enum PrometheusText {
    public static func render(_ report: ProbeReport) -> String {
        var gauges = GaugeExposition()
        let base: [(String, String)] = [("host", report.host), ("port", String(report.port)),
                                         ("environment", report.environment?.rawValue ?? "custom")]
        func metric(_ name: String, _ help: String, _ samples: [([(String, String)], Double)]) {
            gauges.add(name, help: help, samples.map { (base + $0.0, $0.1) })
        }
        metric("apnsctl_probe_success", "1 when the canary was accepted (200, or BadDeviceToken for the dummy token).",
               [([], report.verdict.outcome == .healthy ? 1 : 0)])
        metric("apnsctl_probe_status_code", "HTTP status APNs answered with; 0 when no answer arrived.",
               [([], Double(report.status ?? 0))])
        metric("apnsctl_probe_exit_code", "The probe's exit code: 0 healthy, 1 rejected, 4 unreachable.",
               [([], Double(report.exitCode))])
        metric("apnsctl_probe_answer_info", "The outcome and APNs reason (or failure kind) of the probe.",
               [([("outcome", report.verdict.outcome.rawValue),
                  ("reason", report.reason ?? report.failure?.kind.rawValue ?? "")], 1)])
        let t = report.timings
        // A phase the request never reached has no sample (a made-up 0 would read as "instant").
        let phases: [(String, Double?)] = [("dns", t.dns), ("connect", t.connect), ("tls", t.tls),
                                           ("first_byte", t.firstByte), ("total", t.total)]
        metric("apnsctl_probe_phase_seconds", "Duration of each phase of the canary request, from libcurl.",
               phases.compactMap { phase, value in value.map { ([("phase", phase)], $0) } })
        if let offset = report.clockOffsetSeconds {
            metric("apnsctl_probe_clock_offset_seconds", "Server Date header minus local clock, in seconds.",
                   [([], offset)])
        }
        metric("apnsctl_probe_requests", "Canary requests sent in this run.", [([], Double(report.requests))])
        metric("apnsctl_probe_connections", "New connections opened for this run's requests.",
               [([], Double(report.connections))])
        if let latency = report.latency {
            metric("apnsctl_probe_latency_seconds", "Request latency over this run's requests.",
                   [([("quantile", "0")], latency.min), ([("quantile", "0.5")], latency.median),
                    ([("quantile", "0.9")], latency.p90), ([("quantile", "1")], latency.max)])
        }
        if let channels = report.channels {
            metric("apnsctl_probe_channels", "Broadcast channels the app has in this environment (APNs allows 10000).",
                   [([], Double(channels))])
        }
        metric("apnsctl_probe_last_run_timestamp_seconds", "When this probe ran (unix seconds).",
               [([], report.startedAt.timeIntervalSince1970.rounded(.down))])
        return gauges.text
    }
}
