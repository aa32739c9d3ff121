import APNsCurl

/// Leases kept alive from a thread of their own, never from a task: a concurrency pool kept busy by the work under
/// a lease cannot let it lapse.
extension EtcdBlockingClient {
    /// Starts a thread that runs `renew` every `period` (on calls that the returned handle stops) until the handle
    /// is cancelled or `renew` returns false. Cancelling the handle ends the pause, or the renewal in flight, at once.
    func startRenewals(every period: Duration,
                       _ renew: @escaping @Sendable (EtcdBlockingClient) -> Bool) throws -> EtcdCancellation {
        let stop = EtcdCancellation()
        let renewals = client.blocking(cancellation: stop)
        do throws(CurlThread.StartError) {
            try CurlThread.detach {
                while (try? stop.pause(for: period)) != nil, renew(renewals) {}
            }
        } catch {
            throw EtcdFailure.transport(error.description)
                .apnsError(at: client.currentEndpoint, user: client.configuration.credentials?.user)
        }
        return stop
    }

    /// Runs `body` while a thread of its own renews `lease` every `period`; the renewals stop when `body` returns
    /// or throws. A renewal that fails is not retried early: the next one comes a period later, and a lease that
    /// lapsed shows in the keys and locks it carried.
    public func renewing<T>(lease: Int64, every period: Duration, _ body: () throws -> T) throws -> T {
        let stop = try startRenewals(every: period) { calls in
            _ = try? calls.keepAlive(lease: lease)
            return true
        }
        defer { stop.cancel() }
        return try body()
    }

    /// Starts renewing `lease` at every member every `period` (``keepAliveAtEveryMember(lease:wait:)``) on a
    /// thread of its own, and returns the handle that stops it: cancelling it ends the pause or the renewal in
    /// flight at once. A renewal that fails is not retried early; a lease that lapsed shows in the keys it carried.
    public func renewingAtEveryMember(lease: Int64, every period: Duration, wait: Duration) throws -> EtcdCancellation {
        try startRenewals(every: period) { calls in
            _ = try? calls.keepAliveAtEveryMember(lease: lease, wait: wait)
            return true
        }
    }
}
