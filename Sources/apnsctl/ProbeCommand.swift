import APNsCore
import APNsCredentials
import APNsKeystore
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

    @Option(help: "Output: text, json, or prometheus (for node_exporter's textfile collector).")
    var format: ProbeFormat = .text

    @Option(help: ArgumentHelp("Write the report to FILE atomically instead of stdout (replaced each run, 0644): "
                               + "node_exporter never reads half a file.", valueName: "FILE"), completion: .file())
    var out: String?

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
        let place = channels
            ? try ChannelTarget.resolve(environment: target.env, host: target.host, port: target.port)
            : try ProbeTarget.resolve(environment: target.env, host: target.host, port: target.port)
        let resolved = try credential.resolve(for: place.environment, topic: channels ? nil : canary.topic)
        let count = interval == nil ? self.count : 1
        var configuration = channels
            ? try channelsConfiguration(resolved, target: target, count: count)
            : try target.configuration(credential: resolved.credential,
                                       canary: try canary.request(defaultTopic: resolved.defaultTopic), count: count)
        configuration.signingKey = resolved.signingKey
        let prober = Prober(configuration)
        if !channels { try prober.validate() }
        let rounds = interval == nil ? 1 : self.count
        let reports = try prober.watch(rounds: rounds, interval: interval ?? 0) { report in
            var report = report
            resolved.describe(&report)
            report = ProbeHints.refine(report, target: place, signingKey: resolved.signingKey, cacert: target.cacert)
            if channels {
                // No device token and no push type: a GET of the app's channel list.
                report.deviceToken = ""
                report.dummyDeviceToken = false
                report.verdict = ReasonCatalog.channelManagementVerdict(report.verdict, reason: report.reason)
            }
            if channels, report.verdict.outcome == .healthy {
                report.verdict.summary = "the channel management host accepted TLS, HTTP/2 and the credential "
                    + "(\(report.status.map(String.init) ?? "2xx") to a read-only all-channels request)"
            }
            try emit(report, round: rounds > 1 ? report : nil)
        }
        let worst = Verdict.worst(reports.map(\.verdict))?.exitStatus ?? .internalError
        if worst != .ok { throw ExitCode(worst.rawValue) }
    }

    /// `--channels`: the management host of the environment (or --host/--port), asked for the app's channel list.
    private func channelsConfiguration(_ resolved: ResolvedCredential, target: ProbeTargetOptions,
                                       count: Int) throws -> ProbeConfiguration {
        guard let topic = canary.topic ?? resolved.defaultTopic else {
            throw APNsError.usage("--channels needs the app's bundle id", hint: "pass --topic com.example.app")
        }
        let bundleID = APNsPushType.bundleID(ofTopic: topic)
        let place = try ChannelTarget.resolve(environment: target.env, host: target.host, port: target.port)
        if let cacert = target.cacert { _ = try SecureFile.read(cacert, limit: 16 << 20) }
        return ProbeConfiguration(target: place, credential: resolved.credential, caFile: target.cacert,
                                  canary: ChannelRequest.list(bundleID: bundleID), count: count, timeout: target.timeout)
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
        case .text:
            var text = ReportText.render(report)
            if round != nil {
                text = "[\(ISO8601Text.string(from: report.startedAt))] " + text
            }
            return Data(text.utf8)
        case .json:
            // One compact object per round with --interval (JSON Lines, for `jq` and log shippers); else pretty.
            let encoder = JSONEncoder()
            encoder.outputFormatting = round != nil ? [.sortedKeys, .withoutEscapingSlashes]
                                                    : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            return try encoder.encode(report) + Data("\n".utf8)
        case .prometheus:
            return Data(PrometheusText.render(report).utf8)
        }
    }
}

/// `--format` for probe: text, json, or Prometheus text exposition.
enum ProbeFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, prometheus
}

extension APNsPushType: ExpressibleByArgument {}

/// A credential resolved from the options: what to send, the topic it implies (a certificate's bundle id), and
/// the keystore key that signed the token with its recorded scope (for the verdict's hints).
struct ResolvedCredential {
    var credential: ProbeCredential
    var defaultTopic: String?
    var signingKey: SigningKeyDescription?
    /// A ready token's `kid` and `iss` (a token file or variable: no recorded scope); nil otherwise.
    var tokenKey: (keyID: String, teamID: String)? = nil

    /// Says in `report` which key signed the token: the keystore key with its recorded scope, else a ready
    /// token's `kid` and `iss`.
    func describe(_ report: inout ProbeReport) {
        if let signingKey {
            report.describeSigningKey(signingKey)
        } else if let tokenKey {
            report.keyID = tokenKey.keyID
            report.teamID = tokenKey.teamID
        }
    }
}

