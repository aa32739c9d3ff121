import APNsCore
import APNsModel
import APNsOperations

/// `device check TOKEN… --format json`: the results in the order given, the run's summary, `passed` and
/// `exit_code`, as `app check` carries them (docs/json/device-check.schema.json).
struct DeviceCheckDocument: Encodable {
    var results: [DeviceCheckResult]
    var summary: Summary
    var passed: Bool
    var exitCode: Int32

    init(results: [DeviceCheckResult], summary: DeviceCheckSummary, duplicates: [DeviceTokenDuplicates.Duplicate]) {
        self.results = results
        self.summary = Summary(summary, duplicates: duplicates)
        exitCode = summary.exitStatus.rawValue
        passed = summary.exitStatus == .ok
    }

    enum CodingKeys: String, CodingKey { case results, summary, passed, exitCode = "exit_code" }

    /// The counts per verdict, the canaries sent, the time, the tokens given twice, and the environments not asked
    /// or not reached.
    struct Summary: Encodable {
        var tokens: Int
        var counts: [String: Int]
        var canaries: Int
        var seconds: Double
        var duplicates: [Duplicate]
        var skipped: [APNsEnvironment]
        var unreachable: [APNsEnvironment]

        init(_ summary: DeviceCheckSummary, duplicates: [DeviceTokenDuplicates.Duplicate]) {
            tokens = summary.tokens
            counts = Dictionary(uniqueKeysWithValues: DeviceTokenVerdict.allCases.map {
                ($0.rawValue, summary.counts[$0] ?? 0)
            })
            canaries = summary.requests
            seconds = summary.seconds
            self.duplicates = duplicates.map { Duplicate(deviceToken: $0.deviceToken, position: $0.line, first: $0.firstLine) }
            skipped = summary.skipped
            unreachable = summary.unreachable
        }
    }

    /// A token given again: its place among the arguments (1 first) and the place of its first mention.
    struct Duplicate: Encodable {
        var deviceToken: String
        var position: Int
        var first: Int

        enum CodingKeys: String, CodingKey { case deviceToken = "device_token", position, first }
    }
}
