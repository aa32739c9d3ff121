import APNsCore
import APNsKeystore
import APNsMock
import APNsModel
import APNsOperations
import APNsTokens
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl mock serve`: a local APNs over TLS + HTTP/2 that validates like the real one, until SIGINT/SIGTERM.
struct MockServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a local APNs stand-in (TLS, HTTP/2 only) until interrupted.",
        discussion: """
        The first line of output says where it listens (and which CA to trust when it made its own certificate); \
        then one line per request. SIGINT or SIGTERM sends every connection a GOAWAY {"reason":"Shutdown"} and exits 0.

        --client-ca: a CA, and an APNs-style development client certificate it signs (subject UID = the bundle \
        id; extension 1.2.840.113635.100.6.3.1 = sandbox, .2 = production), made with openssl:

          openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \\
            -days 30 -subj "/CN=Mock client CA" \\
            -keyout client-ca.key -out client-ca.pem
          openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \\
            -subj "/UID=com.example.app/CN=com.example.app" \\
            -keyout client.key -out client.csr
          printf '1.2.840.113635.100.6.3.1=ASN1:NULL\\n' > client.ext
          openssl x509 -req -in client.csr -CA client-ca.pem -CAkey client-ca.key \\
            -days 30 -extfile client.ext -out client.pem
          apnsctl mock serve --client-ca client-ca.pem

        Clients then authenticate with client.pem and client.key.

        --channels-port N also serves the broadcast channel management API (create, read, delete and list \
        channels, as at api-manage-broadcast.push.apple.com) on its own port, with the same certificate, keys and \
        log; broadcast pushes go to --port. See docs/channels.md for the statuses chosen where Apple is silent.

        Keys have scopes (Apple's 2025 model): a key that does not cover --environment answers 403 \
        BadEnvironmentKeyInToken (--bad-environment-reason), a topic-specific key sending to a topic it does not \
        list (a listed bundle id covers its .voip, .complication, … topics) answers 400 TopicDisallowed, and the \
        first accepted push binds its connection to its key: 403 UnrelatedKeyIdInToken for a key that may not share \
        it. Keystore keys carry their recorded scope; --trust-key ABC123DEFG=key.pem,env=production,\
        topics=com.example.app,related=XYZ987WVUT declares one (see docs/mock.md).
        """
    )

    @Option(help: "Address to listen on (loopback unless you name another).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one (printed on the first line).")
    var port = 8443

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("Server certificate (chain), PEM.", valueName: "FILE"),
            completion: .file())
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("Server private key, PEM.", valueName: "FILE"),
            completion: .file())
    var tlsKey: String?

    @Option(name: .customLong("ca-out"), help: ArgumentHelp(
        "Where to write the generated CA certificate (default: a new temporary directory).", valueName: "FILE"),
            completion: .file())
    var caOut: String?

    @OptionGroup var forceOption: ForceOption
    var force: Bool { forceOption.force }

    @OptionGroup var environment: EnvironmentOption

    @Option(name: .customLong("environment"), help: ArgumentHelp(
        "Which APNs to play, as --env (development when neither is given).", valueName: "ENV"))
    var environmentLong: APNsEnvironment?

    @Option(name: .customLong("device"), help: ArgumentHelp("Register a device token for a topic.",
                                                            valueName: "TOKEN=TOPIC"))
    var devices: [String] = []

    @Option(name: .customLong("unregistered"), help: ArgumentHelp(
        "A device token that answers 410 Unregistered.", valueName: "TOKEN"))
    var unregistered: [String] = []

    @Option(name: .customLong("trust-key"), help: ArgumentHelp(
        "Trust provider tokens signed by this key (public PEM or .p8) for --team. SCOPE, comma-separated: "
            + "env=development|production|both (default both), topics=a+b (a topic-specific key: one env), "
            + "related=KEYID (its related key).",
        valueName: "KEYID=PEMFILE[,SCOPE]"),
            completion: .file())
    var trustKeys: [String] = []

    @Option(name: .customLong("bad-environment-reason"), help: ArgumentHelp(
        "How to answer a key of the other environment: BadEnvironmentKeyInToken (as APNs has been seen to) or "
            + "BadEnvironmentKeyIdInToken (Apple's documented spelling).", valueName: "REASON"))
    var badEnvironmentReason: BadEnvironmentReasonArgument = .badEnvironmentKeyInToken

    @OptionGroup var teamOption: TeamOption
    var team: String? { teamOption.team }

    @OptionGroup(title: "Keystore (its staged, active and in-grace keys are trusted when it exists)")
    var keystore: KeystoreOptions

    @Option(name: .customLong("client-ca"), help: ArgumentHelp(
        "Accept client certificates issued by this CA (PEM) for certificate authentication.", valueName: "FILE"),
            completion: .file())
    var clientCA: String?

    @Option(name: .customLong("token-update-interval"), help: ArgumentHelp(
        "Shortest time a connection must keep a token before changing it (429 otherwise).", valueName: "SECONDS"))
    var tokenUpdateInterval: Double = 20 * 60

    @Option(name: .customLong("max-streams-before-success"), help: ArgumentHelp(
        "Concurrent streams a token connection may open until a push on it succeeds (APNs: 1; then 1000).",
        valueName: "N"))
    var maxStreamsBeforeSuccess = 1

    @Flag(name: .customLong("no-stream-throttle"), help: ArgumentHelp(
        "Keep a connection's stream limit after a rejected push (APNs lowers it to 1 until the next success)."))
    var noStreamThrottle = false

    @Option(help: ArgumentHelp("Event-loop threads serving connections (default: this machine's cores).",
                               valueName: "N"))
    var threads: Int?

    @Option(name: .customLong("channels-port"), help: ArgumentHelp(
        "Serve the broadcast channel management API on this port too (0: not served).", valueName: "N"))
    var channelsPort = 0

    @Option(name: .customLong("channel-limit"), help: ArgumentHelp(
        "Channels one app may have (APNs: 10000); more is CannotCreateChannelConfig.", valueName: "N"))
    var channelLimit = 10_000

    @Option(name: .customLong("broadcast-disabled"), help: ArgumentHelp(
        "An app without the broadcast capability: its channel calls get FeatureNotEnabled.", valueName: "BUNDLE_ID"))
    var broadcastDisabled: [String] = []

    /// The request log's format.
    @OptionGroup var output: FormatOptions

    func run() async throws {
        let logFormat: MockLogFormat = output.isJSON ? .json : .text
        let server = try MockAPNsServer(configuration: try makeConfiguration(logFormat: logFormat))
        if !server.configuration.isLoopback {
            Console.warn("listening on \(host), which is not loopback: other machines can reach this mock")
        }
        let signals = TerminationSignals.install()
        let bound = try await server.start()
        // The CA file is written only once the port is bound, so a failed start leaves no file behind.
        var caFile: String?
        if let pem = server.certificateAuthorityPEM {
            do {
                caFile = try MockCertificateAuthorityFile.write(pem, to: caOut, overwrite: force)
            } catch {
                await server.stop(reason: .shutdown)
                throw error
            }
        }
        Self.emit(MockStartup.listeningLine(host: host, port: bound, policy: server.configuration.policy,
                                            caFile: caFile, channelsPort: server.channelsPort, format: logFormat))
        await signals.wait()
        await server.stop(reason: .shutdown)
        Self.requestLog.flush()
        Self.emit(MockStartup.stoppedLine(reason: .shutdown, requests: server.requestCount, format: logFormat))
    }

    /// Request lines, written in batches at most 20 ms late (a `write(2)` per request was 9 % of the mock's CPU).
    static let requestLog = BatchedLineWriter()

    static func emit(_ line: String) {
        StandardStream.output.write((line + "\n").utf8)
    }
}
