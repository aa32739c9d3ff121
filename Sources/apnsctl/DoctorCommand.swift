import APNsCore
import APNsProbe
import ArgumentParser
import Foundation

/// `apnsctl doctor`: checks this machine (and keystore) for what apnsctl and APNs need.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check this machine and keystore for what apnsctl and APNs need.",
        discussion: """
        Each check is ✔ (pass), ⚠ (warning) or ✘ (fail), with a hint. Exit 1 when any check fails; warnings \
        (such as DNS failing on an offline machine) do not fail.
        """)

    @Option(name: .customLong("min-days"), help: "Warn about certificates that expire within this many days.")
    var minDays: Int = 30

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        guard minDays >= 0 else { throw ValidationError("--min-days must not be negative") }
    }

    func run() async throws {
        let report = DoctorReport(checks: MachineChecks.all())
        switch format {
        case .json:
            try Console.printJSON(report)
        case .text:
            var text = ""
            for check in report.checks {
                text += Console.checkLine(check.status.mark, check.name, check.detail) + "\n"
                if check.status != .pass, !check.hint.isEmpty { text += "  hint: \(check.hint)\n" }
            }
            text += "\(report.checks.count) checks: \(report.failed) failed, \(report.warnings) warnings\n"
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        if report.failed > 0 { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }
}

/// `apnsctl doctor --format json`: `checks` (each `name`, `status` pass|warn|fail, `detail`, `hint`),
/// `failed`, `warnings`, `exit_code`.
struct DoctorReport: Encodable {
    var checks: [DoctorCheck]
    var failed: Int { checks.filter { $0.status == .fail }.count }
    var warnings: Int { checks.filter { $0.status == .warn }.count }

    enum CodingKeys: String, CodingKey { case checks, failed, warnings, exitCode = "exit_code" }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(checks, forKey: .checks)
        try container.encode(failed, forKey: .failed)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(failed > 0 ? ExitStatus.checkFailed.rawValue : ExitStatus.ok.rawValue, forKey: .exitCode)
    }
}

extension DoctorCheck.Status {
    /// The mark `Console.checkLine` prints.
    var mark: CheckMark {
        switch self {
        case .pass: return .pass
        case .warn: return .warn
        case .fail: return .fail
        }
    }
}
