import APNsKeystore
import APNsTokens

/// When the agent's time rules next have work, so that on the wall clock it sleeps until then instead of ticking.
/// Pure: the loop hands in what it holds.
public enum AgentSchedule {
    /// The next time (unix seconds, after `now`) a time rule has work: a record or served token reaching 55
    /// minutes; with `refreshAfter` (a signing agent), an active key's token due for a refresh (or its retry, when
    /// later), and the active keys read again 5 s on when they could not be read (`activeKeys` nil); the metrics
    /// file's token ages due again (`metricsDue`). Nil when nothing waits on the clock.
    public static func nextDeadline(after now: Int64, state: AgentState, refreshAfter: RefreshInterval?,
                                    activeKeys: [KeyRecord]?, retryAfter: [String: Int64], metricsDue: Int64?) -> Int64? {
        var deadlines = state.records.values.map { $0.record.issuedAt + AgentState.maximumAge }
            + state.served.values.map { $0.issuedAt + AgentState.maximumAge }
        if let refreshAfter {
            if activeKeys == nil { deadlines.append(now + 5) }
            for key in activeKeys ?? [] {
                let issued = state.records[key.keyID]?.record.issuedAt ?? now
                deadlines.append(max(issued + Int64(refreshAfter.seconds), retryAfter[key.keyID] ?? 0))
            }
        }
        if let metricsDue { deadlines.append(metricsDue) }
        return deadlines.filter { $0 > now }.min()
    }

    /// How long to sleep at `now` (unix seconds, with fraction) for `deadline`: just past it, never less than
    /// `shortest` (no busy loop on a deadline that passed) nor more than `longest` (nil: `longest`).
    public static func sleep(now: Double, until deadline: Int64?, shortest: Duration, longest: Duration) -> Duration {
        guard let deadline else { return longest }
        let milliseconds = ((Double(deadline) - now) * 1000).rounded(.up) + 1
        return min(max(.milliseconds(Int64(min(milliseconds, 1e12))), shortest), longest)
    }
}
