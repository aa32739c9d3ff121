import APNsCore
import APNsMetrics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A token agent's state as Prometheus text (the textfile collector's format, `--metrics FILE`).
public struct AgentMetrics: Sendable, Equatable {
    /// Whether the last attempt to reach etcd succeeded (the watch is running).
    public var etcdUp = false
    /// False once a served token has reached 55 minutes, or the agent gave up.
    public var healthy = true
    /// When a token file was last written or removed (unix seconds; 0: never).
    public var lastUpdate: Int64 = 0
    /// When etcd was last reachable (unix seconds; 0: never).
    public var lastContact: Int64 = 0
    /// Signatures this agent made (signing agents).
    public var signatures = 0
    /// Files this agent served and then removed (no live token of an active key feeds them any more).
    public var removedFiles: Set<String> = []

    public init() {}

    /// The exposition text at `now`, with one age per served file.
    public func text(state: AgentState, now: Int64) -> String {
        var gauges = GaugeExposition()
        gauges.add("apnsctl_token_agent_etcd_up", help: "1 when the agent's watch of etcd is running, 0 when etcd is out of reach.",
                   [([], etcdUp ? 1 : 0)])
        gauges.add("apnsctl_token_agent_healthy", help: "1 while every served token is younger than 55 minutes.",
                   [([], healthy ? 1 : 0)])
        gauges.add("apnsctl_token_agent_last_update_timestamp_seconds", help: "When a token file was last written or removed.",
                   [([], Double(lastUpdate))])
        gauges.add("apnsctl_token_agent_last_contact_timestamp_seconds", help: "When etcd last answered the agent.",
                   [([], Double(lastContact))])
        gauges.add("apnsctl_token_agent_signatures", help: "Provider tokens this agent signed since it started (0 unless it is a signing agent).",
                   [([], Double(signatures))])
        let files = state.served.sorted { $0.key < $1.key }
        func labels(_ file: String, _ served: AgentState.Served) -> [(String, String)] {
            [("file", file), ("team_id", served.teamID), ("environment", served.environment), ("key_id", served.keyID)]
        }
        gauges.add("apnsctl_token_agent_token_age_seconds", help: "Age of the token each file serves.",
                   files.map { (labels($0.key, $0.value), Double(now - $0.value.issuedAt)) })
        gauges.add("apnsctl_token_agent_token_issued_timestamp_seconds", help: "The iat of the token each file serves.",
                   files.map { (labels($0.key, $0.value), Double($0.value.issuedAt)) })
        let present = files.map { ([("file", $0.key)], 1.0) } + removedFiles.sorted().map { ([("file", $0)], 0.0) }
        gauges.add("apnsctl_token_agent_file_present", help: "1 while the agent serves the file; 0 once it removed it "
                       + "(its key was revoked, or rotated away leaving the slot without a key, or its token aged out).",
                   present.sorted { $0.0[0].1 < $1.0[0].1 })
        return gauges.text
    }
}
