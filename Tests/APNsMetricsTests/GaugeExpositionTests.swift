import APNsCore
import APNsMetrics
import Testing
import TestSupport

/// `GaugeExposition` (swift-prometheus underneath) writes the text the hand-written writer of the textfile outputs
/// wrote, byte for byte: ``HandWrittenGauges`` below is that writer, kept as the oracle.
@Suite struct GaugeExpositionTests {
    @Test func aProbeLikeExpositionIsTheHandWrittenText() {
        let base = [("host", "api.push.apple.com"), ("port", "443"), ("environment", "production")]
        let families: [(String, String, [([(String, String)], Double)])] = [
            ("apnsctl_probe_success", "1 when the canary was accepted.", [(base, 1)]),
            ("apnsctl_probe_phase_seconds", "Duration of each phase.",
             [(base + [("phase", "dns")], 0.001), (base + [("phase", "tls")], 0.01), (base + [("phase", "total")], 0.0512345678)]),
            ("apnsctl_probe_clock_offset_seconds", "Server Date minus local clock.", [(base, -3)]),
            ("apnsctl_probe_last_run_timestamp_seconds", "When this probe ran.", [(base, 1_800_000_000)]),
            ("apnsctl_token_agent_etcd_up", "1 when the watch runs.", [([], 0)]),
            ("apnsctl_empty", "Nothing: no lines at all.", []),
        ]
        var exposition = GaugeExposition()
        var oracle = HandWrittenGauges()
        for (name, help, samples) in families {
            exposition.add(name, help: help, samples)
            oracle.add(name, help: help, samples)
        }
        #expect(exposition.text == oracle.text)
        #expect(exposition.text.contains("apnsctl_probe_phase_seconds{host=\"api.push.apple.com\",port=\"443\",environment=\"production\",phase=\"total\"} 0.051235\n"))
        #expect(exposition.text.contains("# TYPE apnsctl_token_agent_etcd_up gauge\napnsctl_token_agent_etcd_up 0\n"))
        #expect(!exposition.text.contains("apnsctl_empty"))
    }

    @Test func labelValuesAreEscaped() {
        var exposition = GaugeExposition()
        exposition.add("m", help: "h", [([("a", "x\"y\\z\nw"), ("b", "\r\n")], 1)])
        #expect(exposition.text == "# HELP m h\n# TYPE m gauge\nm{a=\"x\\\"y\\\\z\\nw\",b=\"\r\\n\"} 1\n")
    }

    /// Random families (names, labels with quotes, backslashes, line feeds, spaces and braces, values whole and
    /// fractional, many samples a family, in the order given): the same text as the oracle.
    @Test func randomExpositionsAreTheHandWrittenText() {
        let seed = TestSeed.make()
        var random = SeededGenerator(state: seed)
        let alphabet = Array("ab z{}=\",\\\n\r\té0.")
        for round in 0..<200 {
            var exposition = GaugeExposition()
            var oracle = HandWrittenGauges()
            for family in 0..<Int.random(in: 1...4, using: &random) {
                let labelNames = ["target", "file", "phase", "le"].shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))
                let samples: [([(String, String)], Double)] = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                    let labels = labelNames.map { name in
                        (name, String((0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" }))
                    }
                    let value: Double = Bool.random(using: &random) ? Double(Int.random(in: -5_000...2_000_000_000, using: &random))
                        : Double.random(in: -1_000...1_000, using: &random)
                    return (labels, value)
                }
                exposition.add("apnsctl_random_\(family)", help: "Family \(family) of round \(round).", samples)
                oracle.add("apnsctl_random_\(family)", help: "Family \(family) of round \(round).", samples)
            }
            #expect(exposition.text == oracle.text, "round \(round), \(TestSeed.description(seed))")
            if exposition.text != oracle.text { return }
        }
    }
}

/// The writer the textfile outputs used before swift-prometheus wrote them: the format they promise.
struct HandWrittenGauges {
    var text = ""

    mutating func add(_ name: String, help: String, _ samples: [([(String, String)], Double)]) {
        guard !samples.isEmpty else { return }
        text += "# HELP \(name) \(help)\n# TYPE \(name) gauge\n"
        for (labels, value) in samples {
            text += (labels.isEmpty ? name : "\(name){\(Self.labelText(labels))}") + " \(GaugeExposition.number(value))\n"
        }
    }

    static func labelText(_ labels: [(String, String)]) -> String {
        labels.map { name, value in
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
}
