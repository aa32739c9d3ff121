import APNsCore
import APNsCredentials
import APNsOperations
import APNsTokenAgent
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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

    @Option(name: [.customLong("out-dir"), .customLong("out")], help: ArgumentHelp(
        "The directory of the token files (created 0750; --out is its old spelling).", valueName: "DIR"),
            completion: .directory)
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
        @Nullable var file: String?
        @Nullable var teamID: String?
        @Nullable var keyID: String?
        @Nullable var issuedAt: Date?
        @Nullable var detail: String?
        enum CodingKeys: String, CodingKey {
            case event, time, file, teamID = "team_id", keyID = "key_id", issuedAt = "issued_at", detail
        }
    }

    func run() async throws {
        OpenSSLRuntime.bootstrap()  // before any thread: no clean-up at exit under a thread still in OpenSSL
        let agent = try TokenAgentSetup.agent(TokenAgentSetup.Input(
            directory: directory, group: group, metricsFile: metrics, sign: sign, refreshAfter: refreshAfter, once: once,
            checkInterval: checkInterval, location: keystore.location, access: keystore.fleet.access,
            open: { [keystore] in try keystore.open() }), report: output.isJSON ? Self.printJSONLine : Self.printTextLine)
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

    @Sendable static func printJSONLine(_ event: TokenAgent.Event) {
        let line = Line(event: event.kind.rawValue, time: Date(timeIntervalSince1970: TimeInterval(event.time)),
                        file: event.file, teamID: event.teamID, keyID: event.keyID,
                        issuedAt: event.issuedAt.map { Date(timeIntervalSince1970: TimeInterval($0)) }, detail: event.detail)
        Console.printJSONLine(line)
    }

    @Sendable static func printTextLine(_ event: TokenAgent.Event) {
        let what = [event.file, event.keyID.map { "key \($0)" },
                    event.issuedAt.map { "issued \(ISO8601Text.string(from: Date(timeIntervalSince1970: TimeInterval($0))))" },
                    event.detail].compactMap { $0 }.joined(separator: ", ")
        let stream = event.kind == .failed || event.kind == .disconnected ? StandardStream.error : StandardStream.output
        stream.write("\(ISO8601Text.string(from: Date(timeIntervalSince1970: TimeInterval(event.time)))) \(event.kind.rawValue) \(what)\n".utf8)
    }
}

extension TokenAgentSetupError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .signingNeedsKEK:
            return APNsError.usage("--sign signs tokens, which needs the keystore's key-encryption key",
                                   hint: "pass --kek-file FILE or set APNSCTL_KEK_FILE; sender hosts run the agent without --sign")
        case .noSuchGroup(let name):
            return APNsError.usage("--group \(name): no such group",
                                   hint: "create it (`groupadd \(name)`) or name an existing one")
        }
    }
}
