#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Gauges in the Prometheus text exposition format, for node_exporter's textfile collector.
///
/// One writer for every command that exports metrics (`probe --format prometheus`, `expiry --format prometheus`),
/// so label escaping and number formatting are the same everywhere.
public struct PrometheusGauges: Sendable {
    /// The exposition text written so far.
    public private(set) var text = ""

    public init() {}

    /// Appends `# HELP`, `# TYPE name gauge` and one sample line per (labels, value); nothing when `samples` is
    /// empty. A sample without labels is written `name value`.
    public mutating func add(_ name: String, help: String, _ samples: [([(String, String)], Double)]) {
        guard !samples.isEmpty else { return }
        text += "# HELP \(name) \(help)\n# TYPE \(name) gauge\n"
        for (labels, value) in samples {
            text += (labels.isEmpty ? name : "\(name){\(Self.labelText(labels))}") + " \(Self.number(value))\n"
        }
    }

    /// `name="value",…` with backslash, double quote and newline escaped as the format requires.
    public static func labelText(_ labels: [(String, String)]) -> String {
        labels.map { name, value in
            // Scalar by scalar, as the exposition format counts: "\r\n" is one Character but two scalars.
            let escaped = String(value.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
                switch scalar {
                case "\\": return ["\\", "\\"]
                case "\"": return ["\\", "\""]
                case "\n": return ["\\", "n"]
                default: return [scalar]
                }
            }.map(Character.init))
            return "\(name)=\"\(escaped)\""
        }.joined(separator: ",")
    }

    /// A whole number without a fraction; anything else with six decimals.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(cFormat: "%.6f", value)
    }
}
