import APNsCore
import APNsKeystoreEtcd
import APNsTokenAgent
import APNsTokens
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

struct TokenAgentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agent",
        abstract: "Keep DIR/TEAM-ENV.token files fresh from a fleet keystore's shared tokens (etcd), for sender hosts.",
        discussion: """
        Writes one file per team and environment, TEAM-ENV.token (a topic-specific key's: TEAM-ENV-TOPIC.token), \
        holding the provider token for `authorization: bearer …`, replaced by atomic rename (mode 0640, --group). It \
        reads the fleet's token records once and then follows an etcd watch; it needs read access to \
        PREFIX/tokens/ and nothing else, and holds no private key. A file is removed within seconds of its key's \
        revocation, and never goes back to an older token.

        --sign (an ops host with the key-encryption key) also signs: every active key's token, when missing or \
        --refresh-after old. Several signing agents share the work: the fleet makes one signature per key per window.

        While etcd is out of reach the current tokens are served until they are 55 minutes old; then their files are \
        removed, the metrics say so (apnsctl_token_agent_healthy 0) and the agent exits 4. It runs until SIGINT or \
        SIGTERM (exit 0); --once reads, writes and exits. docs/fleet.md has a systemd unit and a Kubernetes sidecar.
        """)

    @Option(name: .customLong("out"), help: ArgumentHelp("The directory of the token files (created 0750).",
                                                         valueName: "DIR"), completion: .directory)
    var directory: String
    @Option(help: ArgumentHelp("Give the token files (0640) to this group: the one the sender runs as.",
                               valueName: "GROUP"))
    var group: String?
    @Option(help: ArgumentHelp("Write the agent's state as Prometheus text to this file (node_exporter's textfile "
                                   + "collector).", valueName: "FILE"), completion: .file())
    var metrics: String?
    @Flag(help: "Also sign: keep every active key's token fresh (needs the key-encryption key).")
    var sign = false
    @Option(name: .customLong("refresh-after"), help: ArgumentHelp(
        "With --sign, re-sign a token this old: 20 to 59 minutes.", valueName: "MINUTES"))
    var refreshAfter: String = "50"
    @Flag(help: "Read the tokens, write the files (and sign) once, then exit.")
    var once = false
    @Option(name: .customLong("check-interval"), help: .hidden) var checkInterval: Double = 1
    @OptionGroup var keystore: KeystoreOptions
    /// The agent's log: a line per event (JSON: an object a line).
    @OptionGroup var output: FormatOptions

    /// One log line in JSON: `event` (`written` | `removed` | `signed` | `connected` | `disconnected` | `failed`),
    /// `time`, `file`, `team_id`, `key_id`, `issued_at` (unix seconds), `detail`; absent values are null.
    struct Line: Encodable {
        var event: String
        var time: Date
        var file: String?
        var teamID: String?
        var keyID: String?
        var issuedAt: Date?
        var detail: String?
        enum CodingKeys: String, CodingKey {
            case event, time, file, teamID = "team_id", keyID = "key_id", issuedAt = "issued_at", detail
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(event, forKey: .event)
            try c.encode(time, forKey: .time)
            try c.encode(file, forKey: .file)
            try c.encode(teamID, forKey: .teamID)
            try c.encode(keyID, forKey: .keyID)
            try c.encode(issuedAt, forKey: .issuedAt)
            try c.encode(detail, forKey: .detail)
        }
    }

    func run() async throws {
        let interval = try RefreshInterval(parsing: refreshAfter)
        let gid = try group.map(Self.groupID)
        if sign, keystore.fleet.access.filled().kekFile == nil {
            throw APNsError.usage("--sign signs tokens, which needs the keystore's key-encryption key",
                                  hint: "pass --kek-file FILE or set APNSCTL_KEK_FILE; sender hosts run the agent without --sign")
        }
        let signer = sign ? AgentSigner(keystore: try keystore.open(), refreshAfter: interval) : nil
        let feed = try KeystoreStores.tokenFeed(keystore.location, access: keystore.fleet.access, watchesManifest: sign)
        var options = TokenAgent.Options(directory: directory, group: gid, metricsFile: metrics)
        options.once = once
        options.checkInterval = .milliseconds(Int64(max(0.05, checkInterval) * 1000))
        let agent = TokenAgent(feed: feed, signer: signer, options: options, clock: ProcessClock(),
                               report: output.isJSON ? Self.printJSONLine : Self.printTextLine)
        if once {
            try await agent.run()
            return
        }
        let signals = TerminationSignals.install()
        let running = Task { try await agent.run() }
        let stopper = Task {
            await signals.wait()
            running.cancel()
        }
        defer { stopper.cancel() }
        try await running.value
    }

    static func groupID(_ name: String) throws -> gid_t {
        if let entry = getgrnam(name) { return entry.pointee.gr_gid }
        if let number = gid_t(name) { return number }
        throw APNsError.usage("--group \(name): no such group", hint: "create it (`groupadd \(name)`) or name an existing one")
    }

    @Sendable static func printJSONLine(_ event: TokenAgent.Event) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let line = Line(event: event.kind.rawValue, time: Date(timeIntervalSince1970: TimeInterval(event.time)),
                        file: event.file, teamID: event.teamID, keyID: event.keyID,
                        issuedAt: event.issuedAt.map { Date(timeIntervalSince1970: TimeInterval($0)) }, detail: event.detail)
        guard let data = try? encoder.encode(line) else { return }
        StandardStream.output.write(Array(data) + [0x0A])
    }

    @Sendable static func printTextLine(_ event: TokenAgent.Event) {
        let what = [event.file, event.keyID.map { "key \($0)" },
                    event.issuedAt.map { "issued \(ISO8601Text.string(from: Date(timeIntervalSince1970: TimeInterval($0))))" },
                    event.detail].compactMap { $0 }.joined(separator: ", ")
        let stream = event.kind == .failed || event.kind == .disconnected ? StandardStream.error : StandardStream.output
        stream.write("\(ISO8601Text.string(from: Date(timeIntervalSince1970: TimeInterval(event.time)))) \(event.kind.rawValue) \(what)\n".utf8)
    }
}
