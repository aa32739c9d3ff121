import APNsCore
import APNsExporterConfiguration
import APNsKeystore
import APNsProvisioning
import Dispatch
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The long-running exporter: canaries on kept-open connections, credential expiry scans, and the metrics they
/// feed. ``apply(_:)`` swaps in a new configuration (SIGHUP), keeping the connections and counters of targets
/// that did not change.
public final class Exporter: Sendable {
    public let metrics: ExporterMetrics
    private let tokenDirectory: String?
    private let openKeystore: CredentialSource.KeystoreOpener
    private let state = Mutex(State())

    private struct State {
        var configuration: ExporterConfiguration?
        var runners: [String: CanaryRunner] = [:]
        var connections: [CanaryConnection.Key: CanaryConnection] = [:]
        var expiry: ExpiryWatcher?
    }

    /// `tokenDirectory` (a token agent's directory) overrides the configuration's `token_dir:`; `openKeystore`
    /// opens the configuration's `keystore:` (nil: the default keystore).
    public init(build: [(String, String)], tokenDirectory: String? = nil,
                openKeystore: @escaping CredentialSource.KeystoreOpener) {
        metrics = ExporterMetrics(build: build)
        self.tokenDirectory = tokenDirectory
        self.openKeystore = openKeystore
    }

    /// The configuration in force.
    public var configuration: ExporterConfiguration? { state.withLock { $0.configuration } }

    /// Starts (or, on reload, restarts) what `configuration` names: a runner per target, one connection per
    /// (server, credential), an expiry scan.
    public func apply(_ configuration: ExporterConfiguration) {
        let credentials = CredentialSource(keystore: configuration.keystore,
                                           tokenDirectory: tokenDirectory ?? configuration.tokenDirectory,
                                           openKeystore: openKeystore)
        let sameSource = state.withLock { state in
            state.configuration.map {
                $0.keystore == configuration.keystore && $0.tokenDirectory == configuration.tokenDirectory
            } ?? false
        }
        var started: [CanaryRunner] = []
        state.withLock { state in
            var runners: [String: CanaryRunner] = [:]
            var connections: [CanaryConnection.Key: CanaryConnection] = [:]
            for target in configuration.targets {
                let key = CanaryConnection.Key(server: target.server, credential: target.credential,
                                               caContents: target.server.caFile.flatMap {
                    try? SecureFile.read($0, limit: SecureFile.credentialLimit, offerStandardInput: false)
                })
                let connection = connections[key] ?? state.connections[key]
                    ?? CanaryConnection(key: key, timeout: configuration.targets.filter {
                        $0.server == target.server && $0.credential == target.credential
                    }.map(\.timeout).max() ?? target.timeout)
                connections[key] = connection
                if sameSource, let running = state.runners[target.name], running.target == target,
                   running.connection === connection {
                    runners[target.name] = running
                } else {
                    let runner = CanaryRunner(target: target, connection: connection, metrics: metrics,
                                              credentials: credentials)
                    runners[target.name] = runner
                    started.append(runner)
                }
            }
            for (name, runner) in state.runners where runners[name] !== runner { runner.stop() }
            state.runners = runners
            state.connections = connections
            state.expiry?.stop()
            state.expiry = ExpiryWatcher(configuration: configuration, metrics: metrics, openKeystore: openKeystore)
            state.configuration = configuration
        }
        metrics.recordReload(success: true, at: Date())
        for runner in started { runner.start() }
        state.withLock { $0.expiry }?.start()
    }

    /// Checks what `configuration` names (``ConfigurationCheck``): every file can be read, every canary passes the
    /// push rules. Throws a ``ConfigurationError`` naming the key and its line.
    public func check(_ configuration: ExporterConfiguration) throws(ConfigurationError) {
        try ConfigurationCheck(configuration: configuration, tokenDirectoryOverride: tokenDirectory,
                               openKeystore: openKeystore).run()
    }

    /// Reads `file` again with `load`, checks it (``check(_:)``: the files it names are read again, CA files
    /// included) and applies it; a file that does not load or pass is reported (thrown), the configuration in
    /// force is kept and the reload timestamp stays where it was.
    public func reload(_ file: String, using load: (String) throws -> ExporterConfiguration) throws {
        let configuration: ExporterConfiguration
        do {
            configuration = try load(file)
            try check(configuration)
        } catch {
            metrics.recordReload(success: false, at: Date())
            throw error
        }
        apply(configuration)
    }

    /// Stops every runner and scan, and waits for the rounds in flight to end (each within its target's timeout)
    /// and for a scan in progress (5 s at most).
    public func stop() {
        let (stopped, expiry) = state.withLock { state in
            for runner in state.runners.values { runner.stop() }
            state.expiry?.stop()
            defer {
                state.runners = [:]
                state.expiry = nil
            }
            return (Array(state.runners.values), state.expiry)
        }
        for runner in stopped { runner.waitUntilEnded(seconds: runner.target.timeout + 1) }
        expiry?.waitUntilEnded(seconds: 5)
    }
}

/// Scans the configuration's credentials (and its keystore, when it names one) every `expiry_interval`.
final class ExpiryWatcher: Sendable {
    private let configuration: ExporterConfiguration
    private let metrics: ExporterMetrics
    private let openKeystore: CredentialSource.KeystoreOpener
    private let stopped = LoopStop()
    /// Signalled when the loop has ended (after the scan in progress).
    private let ended = DispatchSemaphore(value: 0)

    init(configuration: ExporterConfiguration, metrics: ExporterMetrics,
         openKeystore: @escaping CredentialSource.KeystoreOpener) {
        self.configuration = configuration
        self.metrics = metrics
        self.openKeystore = openKeystore
    }

    func start() {
        LoopThread.start(name: "expiry") { [self] in
            while !stopped.isStopped {
                let started = Date()
                scan()
                stopped.pause(until: started.addingTimeInterval(configuration.expiryInterval))
            }
            ended.signal()
        }
    }

    func stop() { stopped.stop() }

    /// Waits until the started loop has ended, for at most `seconds` (see ``CanaryRunner/waitUntilEnded(seconds:)``).
    func waitUntilEnded(seconds: Double) {
        _ = ended.wait(timeout: .now() + seconds)
    }

    func scan() {
        let now = Date()
        let scanner = ExpiryScanner(now: now)
        var items = scanner.scan(paths: configuration.credentials)
        if let keystore = configuration.keystore {
            do {
                items += try scanner.scan(keystore: try openKeystore(keystore))
            } catch {
                ExporterLog.line("keystore \(keystore): \((error as? APNsError)?.message ?? String(describing: error))")
                items.append(ExpiryItem(kind: .unreadable, source: "keystore", file: keystore, name: keystore,
                                        error: (error as? APNsError)?.message))
            }
        }
        guard !stopped.isStopped else { return }
        // The profile judge (`profile verify`'s) refuses a tampered or unsigned profile: said, never silently fine.
        for item in items where item.verdict == .refused {
            ExporterLog.line("\(item.file): refused: " + item.findings.map { "\($0.name): \($0.detail)" }
                .joined(separator: "; "))
        }
        metrics.recordExpiry(items, at: now)
    }
}
