import APNsCore
import APNsKeystore
import APNsModel
import APNsOperations
import APNsProbe
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeyDiscover: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "Learn a key's environments (and topics) from APNs's answers and record them.",
        discussion: "Sends a canary signed by the key, with a made-up device token, to each environment: Apple's "
            + "sandbox and production hosts, or only --env (with --host/--port/--cacert: a server playing that "
            + "environment; --target ENV=HOST:PORT, repeated, names the server playing each environment, and only "
            + "those environments are asked). 400 BadDeviceToken (or another answer about the device token) means "
            + "the environment "
            + "accepted the key; 403 BadEnvironmentKeyIdInToken or BadEnvironmentKeyInToken means it did not; with "
            + "--topic, 400 TopicDisallowed means the key does not cover that topic. An environment not asked keeps "
            + "its recorded scope. The keystore changes only when every answer is conclusive (exit 0); a "
            + "contradiction or an answer about something else records nothing (exit 1), nor does an unreachable "
            + "server (exit 4). Staged, active and retired keys may be probed; revoked ones not.")

    @Argument(help: ArgumentHelp("The key to probe.", valueName: "KEYID"), completion: KeystoreCompletion.keyIDs)
    var keyID: String
    @Flag(name: .customLong("dry-run"), help: "Probe and print what would be recorded; change nothing.")
    var dryRun = false
    @OptionGroup(title: "Where the canaries go (default: both of Apple's hosts)") var target: ProbeTargetOptions
    @OptionGroup(title: "Canary push") var canary: ProbeCanaryOptions
    @OptionGroup var secrets: SecretOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func validate() throws {
        if target.host != nil && target.env == nil && target.targets.isEmpty {
            throw ValidationError("--host needs --env development|production: the environment the server plays")
        }
    }

    func run() async throws {
        try AppleIdentifier.validate(keyID, as: .keyIDArgument)
        let store = try keystore.open(secrets: secrets)
        let input = KeyDiscovery.Input(keyID: keyID, topic: canary.topic, canary: try canary.request(defaultTopic: nil),
                                       servers: target.canaryServers, dryRun: dryRun, wording: ProbeHints.canaryWording)
        do {
            try printReport(Output(try await KeyDiscovery.run(input, store: store)))
        } catch let error as KeyDiscoveryError {
            guard let result = error.result else { throw error }
            var report = Output(result)
            if case .recordRefused = error {
                let presented = error.presented
                report.exitCode = presented.status.rawValue
                report.message = presented.message
                report.hint = presented.hint.isEmpty ? nil : presented.hint
                try printReport(report, refused: true)
            } else {
                try printReport(report)
            }
            throw error
        }
    }

    /// The report: JSON, or one line per environment then what was recorded (`refused`: the keystore refused to
    /// record it, and the error says why).
    private func printReport(_ report: Output, refused: Bool = false) throws {
        if output.isJSON {
            try Console.printJSON(report)
            return
        }
        let scope = report.previousScope.scope
        print("signing key: \(report.keyID), team \(report.teamID), recorded as \(scope.environmentsText), "
              + (scope.topics.map { "topics \($0.joined(separator: ", "))" } ?? "team-scoped"))
        for answer in report.answers.map(\.answer) {
            print("\(answer.environment.rawValue): \(answer.line)")
        }
        if refused { return }
        let previous = report.previousScope.scope.summary
        switch report.outcome {
        case .learnt:
            let learnt = report.scope?.scope.summary ?? ""
            if report.recorded {
                print("recorded: \(learnt); was \(previous)")
            } else if dryRun {
                print("would record: \(learnt); was \(previous); --dry-run: nothing changed")
            } else {
                print("nothing recorded: the record already says \(learnt)")
            }
            print("learnt from: \(report.message)")
        case .matches:
            print("nothing recorded: \(report.message)")
            if let hint = report.hint { print("hint: \(hint)") }
        case .contradiction, .inconclusive, .unreachable:
            break // the error and its hint say why, on stderr
        }
    }
}
