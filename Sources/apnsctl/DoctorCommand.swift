import APNsCore
import APNsKeystore
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

        The trust-anchor check looks for USERTrust RSA Certification Authority (the root the APNs servers chain \
        to since 2025) in the CA bundle libcurl uses, in SSL_CERT_FILE when set, or in --cacert alone when given. \
        With --host naming another server (a mock), it checks instead that the server's certificate verifies \
        against --cacert (or the system's bundle). \
        The clock check compares this machine's clock with the Date header of the APNs hosts (--env: one of \
        them), or of --host; it says so when no server answered.
        """)

    @Option(name: .customLong("min-days"), help: "Warn about certificates that expire within this many days.")
    var minDays: Int = 30

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @OptionGroup var keystore: KeystoreOptions

    @OptionGroup(title: "Trust anchor and clock") var target: ProbeTargetOptions

    func validate() throws {
        guard minDays >= 0 else { throw ValidationError("--min-days must not be negative") }
    }

    func run() async throws {
        let target = try self.target.selected()
        let clockHost = target.host != nil || target.env != nil || target.port != nil
            ? try ProbeTarget.resolve(environment: target.env, host: target.host, port: target.port) : nil
        let machine = MachineChecks.all(cacert: target.cacert, clockHost: clockHost, timeout: min(target.timeout, 5))
        let report = DoctorReport(checks: machine + KeystoreChecks.run(keystore, minDays: minDays))
        switch format {
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

/// The keystore checks of `doctor`: present, permissions, integrity, keys per team, certificate expiry.
/// Thin: every judgement comes from APNsKeystore (`KeystorePermissions`, `Keystore.open`, `status`).
enum KeystoreChecks {
    static func run(_ options: KeystoreOptions, minDays: Int) -> [DoctorCheck] {
        let location = options.location
        var checks: [DoctorCheck] = []
        if location.isDirectory {
            if let denied = KeystoreAccess.check(location.path).error {
                return [DoctorCheck("keystore", .fail, denied.message, hint: denied.worded.hint)]
            }
            guard FileManager.default.fileExists(atPath: location.path + "/" + KeystoreLocation.manifestName) else {
                return [DoctorCheck("keystore", .warn, "no keystore at \(location.path)",
                                    hint: "create one with `apnsctl keystore init`, or pass --keystore PATH")]
            }
            let problems = KeystorePermissions.problems(KeystoreLayout(root: location.path))
            if let first = problems.first {
                let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
                checks.append(DoctorCheck("keystore permissions", .fail, first.summary + more,
                                          hint: "run `apnsctl keystore fix-permissions`"))
                return checks
            }
            checks.append(DoctorCheck("keystore permissions", .pass, "\(location.path): directories 0700, secrets 0600"))
        }
        let report: KeystoreReport
        do {
            report = try options.open().status(minDays: minDays)
        } catch let error as APNsError {
            checks.append(DoctorCheck("keystore integrity", .fail, error.message, hint: error.worded.hint))
            return checks
        } catch {
            checks.append(DoctorCheck("keystore integrity", .fail, "\(error)"))
            return checks
        }
        checks.append(DoctorCheck("keystore integrity", .pass,
                                  "\(Wording.count(report.keys.count, "key")), \(Wording.count(report.certificates.count, "certificate"))"))
        let teams = Dictionary(grouping: report.keys, by: \.teamID)
        if teams.isEmpty {
            checks.append(DoctorCheck("keys", .warn, "no signing keys", hint: "add one with `apnsctl key import` or `key generate`"))
        }
        for (team, keys) in teams.sorted(by: { $0.key < $1.key }) {
            let active = keys.filter { $0.state == .active }
            if !active.isEmpty {
                let named = active.map { "\($0.keyID) (\($0.scope.summary))" }.joined(separator: ", ")
                checks.append(DoctorCheck("keys \(team)", .pass,
                                          "active: \(named); \(keys.count) in total"))
            } else {
                checks.append(DoctorCheck("keys \(team)", .warn, "no active key (\(keys.count) in total)",
                                          hint: "activate one with `apnsctl key rotate --team \(team) --to KEYID`"))
            }
        }
        for gap in KeyCoverage.gaps(keys: report.keys, certificates: report.certificates) {
            let environment = gap.environment == .development ? "the sandbox (development)" : "production"
            checks.append(DoctorCheck(
                "keys \(gap.teamID) \(gap.environment.rawValue)", .warn,
                "no active key covers \(environment), where the push \(gap.neededBy.count == 1 ? "certificate" : "certificates") "
                    + "for \(gap.neededBy.joined(separator: ", ")) \(gap.neededBy.count == 1 ? "works" : "work")",
                hint: "import the portal's key for it: `apnsctl key import AuthKey_KEYID.p8 --team \(gap.teamID) "
                    + "--env \(gap.environment.rawValue)`, or rotate to one: `apnsctl key list --team \(gap.teamID)`"))
        }
        for certificate in report.certificates {
            let name = "certificate \(certificate.subject)"
            if certificate.state == .expired {
                checks.append(DoctorCheck(name, .fail, certificate.timeLeft,
                                          hint: "renew it in the developer account and import the new one"))
            } else if certificate.expiring {
                checks.append(DoctorCheck(name, .warn, "\(certificate.timeLeft) (within --min-days \(minDays))",
                                          hint: "renew it before it expires"))
            } else {
                checks.append(DoctorCheck(name, .pass, certificate.timeLeft))
            }
        }
        return checks
    }
}
