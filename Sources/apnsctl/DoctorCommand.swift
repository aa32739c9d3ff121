import APNsCore
import APNsKeystore
import APNsOperations
import APNsProbe
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl doctor`: checks this machine (and keystore) for what apnsctl and APNs need.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check this machine and keystore for what apnsctl and APNs need.",
        discussion: """
        Each check is ✔ (pass), ⚠ (warning) or ✘ (fail), with a hint. Exit 1 when any check fails; warnings \
        (such as DNS failing on an offline machine) do not fail.

        Each certificate the keystore keeps is judged as `cert verify` judges it (purpose, validity, key match, \
        chain to Apple's CAs or a --ca given, client auth): one it refuses fails, whatever its expiry.

        The trust-anchor check looks for USERTrust RSA Certification Authority (the root the APNs servers chain \
        to since 2025) in the CA bundle libcurl uses, in SSL_CERT_FILE when set, or in --cacert alone when given. \
        With --host naming another server (a mock), it checks instead that the server's certificate verifies \
        against --cacert (or the system's bundle). \
        The clock check compares this machine's clock with the Date header of the APNs hosts (--env: one of \
        them), or of --host; it says so when no server answered. A certificate with fewer than --min-days days \
        left (30 unless given) is a warning.
        """)

    /// Warn about certificates that expire within this many days (default 30).
    @OptionGroup var minDays: MinDaysOption

    @OptionGroup var output: FormatOptions

    @OptionGroup var keystore: KeystoreOptions

    @OptionGroup var caOption: TrustedCAOption

    @OptionGroup(title: "Trust anchor and clock") var target: ProbeTargetOptions

    func run() async throws {
        let target = try self.target.selected()
        // A --ca file that does not read is bad input, said once (not a refusal of every stored certificate).
        _ = try TrustAnchors.certificates(in: caOption.caFiles)
        let clockHost = target.host != nil || target.env != nil || target.port != nil
            ? try ProbeTarget.resolve(environment: target.env, host: target.host, port: target.port) : nil
        let machine = MachineChecks.all(cacert: target.cacert, cacertLabel: "--cacert", clockHost: clockHost,
                                        timeout: min(target.timeout, 5)).map(\.worded)
        let stored = await DoctorKeystoreChecks.run(keystore, minDays: minDays.days(default: 30), caFiles: caOption.caFiles)
        let report = DoctorReport(checks: machine + stored)
        switch output.format {
        case .json:
            try Console.printJSON(report)
        case .text:
            var text = ""
            for check in report.checks {
                text += Console.checkLine(check.status.mark, check.name, check.detail) + "\n"
                if check.status != .pass, !check.hint.isEmpty { text += "  hint: \(check.hint)\n" }
            }
            text += "\(Wording.count(report.checks.count, "check")): \(report.failed) failed, "
                + "\(Wording.count(report.warnings, "warning"))\n"
            StandardStream.output.write(text.utf8)
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
