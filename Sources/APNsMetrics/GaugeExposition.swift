import APNsCore
import Prometheus

/// Gauges in the Prometheus text exposition format, for a file (node_exporter's textfile collector) or standard
/// output: `probe --format prometheus`, `expiry --format prometheus` and the token agent's metrics file.
///
/// Every line is written by swift-prometheus, the library the exporter serves `/metrics` with (the same `# HELP` and
/// `# TYPE` lines, label escaping and layout). What this type adds is an order a reader can rely on: families in
/// the order they are added, samples in the order given (a registry keeps them in hash order), and numbers as the
/// textfile outputs have always written them: a whole number without a fraction (`1`, `1800000000`), anything else
/// with six decimals (`0.010000`).
public struct GaugeExposition: Sendable {
    /// The exposition text written so far.
    public private(set) var text = ""

    public init() {}

    /// Appends `# HELP`, `# TYPE name gauge` and one sample line per (labels, value); nothing when `samples` is
    /// empty. A sample without labels is written `name value`.
    public mutating func add(_ family: MetricFamily, _ samples: [([(String, String)], Double)]) {
        for (index, (labels, value)) in samples.enumerated() {
            // One registry per sample: its text holds this sample alone, after the family's two header lines.
            let registry = PrometheusCollectorRegistry()
            registry.makeGauge(descriptor: family.descriptor, labels: labels).set(to: value)
            for line in registry.emitToString().split(separator: "\n") {
                if line.hasPrefix("#") {
                    if index == 0 { text += line + "\n" }
                } else if let space = line.lastIndex(of: " ") {
                    // Escaped label values hold no line feed, and the value (after the last space) holds no space.
                    text += line[..<space] + " " + Self.number(value) + "\n"
                }
            }
        }
    }

    /// Appends a family given by name and help text.
    public mutating func add(_ name: String, help: String, _ samples: [([(String, String)], Double)]) {
        add(MetricFamily(name: name, help: help), samples)
    }

    /// A whole number without a fraction; anything else with six decimals.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(cFormat: "%.6f", value)
    }
}
