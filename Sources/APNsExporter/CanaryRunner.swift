import APNsCore
import APNsExporterConfiguration
import APNsProbe
import Dispatch
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs one target's canaries on its own thread: a round every `interval` on the shared ``CanaryConnection``,
/// each recorded in ``ExporterMetrics``, until ``stop()``.
final class CanaryRunner: Sendable {
    let target: CanaryTarget
    let connection: CanaryConnection
    private let metrics: ExporterMetrics
    private let credentials: CredentialSource
    private let stopped = LoopStop()
    /// Signalled when the loop has ended (after the round in flight).
    private let ended = DispatchSemaphore(value: 0)

    init(target: CanaryTarget, connection: CanaryConnection, metrics: ExporterMetrics, credentials: CredentialSource) {
        self.target = target
        self.connection = connection
        self.metrics = metrics
        self.credentials = credentials
    }

    func start() {
        LoopThread.start(name: "canary \(target.name)") { [self] in
            loop()
            ended.signal()
        }
    }

    /// Ends the loop after the round in flight (if any).
    func stop() { stopped.stop() }

    /// Waits until the started loop has ended, for at most `seconds`: a process that exits while a round reads a
    /// credential or holds a connection's TLS state would race OpenSSL's clean-up at exit.
    func waitUntilEnded(seconds: Double) {
        _ = ended.wait(timeout: .now() + seconds)
    }

    private var isStopped: Bool { stopped.isStopped }

    private func loop() {
        while !isStopped {
            let started = Date()
            round()
            stopped.pause(until: started.addingTimeInterval(target.interval))
        }
    }

    /// One canary: its credential, the request on the kept-open connection, the answer into the metrics.
    func round() {
        let started = Date()
        let resolved: CredentialSource.Resolved
        do {
            resolved = try credentials.resolve(target)
        } catch {
            ExporterLog.line("target \(target.name): \(error.message)")
            metrics.recordUnsent(target: target, failure: error, at: started)
            return
        }
        // A VoIP Services certificate's canary is a voip push to `<bundle id>.voip`, as probe sends it.
        var canary = CanaryRequest.canary(topic: target.topic ?? resolved.certificateTopic,
                                          pushType: target.pushType ?? resolved.certificatePushType ?? .background)
        canary.apnsID = CanaryRequest.freshID()
        if let token = resolved.token {
            metrics.recordToken(teamID: token.teamID, keyID: token.keyID,
                                environment: target.server.environment?.rawValue ?? "custom", issuedAt: token.issuedAtDate)
        }
        // A certificate target without `topic:` is labelled with the certificate's bundle id, the topic APNs takes.
        var target = self.target
        if target.topic == nil { target.topic = resolved.certificateTopic }
        let configuration = ProbeConfiguration(
            target: ProbeTarget(host: target.server.host, port: target.server.port, environment: target.server.environment),
            credential: resolved.credential, caFile: target.server.caFile, canary: canary, timeout: target.timeout)
        let round = connection.send(canary, credential: resolved.credential, timeout: target.timeout)
        switch round.ping {
        case .success(let ping): metrics.recordPing(target: target, roundTrip: ping.roundTrip)
        case .failure(let error):
            ExporterLog.line("target \(target.name): PING: \(error.message); the connection is reopened")
            metrics.recordPing(target: target, roundTrip: nil)
        case nil: break
        }
        let report = Prober.report(configuration: configuration, exchanges: [round.exchange], startedAt: started)
        metrics.record(report, target: target)
    }
}

/// The exporter's own lines on stderr (a failed round, a reload), never a secret.
public enum ExporterLog {
    public static func line(_ text: String) {
        StandardStream.error.write("exporter: \(text)\n")
    }
}
