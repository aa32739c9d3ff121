import APNsCore
import APNsKeystore
import APNsProbe
import APNsTokens
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

struct KeyRotate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate",
        abstract: "Make keys active in the slots they cover and retire the keys active there, in one atomic step.",
        discussion: "A slot is a team's environment for team-scoped keys, or an environment and a topic for "
            + "topic-specific keys; each has at most one active key. Repeat --to to rotate several slots at once "
            + "(a legacy key for both environments to a sandbox key and a production key). A rotation that would "
            + "leave a slot of a retired key without an active key is refused unless --allow-gap. "
            + "The retired keys still verify tokens for --grace minutes but never sign new ones; their cached tokens "
            + "are dropped. With --probe, a canary push signed by each new key goes first to each environment it "
            + "covers (only --env with --env; with --host/--port, --env says which environment the server plays; "
            + "--target ENV=HOST:PORT, repeated, names the server playing each environment); "
            + "unless APNs accepts every canary, nothing changes.")

    @Option(help: ArgumentHelp("The team whose keys rotate.", valueName: "TEAMID"), completion: KeystoreCompletion.teams)
    var team: String
    @Option(name: .customLong("to"), help: ArgumentHelp(
        "A key to make active (staged or retired); repeat for several slots.", valueName: "KEYID"),
            completion: KeystoreCompletion.rotationTargets) var to: [String]
    @Option(help: ArgumentHelp("Minutes the retired keys still verify tokens.", valueName: "MINUTES"))
    var grace: Int = 60
    @Flag(name: .customLong("allow-gap"), help: "Rotate even when a slot of a retired key is left without an active key.")
    var allowGap = false
    @Flag(help: "First send a canary push signed by each new key; rotate only when APNs accepts every one.")
    var probe = false
    @OptionGroup(title: "Canary probe target") var target: ProbeTargetOptions
    @OptionGroup(title: "Canary push") var canary: ProbeCanaryOptions
    @OptionGroup var secrets: SecretOptions
    @OptionGroup var keystore: KeystoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

    /// JSON (docs/json/key-rotate.schema.json): `team_id`, `rotated` (false when a canary refused the rotation),
    /// `active_key_ids` (the keys made active; empty when refused) and `active_key_id` (the one key made active;
    /// null when none or several: read `active_key_ids`), `retired_key_ids` and `retired_key_id` (likewise), `slots` (the slots rotated, as
    /// `TEAM/ENV[/TOPIC]`), `uncovered` (slots left without a key, only with --allow-gap), `verify_until` (null
    /// when no key was retired), `probed`, `probes` (every canary's probe report, as `apnsctl probe --format json`
    /// prints it, in order) and `probe` (the last of them: the one that failed when one did; null without --probe).
    /// Printed on failure too.
    struct Output: Encodable {
        var teamID: String
        var rotated: Bool
        var activeKeyIDs: [String] = []
        var retiredKeyIDs: [String] = []
        var slots: [String] = []
        var uncovered: [String] = []
        var verifyUntil: Date?
        var probed: Bool
        var probes: [ProbeReport]
        enum CodingKeys: String, CodingKey {
            case teamID = "team_id", rotated, activeKeyID = "active_key_id", activeKeyIDs = "active_key_ids"
            case retiredKeyID = "retired_key_id", retiredKeyIDs = "retired_key_ids", slots, uncovered
            case verifyUntil = "verify_until", probed, probe, probes
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(teamID, forKey: .teamID)
            try container.encode(rotated, forKey: .rotated)
            // A singular field only when it is not ambiguous.
            try container.encode(activeKeyIDs.count == 1 ? activeKeyIDs.first : nil, forKey: .activeKeyID)
            try container.encode(activeKeyIDs, forKey: .activeKeyIDs)
            try container.encode(retiredKeyIDs.count == 1 ? retiredKeyIDs.first : nil, forKey: .retiredKeyID)
            try container.encode(retiredKeyIDs, forKey: .retiredKeyIDs)
            try container.encode(slots, forKey: .slots)
            try container.encode(uncovered, forKey: .uncovered)
            try container.encode(verifyUntil, forKey: .verifyUntil)
            try container.encode(probed, forKey: .probed)
            try container.encode(probes.last, forKey: .probe)
            try container.encode(probes, forKey: .probes)
        }
    }

    func validate() throws {
        guard (0...10_080).contains(grace) else { throw ValidationError("--grace must be 0 to 10080 minutes") }
        guard !to.isEmpty else { throw ValidationError("name the key to make active: --to KEYID") }
    }

    func run() async throws {
        try AppleIdentifier.validate(team, what: "team id", flag: "--team")
        for keyID in to { try AppleIdentifier.validate(keyID, what: "key id", flag: "--to") }
        let store = try keystore.open(secrets: secrets)
        let reports = CanaryReports()
        let canaries = probe ? try canaryTargets(store) : [:]
        let result: RotationResult
        do {
            result = try await store.rotate(team: team, to: to, grace: TimeInterval(grace * 60), allowGap: allowGap,
                                            canary: probe ? canaryProbe(targets: canaries, reports: reports) : nil)
        } catch let error as APNsError {
            // Like `probe`, a refused canary still prints its reports: scripts read why from the JSON.
            if format == .json, !reports.value.isEmpty {
                try Console.printJSON(Output(teamID: team, rotated: false, probed: true, probes: reports.value))
            }
            throw error
        }
        if format == .json {
            try Console.printJSON(Output(teamID: result.teamID, rotated: true, activeKeyIDs: result.activeKeyIDs,
                                         retiredKeyIDs: result.retiredKeyIDs, slots: result.slots.map(\.description),
                                         uncovered: result.uncovered.map(\.description),
                                         verifyUntil: result.verifyUntil, probed: result.probed, probes: reports.value))
            return
        }
        for (keyID, report) in reports.signed {
            let place = (report.environment.map { "\($0.rawValue) at " } ?? "") + "\(report.host):\(report.port)"
            print("canary probe to \(place) signed by \(ReportText.signingKey(report) ?? keyID): accepted")
        }
        print("team \(result.teamID): \(result.activeKeyIDs.joined(separator: " and ")) active in \(result.slots.words)")
        if !result.retiredKeyIDs.isEmpty {
            print("\(result.retiredKeyIDs.joined(separator: " and ")) retired; "
                  + "\(result.retiredKeyIDs.count == 1 ? "it verifies" : "they verify") tokens until "
                  + "\(KeystoreText.date(result.verifyUntil)) and sign\(result.retiredKeyIDs.count == 1 ? "s" : "") no more")
        }
        if !result.uncovered.isEmpty {
            Console.warn("\(result.uncovered.words) \(result.uncovered.count == 1 ? "has" : "have") no active key now "
                         + "(--allow-gap); tokens for \(result.uncovered.count == 1 ? "it" : "them") cannot be signed")
        }
    }

    /// Where each new key's canaries go, checked before anything is signed: each key may become active, and
    /// its scope covers each environment probed (``KeySelection``). Without --env and --host, every environment
    /// the key covers, on Apple's hosts.
    private func canaryTargets(_ store: Keystore) throws -> [String: [ProbeTargetOptions]] {
        var targets = [String: [ProbeTargetOptions]]()
        let teamKeys = try store.keys(team: team)
        // A rotation the rule refuses is refused before anything is signed or sent.
        _ = try ActiveKeyRule.planRotation(team: team, to: to, keys: teamKeys, allowGap: allowGap)
        for keyID in to {
            let record = try store.key(keyID)
            try KeyTransition.checkPromote(record, team: team)
            let environments: [APNsEnvironment?]
            if !target.targets.isEmpty {
                // One server per environment: each environment the key covers (or --env) goes to its --target.
                environments = target.env.map { [$0] } ?? record.scope.environments
            } else if target.host != nil || target.env != nil {
                environments = [try ProbeTarget.resolve(environment: target.env, host: target.host,
                                                        port: target.port).environment]
            } else {
                environments = record.scope.environments
            }
            targets[keyID] = try environments.map { environment in
                _ = try KeySelection.choose(among: [record], team: team, teamKeys: teamKeys,
                                            environment: environment, topic: canary.topic)
                do {
                    return try target.selected(environment)
                } catch let error as APNsError where environment != nil {
                    let error = error.worded
                    throw APNsError.usage("\(error.message) (key \(keyID) covers it)", hint: error.hint
                                          + ", or --env to probe only one environment")
                }
            }
        }
        return targets
    }

    /// The canaries: one probe per environment with a token signed by the new key; throws unless every verdict
    /// is healthy. Mistakes in the probe's own options (a missing --cacert file, no --topic) are reported here,
    /// with their own exit code and hint, before anything is signed or changed.
    private func canaryProbe(targets: [String: [ProbeTargetOptions]], reports box: CanaryReports) throws
        -> RotationCanary {
        let canary = self.canary
        for options in targets.values.joined() {
            try Prober(try options.configuration(credential: .token("", issuedAt: nil),
                                                 canary: try canary.request(defaultTopic: nil))).validate()
        }
        return { record, token in
            let request = try canary.request(defaultTopic: record.scope.topics?.first)
            for options in targets[record.keyID] ?? [] {
                var configuration = try options.configuration(
                    credential: .token(token.compact, issuedAt: token.issuedAtDate), canary: request)
                configuration.signingKey = SigningKeyDescription(record)
                let prober = Prober(configuration)
                try prober.validate()
                let report = ProbeHints.refine(try prober.probe(), target: configuration.target,
                                               signingKey: configuration.signingKey, cacert: options.cacert)
                box.append(report, signedBy: record.keyID)
                let verdict = report.verdict
                guard verdict.exitStatus == .ok else {
                    throw APNsError(verdict.exitStatus, verdict.summary, hint: verdict.hint)
                }
            }
        }
    }
}

/// The canaries' reports, kept for `--format json` whether the rotation goes ahead or not.
private final class CanaryReports: Sendable {
    private let storage = Mutex<[(keyID: String, report: ProbeReport)]>([])

    /// The reports in the order the canaries ran.
    var value: [ProbeReport] { storage.withLock { $0.map(\.report) } }

    /// Each report with the key that signed its token.
    var signed: [(keyID: String, report: ProbeReport)] { storage.withLock { $0 } }

    func append(_ report: ProbeReport, signedBy keyID: String) {
        storage.withLock { $0.append((keyID, report)) }
    }
}
