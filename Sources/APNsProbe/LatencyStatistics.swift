import APNsCore
/// Latency statistics over a set of request durations (seconds): min, median, p90, max.
public struct LatencyStatistics: Sendable, Equatable, Codable {
    public var count: Int
    public var min: Double
    public var median: Double
    public var p90: Double
    public var max: Double

    /// nil for an empty sample. The median of an even count is the mean of the middle two; p90 is the
    /// nearest-rank value (the smallest sample with at least 90% of the samples at or below it).
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        count = sorted.count
        min = sorted[0]
        max = sorted[sorted.count - 1]
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        let rank = Int((0.9 * Double(sorted.count)).rounded(.up))
        p90 = sorted[Swift.max(0, Swift.min(sorted.count, rank) - 1)]
    }

    enum CodingKeys: String, CodingKey {
        case count
        case min = "min_seconds", median = "median_seconds", p90 = "p90_seconds", max = "max_seconds"
    }
}
