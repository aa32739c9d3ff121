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
        abstract: "Make a staged key the team's active key and retire the old one, in one atomic step.",
        discussion: "The retired key still verifies tokens for --grace minutes but never signs new ones. "
            + "Cached tokens of the old key are dropped. With --probe, a canary push signed by the new key goes "
            + "first (to --env, or --host/--port with --env saying which environment the server plays); the new key "
            + "must cover that environment (without --env, both) and --topic. Unless APNs accepts it, nothing changes.")

    @Option(help: ArgumentHelp("The team whose key rotates.", valueName: "TEAMID"), completion: KeystoreCompletion.teams)
    var team: String
    @Option(help: ArgumentHelp("The key to make active (staged or retired).", valueName: "KEYID"),
            completion: KeystoreCompletion.rotationTargets) var to: String
    @Option(help: ArgumentHelp("Minutes the retired key still verifies tokens.", valueName: "MINUTES"))
    var grace: Int = 60
    @Flag(help: "First send a canary push signed by the new key; rotate only when APNs accepts it.")
    var probe = false
    @OptionGroup(title: "Canary probe target") var target: ProbeTargetOptions
    @OptionGroup(title: "Canary push") var canary: ProbeCanaryOptions
    @OptionGroup var secrets: SecretOptions
    @OptionGroup var keystore: KeystoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

    /// JSON (docs/json/key-rotate.schema.json): `team_id`, `rotated` (false when the canary refused the rotation),
    /// `active_key_id` (null when refused), `retired_key_id` and `verify_until` (null when no key was retired),
    /// `probed`, and `probe`: the canary's probe report (as `apnsctl probe --format json` prints it; null without
    /// --probe). Printed on failure too.
    struct Output: Encodable {
        var teamID: String
        var rotated: Bool
        var activeKeyID: String?
        var retiredKeyID: String?
        var verifyUntil: Date?
        var probed: Bool
        var probe: ProbeReport?
        enum CodingKeys: String, CodingKey {
            case teamID = "team_id", rotated, activeKeyID = "active_key_id", retiredKeyID = "retired_key_id"
            case verifyUntil = "verify_until", probed, probe
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(teamID, forKey: .teamID)
            try container.encode(rotated, forKey: .rotated)
            try container.encode(activeKeyID, forKey: .activeKeyID)
            try container.encode(retiredKeyID, forKey: .retiredKeyID)
            try container.encode(verifyUntil, forKey: .verifyUntil)
            try container.encode(probed, forKey: .probed)
            try container.encode(probe, forKey: .probe)
        }
    }

    func validate() throws {
        guard (0...10_080).contains(grace) else { throw ValidationError("--grace must be 0 to 10080 minutes") }
        if probe && target.env == nil && target.host == nil {
            throw ValidationError("--probe needs a target: --env development|production, or --host/--port")
        }
    }

    func run() async throws {
        try AppleIdentifier.validate(team, what: "team id", flag: "--team")
        try AppleIdentifier.validate(to, what: "key id", flag: "--to")
        let store = try keystore.open(secrets: secrets)
        let canaryReport = CanaryReport()
        let signingKey = probe ? try canaryKey(store) : nil
        let result: RotationResult
        do {
            result = try await store.rotate(team: team, to: to, grace: TimeInterval(grace * 60),
                                            canary: probe ? canaryProbe(report: canaryReport, signingKey: signingKey) : nil)
        } catch let error as APNsError {
            // Like `probe`, a refused canary still prints its report: scripts read why from the JSON.
            if format == .json, let report = canaryReport.value {
                try Console.printJSON(Output(teamID: team, rotated: false, activeKeyID: nil, retiredKeyID: nil,
                                             verifyUntil: nil, probed: true, probe: report))
            }
            throw error
        }
        if format == .json {
            try Console.printJSON(Output(teamID: result.teamID, rotated: true, activeKeyID: result.activeKeyID,
                                         retiredKeyID: result.retiredKeyID, verifyUntil: result.verifyUntil,
                                         probed: result.probed, probe: canaryReport.value))
            return
        }
        if result.probed { print("canary probe signed by \(result.activeKeyID): accepted") }
        print("team \(result.teamID): \(result.activeKeyID) is active")
        if let retired = result.retiredKeyID {
            print("\(retired) retired; it verifies tokens until \(KeystoreText.date(result.verifyUntil)) and signs no more")
        }
    }

    /// The new key, checked before anything is signed: it may become active, and its scope covers the canary's
    /// environment (without one, both) and topic (``KeySelection``).
    private func canaryKey(_ store: Keystore) throws -> SigningKeyDescription {
        let record = try store.key(to)
        try KeyTransition.checkPromote(record, team: team)
        let environment = try ProbeTarget.resolve(environment: target.env, host: target.host, port: target.port).environment
        _ = try KeySelection.choose(among: [record], team: team, teamKeys: try store.keys(team: team),
                                    environment: environment, topic: canary.topic)
        return SigningKeyDescription(record)
    }

    /// The canary: one probe with a token signed by the new key; throws unless the verdict is healthy.
    /// Mistakes in the probe's own options (a missing --cacert file, no --topic) are reported here, with their
    /// own exit code and hint, before anything is signed or changed.
    private func canaryProbe(report box: CanaryReport, signingKey: SigningKeyDescription?) throws
        -> @Sendable (ProviderToken) async throws -> Void {
        let request = try canary.request(defaultTopic: nil)
        let target = self.target
        try Prober(try target.configuration(credential: .token("", issuedAt: nil), canary: request)).validate()
        return { token in
            var configuration = try target.configuration(
                credential: .token(token.compact, issuedAt: token.issuedAtDate), canary: request)
            configuration.signingKey = signingKey
            let prober = Prober(configuration)
            try prober.validate()
            let report = try prober.probe()
            box.value = report
            let verdict = report.verdict
            guard verdict.exitStatus == .ok else {
                throw APNsError(verdict.exitStatus, verdict.summary, hint: verdict.hint)
            }
        }
    }
}

/// The canary's report, kept for `--format json` whether the rotation goes ahead or not.
private final class CanaryReport: Sendable {
    private let storage = Mutex<ProbeReport?>(nil)

    var value: ProbeReport? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
