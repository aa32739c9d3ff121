import APNsCore
import APNsKeystore
import APNsKeystoreEtcd
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The agent's state between inputs, and what each input does to the files, the metrics and the signer.
struct AgentLoop {
    let agent: TokenAgent
    var state = AgentState()
    var metrics = AgentMetrics()
    /// Since when etcd has been out of reach (unix seconds), nil while connected.
    var lostSince: Int64?
    /// The active keys a signing agent keeps fresh; nil until read (again after the manifest changes).
    var activeKeys: [KeyRecord]?
    /// When a key's last failed refresh may be retried (unix seconds).
    var retryAfter: [String: Int64] = [:]
    var lastMetrics = ""
    /// The last written text without its age lines, and when it was written (unix seconds).
    var lastMetricsStable: [Substring] = []
    var lastMetricsWrite: Int64 = 0
    var signedAny = false

    init(agent: TokenAgent) { self.agent = agent }

    var now: Int64 { Int64(agent.clock.now().timeIntervalSince1970.rounded(.down)) }

    mutating func handle(_ input: TokenAgent.Input) throws {
        switch input {
        case .snapshot(let records):
            state.replaceAll(records)
            activeKeys = nil
            if lostSince != nil || !metrics.etcdUp { emit(.connected, detail: agent.feed.location) }
            lostSince = nil
            metrics.etcdUp = true
            metrics.lastContact = now
        case .change(let change):
            if change == .manifestChanged { activeKeys = nil }
            state.apply(change)
            metrics.lastContact = now
        case .lost(let reason):
            if lostSince == nil {
                lostSince = now
                emit(.disconnected, detail: reason)
            }
            metrics.etcdUp = false
        case .tick:
            break
        }
        if lostSince == nil { refreshDueTokens() }
        try reconcile()
    }

    /// A signing agent signs what is missing or due (another agent may have done it: then nothing is signed).
    mutating func refreshDueTokens() {
        guard let signer = agent.signer else { return }
        let now = self.now
        if activeKeys == nil { activeKeys = try? signer.activeKeys() }
        let due = AgentSigner.due(activeKeys ?? [], records: state.records, now: now, refreshAfter: signer.refreshAfter)
        for key in due where (retryAfter[key.keyID] ?? 0) <= now {
            do {
                if let token = try signer.refresh(key) {
                    metrics.signatures += 1
                    signedAny = true
                    emit(.signed, teamID: key.teamID, keyID: key.keyID, issuedAt: token.issuedAt)
                }
                retryAfter[key.keyID] = now + 5
            } catch {
                // Another host revoked or retired the key meanwhile: an event, and the active keys are read again.
                switch signer.state(of: key.keyID) {
                case .revoked?:
                    activeKeys = nil
                    emit(.revoked, teamID: key.teamID, keyID: key.keyID, detail: "key \(key.keyID) was revoked; it signs no more")
                case .retired?:
                    activeKeys = nil
                    emit(.retired, teamID: key.teamID, keyID: key.keyID,
                         detail: "key \(key.keyID) was rotated away; its successor signs")
                default:
                    retryAfter[key.keyID] = now + 10
                    emit(.failed, teamID: key.teamID, keyID: key.keyID,
                         detail: "signing failed: \((error as? APNsError)?.message ?? String(describing: error))")
                }
            }
        }
    }

    /// Carries out the plan, then applies the 55-minute rule and writes the metrics.
    mutating func reconcile() throws {
        let now = self.now
        for action in state.plan(now: now) {
            switch action {
            case .write(let file, let served):
                try SecureFile.write(Array(served.token.utf8) + [0x0A], to: path(file), mode: 0o640, overwrite: true,
                                     group: agent.options.group)
                emit(.written, file: file, teamID: served.teamID, keyID: served.keyID, issuedAt: served.issuedAt)
            case .remove(let file, let reason):
                unlink(path(file))
                emit(.removed, file: file, detail: reason)
                metrics.removedFiles.insert(file)
            }
            if case .write(let file, _) = action { metrics.removedFiles.remove(file) }
            state.commit(action)
            metrics.lastUpdate = now
        }
        // A record this old was not replaced in time: no signer, or etcd out of reach since.
        let stale = state.records.values.contains { now - $0.record.issuedAt >= AgentState.maximumAge }
        metrics.healthy = !stale
        try writeMetrics(now)
        if let lostSince, stale {
            let minutes = (now - lostSince) / 60
            let message = "etcd (\(agent.feed.location)) has been out of reach for \(minutes) minutes and the tokens "
                + "it last gave are 55 minutes old: their files were removed"
            emit(.failed, detail: message)
            throw APNsError.unreachable(message, hint: "bring etcd back (`etcdctl endpoint health`); restart the agent "
                                            + "then, and check that a signing agent is running")
        }
    }

    func path(_ file: String) -> String { agent.options.directory + "/" + file }

    /// The next time (unix seconds, after `now`) a time rule has work (``AgentSchedule``).
    func nextDeadline(after now: Int64) -> Int64? {
        let metricsDue = agent.options.metricsFile != nil && !state.served.isEmpty ? lastMetricsWrite + Self.ageRefresh : nil
        return AgentSchedule.nextDeadline(after: now, state: state, refreshAfter: agent.signer?.refreshAfter,
                                          activeKeys: activeKeys, retryAfter: retryAfter, metricsDue: metricsDue)
    }

    /// Seconds between two writes of the metrics file when only the tokens' ages moved: every other change is
    /// written at once. Each write replaces a file on disk, and at one write a tick it was the idle agent's whole
    /// cost (Benchmarks case 10a); the alert rules read the issued timestamps, which do not move.
    static let ageRefresh: Int64 = 30

    mutating func writeMetrics(_ now: Int64) throws {
        guard let file = agent.options.metricsFile else { return }
        let text = metrics.text(state: state, now: now)
        guard text != lastMetrics else { return }
        let stable = text.split(separator: "\n").filter { !$0.hasPrefix("apnsctl_token_agent_token_age_seconds{") }
        if stable == lastMetricsStable, now - lastMetricsWrite < Self.ageRefresh { return }
        try SecureFile.write(Array(text.utf8), to: file, mode: 0o644, overwrite: true)
        lastMetrics = text
        lastMetricsStable = stable
        lastMetricsWrite = now
    }

    func emit(_ kind: TokenAgent.Event.Kind, file: String? = nil, teamID: String? = nil, keyID: String? = nil,
              issuedAt: Int64? = nil, detail: String? = nil) {
        agent.report(TokenAgent.Event(kind: kind, time: now, file: file, teamID: teamID, keyID: keyID,
                                      issuedAt: issuedAt, detail: detail))
    }
}
