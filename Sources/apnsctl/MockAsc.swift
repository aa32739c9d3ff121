import APNsAppStoreConnectMock
import APNsCore
import APNsOperations
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl mock asc`: a local App Store Connect (TLS, JSON:API) for the provisioning verbs, until SIGINT/SIGTERM.
struct MockAsc: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "asc",
        abstract: "Serve a local App Store Connect API (bundle IDs, capabilities, devices, certificates, profiles).",
        discussion: """
        It answers the provisioning endpoints with Apple's JSON:API bodies and error shapes, checks every token as \
        Apple documents (ES256, kid of a trusted key, iss, aud appstoreconnect-v1, at most 20 minutes), refuses an \
        individual key there (403), and keeps its state in --state (read at start, rewritten after every change; \
        seed it through the API or by writing the file, see docs/mock.md). The profiles it makes are signed by its \
        CA, written to --ca-out, so `apnsctl profile verify PROFILE --ca FILE` verifies them; their entitlements \
        carry aps-environment only when the App ID has PUSH_NOTIFICATIONS when the profile is made.

        The first line of output says where it listens; SIGINT or SIGTERM stops it (exit 0) with a last line.

          apnsctl mock asc --port 8444 --ca-out asc-ca.pem --state asc-state.json \\
            --trust-asc-key ABC123DEFG=AuthKey_ABC123DEFG.p8,issuer=ISSUER_ID

        --fault plays an answer on the next requests, in the order given: rate-limit=N[,retry-after=S] (429 \
        RATE_LIMIT_EXCEEDED with Retry-After), html=N[,status=CODE] (an HTML page, 200 unless CODE), server-error=N \
        (500 UNEXPECTED_ERROR).
        """
    )

    @Option(help: "Address to listen on (loopback unless you name another).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one (printed on the first line).")
    var port = 8444

    @Option(name: .customLong("ca-out"), help: ArgumentHelp(
        "Where to write the CA certificate that signs its TLS certificate, certificates and profiles (default: a "
            + "new temporary directory).", valueName: "FILE"), completion: .file())
    var caOut: String?

    /// Replace an existing --ca-out file.
    @OptionGroup var replace: ForceOption
    var force: Bool { replace.force }

    @Option(name: .customLong("state"), help: ArgumentHelp(
        "The state file (JSON): read at start (absent: empty), rewritten after every change.", valueName: "FILE"),
            completion: .file())
    var state: String?

    @Option(name: .customLong("log"), help: ArgumentHelp(
        "Append one JSON line per exchange (method, path, query, request_body, status, response_body, content_type).",
        valueName: "FILE"), completion: .file())
    var log: String?

    @Option(name: .customLong("trust-asc-key"), help: ArgumentHelp(
        "Accept tokens of this App Store Connect key (public PEM or .p8): a team key with its issuer id, or an "
            + "individual key.", valueName: "KEYID=PEMFILE,issuer=ISSUER_ID|individual"), completion: .file())
    var trustKeys: [String] = []

    @Option(name: .customLong("fault"), help: ArgumentHelp(
        "Answer the next requests with a fault (see above).", valueName: "KIND=N[,OPTION=VALUE]"))
    var faults: [String] = []

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("Server certificate (chain), PEM.", valueName: "FILE"),
            completion: .file())
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("Server private key, PEM.", valueName: "FILE"),
            completion: .file())
    var tlsKey: String?

    /// The first and last lines' format.
    @OptionGroup var output: FormatOptions

    func run() async throws {
        let keys = try trustKeys.map(MockAscOptions.trustedKey)
        let faultList = try faults.map(MockAscOptions.fault)
        let configuration = MockAppStoreConnectConfiguration(
            host: host, port: port, statePath: state, trustedKeys: keys,
            tlsIdentity: try MockAscOptions.tlsIdentity(certificate: tlsCert, key: tlsKey), logPath: log,
            faults: faultList)
        if !configuration.isLoopback {
            Console.warn("listening on \(host), which is not loopback: other machines can reach this mock")
        }
        if keys.isEmpty {
            Console.warn("no --trust-asc-key: every request will be answered 401 NOT_AUTHORIZED")
        }
        let signals = TerminationSignals.install()
        let server = try await MockAppStoreConnectServer.start(configuration)
        // The CA file is written once the port is bound, so a failed start leaves no file behind.
        let caFile: String
        do {
            caFile = try MockCertificateAuthorityFile.write(server.caCertificatePEM, to: caOut, overwrite: force)
        } catch {
            try? await server.stop()
            throw error
        }
        Self.emit(MockAscOptions.listeningLine(host: host, port: server.port, keys: keys, stateFile: state,
                                               logFile: log, caFile: caFile,
                                               faults: faultList.reduce(0) { $0 + $1.count }, json: output.isJSON))
        await signals.wait()
        try? await server.stop()
        Self.emit(MockAscOptions.stoppedLine(requests: server.requestCount, json: output.isJSON))
    }

    static func emit(_ line: String) {
        StandardStream.output.write((line + "\n").utf8)
    }
}
