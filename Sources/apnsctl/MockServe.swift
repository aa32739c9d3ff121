import APNsCore
import APNsKeystore
import APNsMock
import APNsModel
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

    @Flag(help: "Replace an existing --ca-out file.")
    var force = false

    @Option(name: [.customLong("environment"), .customLong("env")],
            help: "Which APNs to play: development (sandbox) or production.")
    var environment: MockEnvironmentArgument = .development

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

    @Option(help: ArgumentHelp("The team id the --trust-key keys belong to.", valueName: "TEAMID"))
    var team: String?

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

    @Option(help: "Log format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together")
        }
        if tlsCert != nil && caOut != nil {
            throw ValidationError("--ca-out is only for the generated identity; it cannot be used with --tls-cert")
        }
        if !trustKeys.isEmpty && team == nil {
            throw ValidationError("--trust-key needs --team TEAMID (the team whose tokens the keys sign)")
        }
        if !(0...65535).contains(port) {
            throw ValidationError("--port \(port) is not a port number (0–65535)")
        }
        if !(0...65535).contains(channelsPort) {
            throw ValidationError("--channels-port \(channelsPort) is not a port number (0–65535)")
        }
        if channelsPort != 0, channelsPort == port {
            throw ValidationError("--channels-port \(channelsPort) is --port too: the management API needs its own port")
        }
        if channelLimit < 0 {
            throw ValidationError("--channel-limit must not be negative")
        }
        if !(1...1000).contains(maxStreamsBeforeSuccess) {
            throw ValidationError("--max-streams-before-success \(maxStreamsBeforeSuccess) is not between 1 and 1000")
        }
        if let threads, !(1...256).contains(threads) {
            throw ValidationError("--threads \(threads) is not between 1 and 256")
        }
        if tokenUpdateInterval < 0 {
            throw ValidationError("--token-update-interval must not be negative")
        }
    }

    func run() async throws {
        let logFormat: MockLogFormat = format == .json ? .json : .text
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
                caFile = try writeCA(pem)
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

    private func makeConfiguration(logFormat: MockLogFormat) throws -> MockServerConfiguration {
        var registered: [String: String] = [:]
        for entry in devices {
            let (token, topic) = try MockStartup.assignment(entry, flag: "--device", valueName: "TOKEN=TOPIC")
            registered[try MockStartup.deviceToken(token, flag: "--device")] = topic
        }
        let startedAt = Date()
        var gone: [String: Date] = [:]
        for token in unregistered {
            gone[try MockStartup.deviceToken(token, flag: "--unregistered")] = startedAt
        }
        var (keys, scopes) = try keystoreKeys()
        for entry in trustKeys {
            let argument = try TrustKeyArgument(parsing: entry)
            keys.append(try TrustedKey(keyID: argument.keyID, teamID: team ?? "", pemFile: argument.path))
            scopes[argument.keyID] = argument.scope
        }
        let policy = ValidationPolicy(environment: environment.value, devices: registered, unregistered: gone,
                                      trustedKeys: keys, keyScopes: scopes,
                                      badEnvironmentReason: badEnvironmentReason.reason,
                                      tokenUpdateInterval: tokenUpdateInterval)
        let tls: MockServerConfiguration.TLSSource
        if let tlsCert, let tlsKey {
            tls = .files(certificate: tlsCert, privateKey: tlsKey)
        } else {
            tls = .generate
        }
        let clientCAPEM = try clientCA.map { String(decoding: try SecureFile.read($0), as: UTF8.self) }
        var configuration = MockServerConfiguration(
            host: host, port: port, tls: tls, policy: policy, clientCAPEM: clientCAPEM, logFormat: logFormat,
            logSink: { Self.requestLog.write($0) }, retainedRequests: 0, streamsBeforeFirstSuccess: maxStreamsBeforeSuccess,
            threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
        configuration.streamThrottle = !noStreamThrottle
        configuration.channelsPort = channelsPort == 0 ? nil : channelsPort
        configuration.channelLimit = channelLimit
        configuration.broadcastDisabledBundleIDs = Set(broadcastDisabled)
        return configuration
    }

    /// The keys of the keystore, with their recorded scopes, when `--keystore` names one or the default location
    /// holds one.
    private func keystoreKeys() throws -> ([TrustedKey], [String: KeyScope]) {
        let location = keystore.location
        guard location.source == .flag
                || FileManager.default.fileExists(atPath: location.path + "/" + KeystoreLocation.manifestName) else {
            return ([], [:])
        }
        do {
            let opened = try keystore.open()
            let trusted = try opened.trustedKeys()
            let recorded = Dictionary(try opened.keys().map { ($0.keyID, $0.scope) }, uniquingKeysWith: { _, last in last })
            return (trusted, recorded.filter { keyID, _ in trusted.contains { $0.keyID == keyID } })
        } catch let error as APNsError where location.source != .flag {
            Console.warn("not trusting the keystore at \(location.path): \(error.message)")
            return ([], [:])
        }
    }

    private func writeCA(_ pem: String) throws -> String {
        let path: String
        if let caOut {
            path = caOut
        } else {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("apnsctl-mock-\(UUID().uuidString.prefix(8))").path
            try SecureFile.ensureDirectory(directory)
            path = directory + "/ca.pem"
        }
        // A PEM file ends in a newline, so `cat mock1-ca.pem mock2-ca.pem > both.pem` is a valid bundle.
        let text = pem.hasSuffix("\n") ? pem : pem + "\n"
        try SecureFile.write(Array(text.utf8), to: path, mode: 0o644, overwrite: force)
        return path
    }

    /// Request lines, written in batches at most 20 ms late (a `write(2)` per request was 9 % of the mock's CPU).
    private static let requestLog = BatchedLineWriter()

    private static func emit(_ line: String) {
        StandardStream.output.write((line + "\n").utf8)
    }
}

/// `--environment`'s values (a private type, so no other command's conformance of `APNsEnvironment` can clash).
enum MockEnvironmentArgument: String, ExpressibleByArgument, CaseIterable {
    case development
    case production

    var value: APNsEnvironment { self == .development ? .development : .production }
}

/// `--bad-environment-reason`'s values: the two spellings of the reason for a key of the other environment.
enum BadEnvironmentReasonArgument: String, ExpressibleByArgument, CaseIterable {
    case badEnvironmentKeyInToken = "BadEnvironmentKeyInToken"
    case badEnvironmentKeyIdInToken = "BadEnvironmentKeyIdInToken"

    var reason: APNsReason { self == .badEnvironmentKeyInToken ? .badEnvironmentKeyInToken : .badEnvironmentKeyIdInToken }
}
