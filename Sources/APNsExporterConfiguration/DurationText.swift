/// Durations as Prometheus users write them: `90s`, `5m`, `1h`, `1m30s`, `500ms`, or a bare number of seconds.
public enum DurationText {
    /// Seconds, or nil when `text` is not a duration.
    public static func seconds(_ text: String) -> Double? {
        if let plain = Double(text), plain.isFinite { return plain }
        var total = 0.0
        var rest = Substring(text)
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isNumber || $0 == "." }
            guard !digits.isEmpty, let value = Double(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            switch unit {
            case "ms": total += value / 1000
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            case "d": total += value * 86400
            default: return nil
            }
        }
        return total
    }
}
