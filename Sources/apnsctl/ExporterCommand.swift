import APNsCore
import APNsExporterConfiguration
import APNsOperations
import ArgumentParser

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
        let version = VersionReport.current()
        let running = try await ExporterRun.start(ExporterRun.Input(
            listen: try ListenAddress(parsing: listen), configFile: config, tokenDirectory: tokenDirectory,
            keystore: keystore.keystore, access: keystore.fleet.access, lockTimeout: keystore.lockTimeout,
            build: [("version", version.version), ("commit", version.commit), ("swift_version", version.swiftVersion)]))
        let address = running.address, url = address.url("/metrics"), file = config, json = output.isJSON
        Self.say(json, Event(event: "listening", host: address.host, port: address.port, targets: running.targets,
                             metrics: url), text: "listening on \(url) port=\(address.port) targets=\(running.targets)")
        await running.runUntilSignalled { result in
            do {
                try result.get()
                Self.say(json, Event(event: "reloaded", config: file), text: "reloaded \(file)")
            } catch {
                // The configuration in force stays; the line names the file, the line and the key.
                let shown = APNsError.presented(error) ?? APNsError.badInput("\(file): \(error)")
                StandardStream.error.write("apnsctl: error: \(shown.message)\napnsctl: hint: \(shown.hint)\n")
            }
        }
        Self.say(json, Event(event: "stopped"), text: "stopped")
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
}

extension ListenAddressError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .malformed(let text):
            return .usage("--listen \(text): not HOST:PORT", hint: "e.g. --listen 127.0.0.1:9464")
        case .cannotListen(let address, let port, let failure):
            let hint: String
            switch failure {
            case .addressInUse:
                hint = "another process listens on port \(port) (`ss -ltnp 'sport = :\(port)'` shows which); "
                    + "pick another --listen HOST:PORT, or port 0 for any free one"
            case .permissionDenied:
                hint = "ports below 1024 need privileges; pick a --listen port of 1024 or more, or 0 for any free one"
            case .addressNotAvailable:
                hint = "listen on 127.0.0.1 (the default's host) or an address this machine has"
            case .unresolvable:
                hint = "pass an IP address or a resolvable name in --listen HOST:PORT"
            case .other:
                hint = "pick another --listen HOST:PORT (port 0 picks a free one)"
            }
            return APNsError(.unreachable, "cannot listen on \(address): \(failure.words)", hint: hint)
        }
    }
}

extension ConfigurationError: UserFacingError {
    var presented: APNsError {
        APNsError.badInput(description, hint: key == nil
            ? "check the path given to --config"
            : "fix the key or the file it names (docs/exporter.md lists the keys), then start the exporter again "
                + "or send it SIGHUP")
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
