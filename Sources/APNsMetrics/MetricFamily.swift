import Prometheus

/// A metric family's name and help text, as every apnsctl exposition registers it with swift-prometheus (one help
/// text per name: swift-prometheus refuses a second one).
public struct MetricFamily: Sendable, Hashable {
    /// The metric name (`apnsctl_probe_success`).
    public let name: String
    /// The `# HELP` text.
    public let help: String

    public init(name: String, help: String) {
        self.name = name
        self.help = help
    }

    /// The family as swift-prometheus names it (no namespace, subsystem or unit suffix: `name` is whole).
    public var descriptor: MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
    }
}
