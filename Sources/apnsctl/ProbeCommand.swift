import APNsCore
import APNsCredentials
import APNsKeystore
import APNsModel
import APNsOperations
import APNsProbe
import APNsTokens
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl probe`: sends a canary push over HTTP/2 and explains what happened.
struct ProbeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Send a canary push over HTTP/2 and explain the answer.",
        discussion: """
        Without --device-token a well-formed dummy token is used: APNs checks the credential first, so \
        400 BadDeviceToken then means TLS, HTTP/2 and the credential were accepted (exit 0).

        --count N sends N canaries as concurrent streams on one HTTP/2 connection; with --interval S it sends one \
        canary every S seconds, N times, reusing the connection (a bounded watch loop).

        --channels checks the broadcast channel management host of the environment instead \
        (api-manage-broadcast[.sandbox].push.apple.com, ports 2196/2195; --host/--port for a mock): TLS, \
        HTTP/2 and the credential, with a read-only GET /1/apps/<--topic>/all-channels. It needs the app's \
        bundle id in --topic (or a certificate's), creates nothing, and reports like a canary.

        EXIT CODES
          0  healthy: 200, or 400 BadDeviceToken for the dummy token
          1  APNs answered with a credential or request error
          2  usage error, or a canary APNs would refuse (checked before sending)
          3  a credential could not be read (missing file, wrong password, bad JWT)
          4  not reachable: DNS, TCP, TLS, HTTP/1.1, reset, GOAWAY or timeout
        """)

    @OptionGroup var target: ProbeTargetOptions

    @OptionGroup(title: "Credential")
    var credential: ProbeCredentialOptions

    @OptionGroup(title: "Canary")
    var canary: ProbeCanaryOptions

    @Option(help: "Canaries to send: concurrent streams on one connection, or rounds with --interval.")
    var count: Int = 1

    @Option(help: ArgumentHelp("Seconds between rounds (with --count): a bounded watch loop.", valueName: "S"))
    var interval: Double?

    @Flag(help: "Check the broadcast channel management host (read-only: list the --topic app's channels).")
    var channels = false

    @OptionGroup var output: ReportFormatOptions
    var format: ReportFormat { output.format }

    @OptionGroup var outOption: OutOption
    var out: String? { outOption.out }

    func validate() throws {
        guard (1...10_000).contains(count) else { throw ValidationError("--count must be between 1 and 10000") }
        if let interval {
            guard interval >= 0 else { throw ValidationError("--interval must not be negative") }
            if format == .prometheus {
                throw ValidationError("--format prometheus writes one snapshot: run it from cron instead of --interval")
            }
            if out != nil { throw ValidationError("--out writes one snapshot: it does not go with --interval") }
        }
    }

    func run() async throws {
        CurlRuntime.bootstrap()
        let target = try self.target.selected()
        if credential.team != nil || credential.key != nil, credential.cert == nil {
            try IdentifierSwap.check(keyID: credential.key, teamID: credential.team, store: try? credential.keystore.open())
        }
        let request = ProbePlanRequest(server: target.server, credential: credential.source(), canary: canary.specification,
                                       channels: channels, count: interval == nil ? count : 1)
        let plan = try ProbePlanning.plan(request)
        for warning in plan.warnings { Console.warn("\(warning.message) (\(warning.rule); Apple: \(warning.source))") }
        let rounds = interval == nil ? 1 : self.count
        let reports = try Prober(plan.configuration).watch(rounds: rounds, interval: interval ?? 0) { report in
            var report = report
            plan.credential.describe(&report)
            report = ProbeHints.refine(plan.channelReport(report), target: plan.target,
                                       signingKey: plan.credential.signingKey, cacert: target.cacert,
                                       certificate: credential.cert)
            try emit(report, round: rounds > 1 ? report : nil)
        }
        let worst = Verdict.worst(reports.map(\.verdict))?.exitStatus ?? .internalError
        if worst != .ok { throw ExitCode(worst.rawValue) }
    }

    private func emit(_ report: ProbeReport, round: ProbeReport?) throws {
        let data = try render(report, round: round)
        if let out {
            try SecureFile.write(data, to: out, mode: 0o644, overwrite: true)
        } else {
            StandardStream.output.write(data)
        }
    }

    private func render(_ report: ProbeReport, round: ProbeReport?) throws -> Data {
        switch format {
        case .output(.text):
            var text = ReportText.render(report)
            if round != nil {
                text = "[\(ISO8601Text.string(from: report.startedAt))] " + text
            }
            return Data(text.utf8)
        case .output(.json):
            // One compact object per round with --interval (JSON Lines, for `jq` and log shippers); else pretty.
            return Data(try Console.json(report, pretty: round == nil))
        case .prometheus:
            return Data(PrometheusText.render(report).utf8)
        }
    }
}

extension APNsPushType: ExpressibleByArgument {}
