import APNsCore
import APNsCredentials
import APNsExporter
import APNsExporterConfiguration
import APNsKeystore
import APNsKeystoreEtcd
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl exporter`: canaries on kept-open connections and credential expiry, served to Prometheus.
struct ExporterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exporter",
        abstract: "Serve APNs canaries, credential expiry and token ages to Prometheus (/metrics, /healthz).",
        discussion: """
        Reads a YAML file naming canary targets (environment: or host:, team:/key_id: or cert:, topic:, \
        push_type:, interval:) and credentials to watch for expiry (docs/exporter.md). Each (server, credential) \
        gets one HTTP/2 connection, kept open and reused across rounds; one APNs closed is reopened and counted. \
        Tokens come from the keystore's shared cache, or from a token agent's files with --token-dir: the exporter \
        never signs more often than the rest of the fleet. Apple's hosts are probed once a minute at most \
        (default every 5 minutes).

        SIGHUP reloads the file (a file that does not load is reported on stderr and the one in force is kept); \
        SIGTERM or SIGINT stops it (exit 0).
        """)

    @Option(help: ArgumentHelp("The exporter's configuration (YAML).", valueName: "FILE"), completion: .file())
    var config: String

    @Option(help: ArgumentHelp("Address to serve /metrics and /healthz on (port 0: a free one, printed).",
                               valueName: "HOST:PORT"))
    var listen: String = "127.0.0.1:9464"

    @Option(name: .customLong("token-dir"), help: ArgumentHelp(
        "Read provider tokens from a token agent's DIR/TEAM-ENV.token files instead of the keystore's cache.",
        valueName: "DIR"), completion: .directory)
    var tokenDirectory: String?

    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        OpenSSLRuntime.bootstrap()  // before any thread: no clean-up at exit under a thread still in OpenSSL
        let (host, port) = try Self.address(listen)
        let tool = try ExporterConfigTool.locate()
        let loaded = try tool.load(config)
        let fleet = keystore.fleet.access, flag = keystore.keystore, lockTimeout = keystore.lockTimeout
        let version = VersionReport.current()
        let exporter = Exporter(build: [("version", version.version), ("commit", version.commit),
                                        ("swift_version", version.swiftVersion)],
                                tokenDirectory: tokenDirectory) { path in
            try KeystoreStores.open(KeystoreLocation.resolve(flag: path ?? flag), access: fleet, clock: ProcessClock(),
                                    lockTimeout: lockTimeout)
        }
        let server: MetricsServer
        do {
            server = try await MetricsServer.start(host: host, port: port) { exporter.metrics.render() }
        } catch {
            throw APNsError(.unreachable, "cannot listen on \(error.address): \(error.reason)",
                            hint: "pick another --listen HOST:PORT (port 0 picks a free one)")
        }
        exporter.apply(loaded)
        emitListening(host: host, port: server.port, targets: loaded.targets.count)
        let file = config, json = output.isJSON
        let (stops, continuation) = AsyncStream.makeStream(of: Int32.self)
        let signals = ExporterSignals(reload: {
            do {
                try exporter.reload(file, using: tool.load)
                Self.say(json, Event(event: "reloaded", config: file), text: "reloaded \(file)")
            } catch {
                // The configuration in force stays; the line names the file, the line and the key.
                let shown = APNsError.presented(error) ?? APNsError.badInput("\(file): \(error)")
                StandardStream.error.write("apnsctl: error: \(shown.message)\napnsctl: hint: \(shown.hint)\n")
            }
        }, stop: { continuation.yield($0) })
        for await _ in stops { break }
        signals.cancel()
        exporter.stop()
        await server.stop()
        Self.say(json, Event(event: "stopped"), text: "stopped")
    }

    private func emitListening(host: String, port: Int, targets: Int) {
        let shown = host.contains(":") ? "[\(host)]" : host
        let url = "http://\(shown):\(port)/metrics"
        Self.say(output.isJSON, Event(event: "listening", host: host, port: port, targets: targets, metrics: url),
                 text: "listening on \(url) port=\(port) targets=\(targets)")
    }

    /// One line of the exporter's own log (`--format json`: docs/json/exporter.schema.json).
    struct Event: Encodable {
        var event: String
        var host: String? = nil
        var port: Int? = nil
        var targets: Int? = nil
        var metrics: String? = nil
        var config: String? = nil
    }

    private static func say(_ json: Bool, _ event: Event, text: String) {
        if json { Console.printJSONLine(event) } else { StandardStream.output.write(text + "\n") }
    }

    /// `HOST:PORT` (an IPv6 host in brackets).
    static func address(_ text: String) throws -> (String, Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
              (0...65535).contains(port) else {
            throw APNsError.usage("--listen \(text): not HOST:PORT", hint: "e.g. --listen 127.0.0.1:9464")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return (host.isEmpty ? "0.0.0.0" : host, port)
    }
}

extension ConfigurationError: UserFacingError {
    var presented: APNsError {
        APNsError.badInput(description, hint: line == nil
            ? "check the path given to --config"
            : "fix the key (docs/exporter.md lists them), then start the exporter again or send it SIGHUP")
    }
}

extension ExporterConfigToolError: UserFacingError {
    var presented: APNsError {
        let tool = ExporterConfigTool.self
        let hint = "the apnsctl package installs \(tool.installedDirectory)/\(tool.name) (make install: "
            + "PREFIX/lib/apnsctl/; the tarball: beside apnsctl); \(tool.overrideVariable)=PATH names another"
        switch self {
        case .missing(let paths):
            return APNsError.badInput("cannot read the exporter's configuration: \(tool.name) is not at "
                                      + paths.joined(separator: " nor "), hint: hint)
        case .failed(let file, let reason):
            return APNsError.badInput("cannot read \(file): \(reason)", hint: hint)
        }
    }
}
