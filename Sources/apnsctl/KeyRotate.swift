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

struct KeyRotate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate",
        abstract: "Make keys active in the slots they cover and retire the keys active there, in one atomic step.",
        discussion: "A slot is a team's environment for team-scoped keys, or an environment and a topic for "
            + "topic-specific keys; each has at most one active key. Repeat --to-key to rotate several slots at once "
            + "(a legacy key for both environments to a sandbox key and a production key). A rotation that would "
            + "leave a slot of a retired key without an active key is refused unless --allow-gap. "
            + "The retired keys still verify tokens for --grace minutes but never sign new ones; their cached tokens "
            + "are dropped. With --probe, a canary push signed by each new key goes first to each environment it "
            + "covers (only --env with --env; with --host/--port, --env says which environment the server plays; "
            + "--target ENV=HOST:PORT, repeated, names the server playing each environment); "
            + "unless APNs accepts every canary, nothing changes.")

    @OptionGroup var teamOption: TeamOption
    var team: String { teamOption.team ?? "" }
    @Option(name: [.customLong("to-key"), .customLong("to")], help: ArgumentHelp(
        "A key to make active (staged or retired); repeat for several slots (--to is its old spelling).",
        valueName: "KEYID"),
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
    @OptionGroup var output: FormatOptions

    /// JSON (docs/json/key-rotate.schema.json): `team_id`, `rotated` (false when a canary refused the rotation),
    /// `active_key_ids` (the keys made active; empty when refused) and `active_key_id` (the one key made active;
    /// null when none or several: read `active_key_ids`), `retired_key_ids` and `retired_key_id` (likewise), `slots` (the slots rotated, as
    /// `TEAM/ENV[/TOPIC]`), `uncovered` (slots left without a key, only with --allow-gap), `verify_until` (null
    /// when no key was retired), `probed`, `probes` (every canary's probe report, as `apnsctl probe --format json`
    /// prints it, in order) and `probe` (the last of them: the one that failed when one did; null without --probe).
    /// Printed on failure too.
    struct Report: Encodable {
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
        _ = try teamOption.required()
        guard (0...10_080).contains(grace) else { throw ValidationError("--grace must be 0 to 10080 minutes") }
        guard !to.isEmpty else { throw ValidationError("name the key to make active: --to-key KEYID") }
    }

    func run() async throws {
        for keyID in to { try AppleIdentifier.validate(keyID, as: .rotationTarget) }
        let store = try keystore.open(secrets: secrets)
        let canaries = try probe ? KeyRotation.Canaries(request: canary.request(defaultTopic: nil),
                                                        servers: target.canaryServers,
                                                        wording: ProbeHints.canaryWording) : nil
        let rotated: KeyRotation.Result
        do {
            rotated = try await KeyRotation.run(KeyRotation.Input(team: team, keyIDs: to, grace: TimeInterval(grace * 60),
                                                                  allowGap: allowGap, canaries: canaries), store: store)
        } catch KeyRotationError.afterCanaries(let error, let reports) {
            // Like `probe`, a refused canary still prints its reports: scripts read why from the JSON.
            if output.isJSON {
                try Console.printJSON(Report(teamID: team, rotated: false, probed: true, probes: reports.map(\.report)))
            }
            throw error
        }
        let result = rotated.rotation
        if output.isJSON {
            try Console.printJSON(Report(teamID: result.teamID, rotated: true, activeKeyIDs: result.activeKeyIDs,
                                         retiredKeyIDs: result.retiredKeyIDs, slots: result.slots.map(\.description),
                                         uncovered: result.uncovered.map(\.description), verifyUntil: result.verifyUntil,
                                         probed: result.probed, probes: rotated.canaries.map(\.report)))
            return
        }
        for canary in rotated.canaries {
            let report = canary.report
            let place = (report.environment.map { "\($0.rawValue) at " } ?? "") + "\(report.host):\(report.port)"
            print("canary probe to \(place) signed by \(ReportText.signingKey(report) ?? canary.keyID): accepted")
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
}