/// How the probe authenticates: a keystore key's cached token, a ready token, or a client certificate.
struct ProbeCredentialOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Authenticate with this team's key from the keystore (its cached token).",
                               valueName: "TEAMID"), completion: KeystoreCompletion.teams)
    var team: String?

    @Option(name: .customLong("key-id"), help: ArgumentHelp(
        "Sign with this keystore key instead of the team's active key for --env.", valueName: "KEYID"),
            completion: KeystoreCompletion.keyIDs)
    var key: String?
    @Option(name: .customLong("key"), help: .hidden) var keyFlag: String?

    @OptionGroup var keystore: KeystoreOptions

    @Option(name: .customLong("token-file"), help: ArgumentHelp(
        "Authenticate with the provider token (JWT) in FILE.", valueName: "FILE"), completion: .file())
    var tokenFile: String?

    @Option(name: .customLong("token-env"), help: ArgumentHelp(
        "Authenticate with the provider token (JWT) in environment variable NAME.", valueName: "NAME"))
    var tokenEnv: String?

    @Option(help: ArgumentHelp("Authenticate with this client certificate: .p12, or PEM with its key.",
                               valueName: "FILE"), completion: .file())
    var cert: String?

    @OptionGroup var secret: SecretOptions

    func validate() throws {
        let given = [tokenFile, tokenEnv, cert, team ?? key].compactMap { $0 }
        if given.count > 1 {
            throw ValidationError("use one credential: --team/--key-id (keystore), --token-file, --token-env or --cert")
        }
        if let keyFlag { throw KeyFlag.usage(keyFlag) }
    }

    /// The credential, and the topic it implies (a certificate's bundle id). A keystore key must cover
    /// `apnsEnvironment` (nil: a server of unknown environment, so the key must cover both) and `topic`
    /// (``KeySelection``).
    func resolve(for apnsEnvironment: APNsEnvironment?, topic: String? = nil,
                 environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ResolvedCredential {
        if let tokenFile {
            let text = String(decoding: try SecureFile.read(tokenFile, limit: 64 * 1024), as: UTF8.self)
            return try token(text, source: tokenFile)
        }
        if let tokenEnv {
            guard let text = environment[tokenEnv], !text.isEmpty else {
                throw APNsError.usage("environment variable \(tokenEnv) is not set",
                                      hint: "export \(tokenEnv)=$(apnsctl token issue …), or use --token-file FILE")
            }
            return try token(text, source: "$\(tokenEnv)")
        }
        if let cert {
            return try certificate(cert)
        }
        if team != nil || key != nil {
            if let team { try AppleIdentifier.validate(team, what: "team id", flag: "--team") }
            if let key { try AppleIdentifier.validate(key, what: "key id", flag: "--key-id") }
            let store = try keystore.open(secrets: secret)
            let issued = try store.token(team: team, keyID: key, environment: apnsEnvironment, topic: topic)
            return ResolvedCredential(credential: .token(issued.token.compact, issuedAt: issued.token.issuedAtDate),
                                      signingKey: try SigningKeyDescription(store.key(issued.token.keyID)))
        }
        return ResolvedCredential(credential: .none)
    }

    private func token(_ text: String, source: String) throws -> ResolvedCredential {
        let compact = text.trimmingWhitespace()
        do {
            let parsed = try ProviderToken(parsing: compact)
            return ResolvedCredential(credential: .token(parsed.compact, issuedAt: parsed.issuedAtDate),
                                      tokenKey: (parsed.keyID, parsed.teamID))
        } catch let error as APNsError {
            let error = error.worded
            throw APNsError.badInput("\(source): \(error.message)", hint: error.hint)
        }
    }

    /// Reads a .p12 (legacy included) or PEM with APNsCredentials and hands libcurl the certificate chain and key
    /// as PEM in memory; the certificate's bundle id becomes the default topic.
    private func certificate(_ path: String) throws -> ResolvedCredential {
        let source = secret.source(prompt: "Password for \(path): ")
        let bundle = try CredentialReader(password: { try source.resolve() }).read(path: path)
        guard let leaf = bundle.leaf else {
            throw APNsError.badInput("\(path): holds no certificate", hint: "pass the push certificate's .p12 or PEM file")
        }
        guard let privateKey = bundle.privateKey else {
            throw APNsError.badInput("\(path): holds no private key for the certificate",
                                     hint: "export the certificate with its key as .p12 from Keychain Access")
        }
        if bundle.keyMatchesLeaf == false {
            throw APNsError.badInput("\(path): the private key does not belong to the certificate",
                                     hint: "export the certificate and its own key together")
        }
        let now = Date()
        if leaf.notAfter <= now {
            // Said before connecting: the server's answer will only be a TLS alert ("certificate expired").
            Console.warn("\(path): the certificate expired on \(ISO8601Text.string(from: leaf.notAfter)) "
                         + "(\(Wording.timeLeft(until: leaf.notAfter, now: now))): APNs will refuse it")
        } else if leaf.notBefore > now {
            Console.warn("\(path): the certificate is not valid before \(ISO8601Text.string(from: leaf.notBefore)): "
                         + "APNs will refuse it (or this machine's clock is wrong)")
        }
        let chain = bundle.certificates.map(\.pemEncoded).joined(separator: "\n")
        return ResolvedCredential(
            credential: .pem(certificate: Array(chain.utf8), key: Array(try privateKey.pkcs8PEM.utf8), keyPassword: nil),
            defaultTopic: leaf.bundleID)
    }
}
